/**
 * Sold-out and unavailable products in the bag (decisions.md §26), with the RPC mocked and the
 * real wasm-core: a line the server said is sold out is marked 'Esgotado' and named, and the
 * checkout waits until it is removed; a refusal for stock makes the checkout read the bag's
 * products again, so the review names what sold out ('Esgotado') or went away ('Indisponível')
 * and 'Finalizar Compra' waits.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MockReply } from '@/test/fixtures';
import { ALFACE, BUYER, FORN, MANDIOCA, signInAs } from '@/test/shop';
import { api, continueToSummary, fill, finishWith, openBag, renderShop, registerShopHooks } from '../testing/shop';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

registerShopHooks();

describe('sold out in the bag', () => {
  it("a sold-out line says 'Esgotado', is named, and 'Continuar Compra' waits until it is removed", async () => {
    api();
    signInAs(BUYER);
    fill([
      [{ ...ALFACE, estoque: 0, esgotado: true }, 3, null],
      [MANDIOCA, 1, null],
    ]);
    const user = userEvent.setup();
    renderShop();
    const bag = await openBag(user);
    const [alface, mandioca] = within(bag).getAllByTestId('item-sacola');
    expect(within(alface).getByTestId('linha-bloqueada').textContent).toBe('Esgotado');
    expect(within(mandioca).queryByTestId('linha-bloqueada')).toBeNull();
    expect(within(bag).getByTestId('sacola-bloqueada').textContent).toBe('Alface crespa esgotou. Remova o produto da sacola para continuar.');
    const continuar = within(bag).getByRole('button', { name: 'Continuar Compra' }) as HTMLButtonElement;
    expect(continuar.disabled).toBe(true);

    await user.click(within(bag).getByRole('button', { name: 'Remover alface crespa' }));
    expect(within(bag).queryByTestId('sacola-bloqueada')).toBeNull();
    await waitFor(() => expect((within(bag).getByRole('button', { name: 'Continuar Compra' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it("a stock refusal: the products are read again; the review names them and 'Finalizar Compra' waits", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = api(FORN, {
      finalizar_pedido: { status: 409, body: { error: 'Estoque insuficiente para alface crespa', codigo_erro: 'estoque_insuficiente' } },
      pegar_produto_url_site: (b): MockReply<'pegar_produto_url_site'> =>
        b.id === ALFACE.id
          ? { body: { item: { ...ALFACE, estoque: 0, esgotado: true, dadosforn: FORN } } }
          : { status: 404, body: { error: 'Página não encontrada', codigo_erro: 'nao_encontrado' } },
    });
    signInAs(BUYER);
    fill([
      [ALFACE, 3, null],
      [MANDIOCA, 1, null],
    ]);
    const user = userEvent.setup();
    renderShop();
    await finishWith(user, await continueToSummary(user, 'Retirada'), 'Presencial');
    const err = await screen.findByRole('dialog', { name: 'Não foi possível finalizar' });
    expect(within(err).getByRole('alert').textContent).toBe('Estoque insuficiente para alface crespa');
    await waitFor(() => expect(calls.filter((c) => c.codigo === 'pegar_produto_url_site')).toHaveLength(2));
    await user.click(within(err).getByRole('button', { name: 'Revisar pedido' }));

    const pay = await screen.findByRole('dialog', { name: 'Pagamento' });
    expect((await within(pay).findByTestId('sacola-bloqueada')).textContent).toBe(
      'Alface crespa esgotou. Mandioca não está mais disponível. Remova os produtos da sacola para continuar.',
    );
    expect((within(pay).getByRole('button', { name: 'Finalizar Compra' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((c) => c.codigo === 'finalizar_pedido')).toHaveLength(1);
  });
});
