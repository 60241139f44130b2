/**
 * 'Dias e horários' in the Delivery settings (decisions.md §36), with the real wasm-core and the
 * RPC mocked: the stored windows and cut-off are shown; a window that ends before it starts,
 * overlapping windows and a cut-off after the delivery are refused with their message before
 * anything is sent, nothing typed is lost; a good form is sent as `entregas_edit`'s `dias`.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/fixtures';
import { FORN, renderPanel } from '../testing';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

const dayList = {
  janelas: [{ tipo: 'entrega' as const, dia_semana: 2, inicio: '08:00', fim: '12:00' }],
  corte_horas: null,
  corte_dias: 1,
  corte_hora: '18:00',
};
const delivery = { ...FORN.extensoes.delivery, entrega: '12', dias: dayList };
const supplier = { ...FORN, extensoes: { ...FORN.extensoes, delivery } };

async function open() {
  const { calls } = mockApi({
    loading_forn_site: { body: { infos: supplier } },
    pegar_entregas_pendentes: { body: { entregas: [], pendentes: 0 } },
    entregas_edit: { body: { ok: true, delivery } },
  });
  const user = userEvent.setup();
  renderPanel();
  await user.click(await screen.findByRole('button', { name: 'Delivery' }));
  await screen.findByText('Dias e horários');
  return { calls, user };
}

/** Presses 'Salvar' until wasm-core has loaded and something answers (an alert or the saved dialog). */
async function save(user: ReturnType<typeof userEvent.setup>, expectAlert: boolean) {
  await waitFor(
    async () => {
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      if (expectAlert) expect(await screen.findByRole('alert', {}, { timeout: 300 })).toBeTruthy();
      else expect(await screen.findByText('Suas alterações foram salvas com sucesso', {}, { timeout: 300 })).toBeTruthy();
    },
    { timeout: 10_000 },
  );
}

describe('Dias e horários', () => {
  it('shows the stored windows and cut-off', async () => {
    await open();
    const [row] = screen.getAllByTestId('janela');
    expect((within(row).getByLabelText('Tipo') as HTMLSelectElement).value).toBe('entrega');
    expect((within(row).getByLabelText('Dia da semana') as HTMLSelectElement).value).toBe('2');
    expect((within(row).getByLabelText('Início') as HTMLInputElement).value).toBe('08:00');
    expect((within(row).getByLabelText('Fim') as HTMLInputElement).value).toBe('12:00');
    expect((screen.getByLabelText('Prazo para pedidos') as HTMLSelectElement).value).toBe('dias');
    expect((screen.getByLabelText('Até as') as HTMLInputElement).value).toBe('18:00');
    // The saved days as the buyer reads them (wasm-core's summary).
    const saved = await screen.findByRole('list', { name: 'Dias salvos' });
    expect(saved.textContent).toBe('Entrega: Terça, 8h–12h (pedidos até 18h do dia anterior)');
  });

  it('refuses a window that ends before it starts, overlapping windows and a cut-off after the delivery, keeping what was typed', async () => {
    const { calls, user } = await open();
    const [row] = screen.getAllByTestId('janela');
    const end = within(row).getByLabelText('Fim') as HTMLInputElement;
    await user.clear(end);
    await user.type(end, '07:00');
    await save(user, true);
    expect(screen.getByRole('alert').textContent).toBe('A janela de entrega de terça-feira, 8h–7h termina antes de começar.');
    expect(end.value).toBe('07:00');

    await user.clear(end);
    await user.type(end, '12:00');
    await user.click(screen.getByRole('button', { name: 'Adicionar horário' }));
    const second = screen.getAllByTestId('janela')[1];
    const inicio2 = within(second).getByLabelText('Início') as HTMLInputElement;
    await user.clear(inicio2);
    await user.type(inicio2, '11:00');
    const fim2 = within(second).getByLabelText('Fim') as HTMLInputElement;
    await user.clear(fim2);
    await user.type(fim2, '14:00');
    await save(user, true);
    expect(screen.getByRole('alert').textContent).toBe('As janelas de entrega de terça-feira, 8h–12h e 11h–14h se sobrepõem.');

    await user.click(within(second).getByRole('button', { name: 'Remover' }));
    await user.selectOptions(screen.getByLabelText('Prazo para pedidos'), 'dias');
    const diasAntes = screen.getByLabelText('Dias antes (1 = dia anterior)') as HTMLInputElement;
    await user.clear(diasAntes);
    await user.type(diasAntes, '0');
    const untilDate = screen.getByLabelText('Até as') as HTMLInputElement;
    await user.clear(untilDate);
    await user.type(untilDate, '10:00');
    await save(user, true);
    expect(screen.getByRole('alert').textContent).toBe('O prazo para pedidos termina depois do início da entrega de terça-feira, 8h–12h.');
    expect(calls.some((c) => c.codigo === 'entregas_edit')).toBe(false);
  });

  it('sends the windows and the cut-off as typed', async () => {
    const { calls, user } = await open();
    await user.click(screen.getByRole('button', { name: 'Adicionar horário' }));
    const second = screen.getAllByTestId('janela')[1];
    await user.selectOptions(within(second).getByLabelText('Tipo'), 'retirada');
    await user.selectOptions(within(second).getByLabelText('Dia da semana'), '6');
    await save(user, false);
    const sent = calls.find((c) => c.codigo === 'entregas_edit')!.body.form as { dias: unknown };
    expect(sent.dias).toEqual({
      janelas: [
        { tipo: 'entrega', dia_semana: '2', inicio: '08:00', fim: '12:00' },
        { tipo: 'retirada', dia_semana: '6', inicio: '08:00', fim: '12:00' },
      ],
      corte_tipo: 'dias',
      corte_horas: '',
      corte_dias: '1',
      corte_hora: '18:00',
    });
  });
});
