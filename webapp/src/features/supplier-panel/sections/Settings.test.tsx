/**
 * Delivery settings and Visibilidade with the real wasm-core and the RPC mocked: the per-km
 * messages in the spec's order, the form sent to `entregas_edit`, fee fields disabled while
 * delivery is off; the visibility confirmations and badges.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, type MockAnswers } from '@/test/fixtures';
import { FORN, renderPanel } from '../testing';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

const base = { loading_forn_site: { body: { infos: FORN } }, pegar_entregas_pendentes: { body: { entregas: [], pendentes: 0 } } } satisfies MockAnswers;

describe('Delivery', () => {
  it('per-km messages from wasm-core, then entregas_edit with the typed form', async () => {
    const { calls } = mockApi({ ...base, entregas_edit: () => ({ body: { ok: true, delivery: { ...FORN.extensoes.delivery, entrega: '1', pedidominimoentrega: 30, latitude: -22.7, longitude: -47.6 } } }) });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Delivery' }));
    const salvar = await screen.findByRole('button', { name: 'Salvar' });
    expect((screen.getByLabelText('Pedido mínimo para entrega (R$)') as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Entrega' }));
    expect((screen.getByLabelText('Pedido mínimo para entrega (R$)') as HTMLInputElement).disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Taxa por Km' }));
    await waitFor(() => expect((salvar as HTMLButtonElement).disabled).toBe(false));
    await user.click(salvar);
    expect(screen.getByRole('alert').textContent).toBe('Insira um preço por Km válido e maior que zero!');
    await user.type(screen.getByLabelText('Preço por Km (R$)'), '1,5');
    await user.click(salvar);
    expect(screen.getByRole('alert').textContent).toBe('Preencha o endereço de partida completo para usar a taxa por Km.');
    await user.type(screen.getByLabelText('Rua de partida'), 'Rua Boa Morte');
    await user.type(screen.getByLabelText('Número de partida'), '12A');
    await user.click(screen.getByRole('button', { name: 'Escolher cidade' }));
    expect(screen.getByRole('dialog', { name: 'Selecione uma cidade' })).toBeTruthy();
    await user.click(within(screen.getByRole('dialog', { name: 'Selecione uma cidade' })).getByRole('button', { name: 'Fechar' }));
    await user.click(salvar);
    expect(screen.getByRole('alert').textContent).toBe('Preencha o endereço de partida completo para usar a taxa por Km.');
    expect(calls.some((c) => c.codigo === 'entregas_edit')).toBe(false);
    // Clicking the chosen fee type again turns it off: no fee, nothing to check.
    await user.click(screen.getByRole('button', { name: 'Taxa por Km' }));
    await user.type(screen.getByLabelText('Pedido mínimo para entrega (R$)'), '30');
    await user.click(salvar);
    await screen.findByText('Suas alterações foram salvas com sucesso');
    expect(calls.find((c) => c.codigo === 'entregas_edit')!.body.form).toMatchObject({ entrega: '1', taxaTipo: '', pedidominimoentrega: '30' });
  });
});

describe('Visibilidade', () => {
  it("asks 'Ocultar perfil?' and shows the hidden badge; 'Desativar compras?' adds 'Compras desativadas'", async () => {
    const { calls } = mockApi({ ...base, alterar_visibilidade: { body: { ok: true, oculto: true } }, alterar_compras: { body: { ok: true, compras: true } } });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('tab', { name: 'Visibilidade' }));
    expect(screen.getByText('Perfil e produtos ativos')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Perfil visível' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Ocultar perfil?' })).getByRole('button', { name: 'Sim' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(screen.getByText('Perfil e produtos ocultos')).toBeTruthy();
    expect(calls.find((c) => c.codigo === 'alterar_visibilidade')!.body.oculto).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Compras ativas' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Desativar compras?' })).getByRole('button', { name: 'Sim' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(screen.getByText('Compras desativadas')).toBeTruthy();
  });
});
