/**
 * The delivery or pickup date at checkout (decisions.md §36), with the RPC mocked, the real
 * wasm-core and the clock set to Saturday 2026-11-28 10:00 in São Paulo: a store with pickup on
 * Tuesdays 8h–12h (orders until 18h the day before) offers the next two Tuesdays; 'Continuar'
 * waits for a choice; the order carries it; a refusal saying it is no longer offered clears the
 * choice and reads the store again. A store without days shows no picker and sends no date.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALFACE, BUYER, dadosforn, FORN, signInAs } from '@/test/shop';
import { api, continueToSummary, fill, finishWith, renderShop, registerShopHooks } from '../testing/shop';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

registerShopHooks();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 13:00 UTC = 10:00 in São Paulo (UTC−3), a Saturday.
  vi.setSystemTime(new Date('2026-11-28T13:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const COM_DIAS = dadosforn(
  {},
  {
    dias: {
      janelas: [{ tipo: 'retirada', dia_semana: 2, inicio: '08:00', fim: '12:00' }],
      corte_horas: null,
      corte_dias: 1,
      corte_hora: '18:00',
    },
  },
);

describe('delivery date at checkout', () => {
  it('offers the next Tuesdays for pickup, waits for a choice and sends it', async () => {
    const { calls } = api(COM_DIAS, { finalizar_pedido: { status: 400, body: { error: 'Recusado.', codigo_erro: 'dados_invalidos' } } });
    signInAs(BUYER);
    fill([[ALFACE, 3, null]], COM_DIAS);
    const user = userEvent.setup();
    renderShop();
    const summary = await continueToSummary(user, 'Retirada');
    const picker = await within(summary).findByRole('group', { name: 'Data e horário da retirada' });
    const options = within(picker).getAllByRole('radio');
    expect(options.map((o) => o.parentElement!.textContent!.trim())).toEqual([
      'Terça-feira, 1 de dezembro, 8h–12h',
      'Terça-feira, 8 de dezembro, 8h–12h',
    ]);
    const continuar = within(summary).getByRole('button', { name: 'Continuar' }) as HTMLButtonElement;
    expect(continuar.disabled).toBe(true);
    await user.click(within(picker).getByRole('radio', { name: 'Terça-feira, 1 de dezembro, 8h–12h' }));
    expect(continuar.disabled).toBe(false);
    await finishWith(user, summary, 'Presencial');
    await waitFor(() => expect(calls.some((c) => c.codigo === 'finalizar_pedido')).toBe(true));
    expect(calls.find((c) => c.codigo === 'finalizar_pedido')!.body).toMatchObject({
      entrega: false,
      data_entrega: '2026-12-01',
      janela_inicio: '08:00',
      janela_fim: '12:00',
    });
  });

  it('a date no longer offered: the message, the choice cleared and the store read again', async () => {
    const { calls } = api(COM_DIAS, {
      finalizar_pedido: {
        status: 409,
        body: { error: 'Esta data de retirada não está mais disponível. Escolha outra.', codigo_erro: 'data_indisponivel' },
      },
    });
    signInAs(BUYER);
    fill([[ALFACE, 3, null]], COM_DIAS);
    const user = userEvent.setup();
    renderShop();
    const summary = await continueToSummary(user, 'Retirada');
    await user.click(await within(summary).findByRole('radio', { name: 'Terça-feira, 8 de dezembro, 8h–12h' }));
    await finishWith(user, summary, 'Presencial');
    const errorMessage = await screen.findByRole('dialog', { name: 'Não foi possível finalizar' });
    expect(within(errorMessage).getByText('Esta data de retirada não está mais disponível. Escolha outra.')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.codigo === 'pegar_dadosforn').length).toBe(2));
    // Back to the payment, then the summary: no date is chosen any more.
    await user.click(within(errorMessage).getByRole('button', { name: 'Revisar pedido' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Pagamento' })).getByRole('button', { name: 'Voltar' }));
    const again = await screen.findByRole('dialog', { name: 'Resumo do pedido' });
    expect(within(again).getAllByRole('radio').every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    expect((within(again).getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a store without days: no picker, no date sent', async () => {
    const { calls } = api(FORN, { finalizar_pedido: { status: 400, body: { error: 'Recusado.', codigo_erro: 'dados_invalidos' } } });
    signInAs(BUYER);
    fill([[ALFACE, 3, null]]);
    const user = userEvent.setup();
    renderShop();
    const summary = await continueToSummary(user, 'Retirada');
    expect(within(summary).queryByRole('group', { name: /Data e horário/ })).toBeNull();
    await finishWith(user, summary, 'Presencial');
    await waitFor(() => expect(calls.some((c) => c.codigo === 'finalizar_pedido')).toBe(true));
    expect(calls.find((c) => c.codigo === 'finalizar_pedido')!.body).not.toHaveProperty('data_entrega');
  });
});
