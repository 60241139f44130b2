/**
 * The checkout without a connection: the bag still opens with its lines, the drawer
 * says that finishing the order needs a connection, the steps that need no server still work
 * (the choices made stay), 'Finalizar Compra' sends nothing while offline, and works once the
 * connection is back.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SEM_CONEXAO_PEDIDO } from '@/lib/online';
import { ALFACE, BUYER, pedido, signInAs, TOMATE } from '@/test/shop';
import { api, continueToSummary, fill, openBag, renderShop, registerShopHooks } from '../testing/shop';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

registerShopHooks();

/** Sets what `navigator.onLine` says and tells the page, as the browser does. */
function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('checkout offline', () => {
  it('keeps the bag, says a connection is needed, and sends nothing until it is back', async () => {
    const { calls } = api(undefined, { finalizar_pedido: { body: { all: pedido('o1') } } });
    signInAs(BUYER);
    fill([
      [ALFACE, 3, null],
      [TOMATE, 2, '1 kg'],
    ]);
    const user = userEvent.setup();
    renderShop();
    const summary = await continueToSummary(user, 'Retirada');
    await user.click(within(summary).getByRole('button', { name: 'Continuar' }));
    const pay = await screen.findByRole('dialog', { name: 'Pagamento' });
    await user.click(within(pay).getByRole('radio', { name: 'Presencial' }));

    setOnline(false);
    expect(within(pay).getByRole('alert').textContent).toBe(SEM_CONEXAO_PEDIDO);
    const finalizar = within(pay).getByRole('button', { name: 'Finalizar Compra' }) as HTMLButtonElement;
    expect(finalizar.disabled).toBe(true);
    expect((within(pay).getByRole('radio', { name: 'Presencial' }) as HTMLInputElement).checked).toBe(true);
    expect(calls.some((c) => c.codigo === 'finalizar_pedido')).toBe(false);

    setOnline(true);
    expect(within(pay).queryByText(SEM_CONEXAO_PEDIDO)).toBeNull();
    expect(finalizar.disabled).toBe(false);
    await user.click(finalizar);
    expect(await screen.findByRole('dialog', { name: 'Pedido realizado' })).toBeTruthy();
    expect(calls.filter((c) => c.codigo === 'finalizar_pedido')).toHaveLength(1);
  });

  it('opens the bag offline with its lines and the message', async () => {
    api();
    signInAs(BUYER);
    fill([[ALFACE, 3, null]]);
    const user = userEvent.setup();
    renderShop();
    setOnline(false);
    const bag = await openBag(user);
    expect(within(bag).getAllByTestId('item-sacola')).toHaveLength(1);
    expect(within(bag).getByTestId('sem-conexao-pedido').textContent).toBe(SEM_CONEXAO_PEDIDO);
  });
});
