/**
 * Delivery, with the real wasm-core and the RPC mocked: stored amounts come back as a Brazilian
 * types them ('2,50', not 2.5), and saving sends what the fields hold.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/fixtures';
import { FORN, renderPanel } from '../testing';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

const delivery = {
  ...FORN.extensoes.delivery,
  entrega: '12', taxaTipo: 'porKm' as const, taxaPorKm: 2.5, pedidominimoentrega: 30, pedidominimoretirada: 12.9,
  enderecoRua: 'Estrada Municipal PIR-164', enderecoNumero: '2450', enderecoCidade: 'Piracicaba, SP',
  descricaoentrega: 'Terças e sextas.', descricaoretirada: 'No sítio.',
};
const supplier = { ...FORN, extensoes: { ...FORN.extensoes, delivery } };

describe('Delivery', () => {
  it("shows stored amounts with a comma and two decimals ('2,50', '30,00', '12,90')", async () => {
    const { calls } = mockApi({
      loading_forn_site: { body: { infos: supplier } },
      pegar_entregas_pendentes: { body: { entregas: [], pendentes: 0 } },
      entregas_edit: { body: { ok: true, delivery } },
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Delivery' }));
    await screen.findByLabelText('Preço por Km (R$)'); // the section is a lazy chunk
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    expect(value('Preço por Km (R$)')).toBe('2,50');
    expect(value('Pedido mínimo para entrega (R$)')).toBe('30,00');
    expect(value('Pedido mínimo para retirada (R$)')).toBe('12,90');
    // 'Salvar' acts once the wasm core has loaded.
    await waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('Suas alterações foram salvas com sucesso', {}, { timeout: 300 })).toBeTruthy();
    }, { timeout: 10_000 });
    expect(calls.find((c) => c.codigo === 'entregas_edit')!.body.form).toMatchObject({ taxaPorKm: '2,50', pedidominimoentrega: '30,00' });
  });

  it('a maximum distance asks for the start address (CEP filling it) and is saved; the message when it is missing', async () => {
    const plain = { ...FORN.extensoes.delivery, entrega: '12', taxaTipo: 'fixa' as const, taxaentrega: 5 };
    const { calls } = mockApi({
      loading_forn_site: { body: { infos: { ...FORN, extensoes: { ...FORN.extensoes, delivery: plain } } } },
      pegar_entregas_pendentes: { body: { entregas: [], pendentes: 0 } },
      consultar_cep: { body: { cep: '13417-780', rua: 'Estrada Municipal PIR-164', bairro: 'Santa Rosa', cidade: 'Piracicaba, SP' } },
      entregas_edit: { body: { ok: true, delivery: { ...plain, distanciamaxima: 30 } } },
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Delivery' }));
    const km = await screen.findByLabelText('Distância máxima de entrega em km (opcional)');
    expect(screen.queryByLabelText('Rua de partida')).toBeNull();
    await user.type(km, '3a0');
    expect((km as HTMLInputElement).value).toBe('30');
    await waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByRole('alert', {}, { timeout: 300 })).toBeTruthy();
    }, { timeout: 10_000 });
    expect(screen.getByRole('alert').textContent).toBe('Preencha o endereço de partida completo para limitar a distância de entrega.');
    await user.type(screen.getByLabelText('CEP'), '13417780');
    await waitFor(() => expect((screen.getByLabelText('Rua de partida') as HTMLInputElement).value).toBe('Estrada Municipal PIR-164'));
    expect((screen.getByLabelText('Bairro de partida') as HTMLInputElement).value).toBe('Santa Rosa');
    await user.type(screen.getByLabelText('Número de partida'), '2450');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.codigo === 'entregas_edit')).toBe(true));
    expect(calls.find((c) => c.codigo === 'entregas_edit')!.body.form).toMatchObject({
      distanciamaxima: '30',
      enderecoCep: '13417-780',
      enderecoBairro: 'Santa Rosa',
      enderecoCidade: 'Piracicaba, SP',
      enderecoNumero: '2450',
    });
  });
});
