/**
 * The store's screens with the real wasm-core and the RPC mocked at `fetch`: 'Detalhes da
 * Entrega' shows the bairro and the CEP; the history's rows carry their status and total and load
 * the next page with 'Carregar mais'; the requested withdrawal says what arrives and the fee; the
 * store's reviews are listed in Gestão with their reply; the new store's checklist ticks right
 * after a save.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Answer } from '@/lib/rpc';
import { mockApi, type MockAnswers } from '@/test/fixtures';
import { FORN, pagamentos, pedido, renderPanel } from '../testing';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

const base = {
  loading_forn_site: { body: { infos: FORN } },
  pegar_entregas_pendentes: { body: { entregas: [], pendentes: 0 } },
  pegar_ticket_eventos: { body: { ticket: 'tk-1', validade_segundos: 60 } },
} satisfies MockAnswers;

async function openSection(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }));
  return screen.findByRole('heading', { level: 1, name });
}

describe('store screens', () => {
  it("'Detalhes da Entrega' shows the bairro and the CEP", async () => {
    mockApi({
      ...base,
      pegar_entregas_pendentes: { body: { entregas: [pedido('o1', { bairro: 'Centro', cep: '13400-390', complemento: 'Casa 2' })], pendentes: 1 } },
    });
    const user = userEvent.setup();
    renderPanel();
    await openSection(user, 'Entregas');
    await user.click(await screen.findByRole('button', { name: 'Detalhes' }));
    expect(screen.getByTestId('endereco-entrega').textContent).toBe('Rua A, 10 — Centro — Piracicaba, SP — CEP 13400-390 — Casa 2');
  });

  it("the history's rows show their status and total, and 'Carregar mais' brings the next page", async () => {
    const first: Answer<'pegar_entregas'> = {
      all: { h1: pedido('h1', { cliente_nome: 'Bia', situacao: '2', total_pago: 25 }), h2: pedido('h2', { cliente_nome: 'Caio', situacao: '1', total_pago: 12.3 }) },
      anos: [2026],
      proximo: 'c2',
    };
    const second: Answer<'pegar_entregas'> = { all: { h3: pedido('h3', { cliente_nome: 'Davi Depois', situacao: '00', total_pago: 7.5 }) }, anos: [2026] };
    const { calls } = mockApi({
      ...base,
      pegar_entregas: (body) => ({ body: body.cursor === 'c2' ? second : first }),
    });
    const user = userEvent.setup();
    renderPanel();
    await openSection(user, 'Entregas');
    await user.click(screen.getByRole('tab', { name: 'Histórico de Entregas' }));
    const list = await screen.findByRole('list', { name: 'Histórico' });
    const row = (name: string) => within(list).getAllByRole('listitem').find((li) => li.textContent?.includes(name))!;
    await waitFor(() => expect(row('Bia')).toBeTruthy());
    expect(within(row('Bia')).getByTestId('entrega-status').textContent).toBe('Entrega confirmada');
    expect(within(row('Bia')).getByTestId('entrega-total').textContent).toBe('R$ 25,00');
    expect(within(row('Caio')).getByTestId('entrega-status').textContent).toBe('Aguardando entrega');
    expect(within(row('Caio')).getByTestId('entrega-total').textContent).toBe('R$ 12,30');

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(row('Davi Depois')).getByTestId('entrega-status').textContent).toBe('Cancelado');
    expect(calls.filter((c) => c.codigo === 'pegar_entregas').map((c) => c.body.cursor)).toEqual([undefined, 'c2']);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('a requested withdrawal says what arrives and the fee', async () => {
    mockApi({
      ...base,
      pegar_infos_pagamentos: {
        body: { pagamentos: pagamentos({ Solicitacao: { id: 's1', valor: 100, taxa: 2, liquido: 98, chave_pix: 'chave@pix', criado_em: Date.UTC(2026, 10, 21) } }) },
      },
    });
    const user = userEvent.setup();
    renderPanel();
    await openSection(user, 'Pagamentos');
    const line = await screen.findByTestId('saque-solicitado');
    expect(line.textContent).toContain('você recebe R$ 98,00');
    expect(line.textContent).toContain('saldo de R$ 100,00 menos a taxa de R$ 2,00');
  });

  it("Gestão lists the store's reviews, each with its reply", async () => {
    const { calls } = mockApi({
      ...base,
      pegar_gestao: { body: { total: 0, pedidos: 0, produtos: [] } },
      pegar_avaliacoes: {
        body: {
          avaliacao: { media: 4.5, quantidade: 2 },
          avaliacoes: [
            { idpedido: 'o1', nota: 5, comentario: 'Ótimo!', nome: 'Ana', criado_em: Date.UTC(2026, 10, 20), editado_em: null, resposta: null, respondido_em: null },
            { idpedido: 'o2', nota: 4, comentario: 'Bom', nome: 'Beto', criado_em: Date.UTC(2026, 10, 19), editado_em: null, resposta: 'Obrigado!', respondido_em: Date.UTC(2026, 10, 19) },
          ],
        },
      },
      responder_avaliacao: { body: { ok: true } },
    });
    const user = userEvent.setup();
    renderPanel();
    await openSection(user, 'Gestão');
    const items = await screen.findAllByTestId('avaliacao-item');
    expect(items).toHaveLength(2);
    expect(within(items[1]).getByText('Obrigado!')).toBeTruthy();
    await user.type(within(items[0]).getByRole('textbox'), 'Valeu, Ana!');
    await user.click(within(items[0]).getByRole('button', { name: 'Enviar resposta' }));
    await waitFor(() => expect(calls.find((c) => c.codigo === 'responder_avaliacao')?.body).toMatchObject({ idpedido: 'o1', resposta: 'Valeu, Ana!' }));
    expect(calls.find((c) => c.codigo === 'pegar_avaliacoes')?.url).toContain(FORN.usuario);
  });

  it("the new store's checklist ticks right after a save, in the same section", async () => {
    let url = false;
    const checklist = () => ({ url, pagamentos: false, entrega: false, produto: false, completo: false });
    mockApi({
      ...base,
      loading_forn_site: () => ({ body: { infos: { ...FORN, url: 'quitanda', checklist: checklist() } } }),
      verificar_url_site: { body: { exist: false, id: null, url: 'quitanda' } },
      criar_site: () => {
        url = true;
        return { body: { ok: true, url: 'quitanda', paleta: 1 } };
      },
    });
    const user = userEvent.setup();
    renderPanel();
    const steps = await screen.findByRole('region', { name: 'Sua loja em poucos minutos' });
    expect(within(steps).getByText(/0 de 4 passos concluídos\./)).toBeTruthy();
    await user.click(within(steps).getByRole('button', { name: 'Ir para Loja online' }));
    await screen.findByRole('heading', { level: 1, name: 'Loja online' });
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(within(steps).getByText(/1 de 4 passos concluídos\./)).toBeTruthy());
    expect(screen.getByRole('heading', { level: 1, name: 'Loja online' })).toBeTruthy();
  });
});
