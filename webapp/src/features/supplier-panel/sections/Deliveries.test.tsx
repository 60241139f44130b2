/**
 * Entregas with the real wasm-core and the RPC mocked at `fetch`: the tab reads exactly
 * 'Entregas Pendentes' (the live count is a separate badge), the history's years run from the
 * first order's year to now (decisions.md §14) with the current year and month as defaults, and
 * a history detail shows its situation heading (Aguardando entrega / Entrega confirmada), with
 * the buttons only while the order is pending; a refused confirmation (an unpaid Pix order, 409)
 * shows the server's message and the order stays pending.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { brazilDay } from '@/lib/time';
import { mockApi } from '@/test/fixtures';
import type { Pedido } from '../api/actions';
import { FORN, pedido, renderPanel, SUPPLIER } from '../testing';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

const now = new Date();
const first = now.getFullYear() - 2;

describe('Entregas', () => {
  it("tab 'Entregas Pendentes', history years from the first order to now, situation headings", async () => {
    const { calls } = mockApi({
      loading_forn_site: { body: { infos: { ...FORN, anos: [first] } } },
      pegar_entregas_pendentes: { body: { entregas: [pedido('o1')], pendentes: 1 } },
      pegar_entregas: { body: { all: { h1: pedido('h1', { cliente_nome: 'Bia Antiga', situacao: '1' }), h2: pedido('h2', { cliente_nome: 'Caio Feito', situacao: '2' }) }, anos: [first] } },
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: /^Entregas/ }));
    expect(await screen.findByText('João Comprador')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Entregas Pendentes' }).textContent).toBe('Entregas Pendentes1');

    await user.click(screen.getByRole('tab', { name: 'Histórico de Entregas' }));
    expect(await screen.findByText('Bia Antiga')).toBeTruthy();
    const ano = screen.getByLabelText('Ano') as HTMLSelectElement;
    expect([...ano.options].map((o) => Number(o.value))).toEqual([first, first + 1, first + 2]);
    expect(Number(ano.value)).toBe(now.getFullYear());
    expect(Number((screen.getByLabelText('Mês') as HTMLSelectElement).value)).toBe(now.getMonth() + 1);
    const sent = calls.find((c) => c.codigo === 'pegar_entregas')!.body;
    expect(sent).toMatchObject({ ano: String(now.getFullYear()), mes: String(now.getMonth() + 1).padStart(2, '0') });

    const detalhes = () => within(screen.getByRole('list', { name: 'Histórico' })).getAllByRole('button', { name: 'Detalhes' });
    // Newest first: both orders share a time, so find each by its customer.
    const rows = within(screen.getByRole('list', { name: 'Histórico' })).getAllByRole('listitem');
    const index = (name: string) => rows.findIndex((r) => r.textContent?.includes(name));
    await user.click(detalhes()[index('Bia Antiga')]);
    expect(screen.getByRole('heading', { name: 'Aguardando entrega' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Marcar como entregue' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));

    await waitFor(() => expect(detalhes()).toHaveLength(2));
    await user.click(detalhes()[index('Caio Feito')]);
    expect(screen.getByRole('heading', { name: 'Entrega confirmada' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Marcar como entregue' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar entrega' })).toBeNull();
  });

  it("a confirmation the server refuses (an unpaid Pix, 409) shows its message; the order stays", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const naoPago = 'O pagamento Pix deste pedido ainda não foi confirmado.';
    mockApi({
      loading_forn_site: { body: { infos: FORN } },
      pegar_entregas_pendentes: { body: { entregas: [pedido('o1', { pagamento: '2', status_pix: '1', txid: 'TX1' })], pendentes: 1 } },
      consultar_pagamento: { body: { pago: false, expirado: false, pix_devolvido: null } },
      confirmar_entrega: { status: 409, body: { error: naoPago, codigo_erro: 'pix_nao_pago' } },
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: /^Entregas/ }));
    await user.click(await screen.findByRole('button', { name: 'Detalhes' }));
    await user.click(screen.getByRole('button', { name: 'Marcar como entregue' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Marcar como entregue?' })).getByRole('button', { name: 'Sim' }));
    const alerta = await screen.findByRole('dialog', { name: naoPago });
    expect(within(alerta).getByRole('alert').textContent).toContain(naoPago);
    await user.click(within(alerta).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('heading', { name: 'Detalhes da Entrega' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Marcar como entregue' })).toBeTruthy();
  });

  it("the notices' link (?pedido=) to a pending order opens Entregas on its detail", async () => {
    const { calls } = mockApi({
      loading_forn_site: { body: { infos: FORN } },
      pegar_entregas_pendentes: (body) =>
        body.cursor === 'c2'
          ? { body: { entregas: [pedido('o9', { cliente_nome: 'Nina Nova' })], pendentes: 2 } }
          : { body: { entregas: [pedido('o1')], pendentes: 2, proximo: 'c2' } },
    });
    renderPanel(SUPPLIER.usuario, SUPPLIER, '?pedido=o9');
    expect(await screen.findByRole('heading', { name: 'Detalhes da Entrega' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Entregas');
    expect(screen.getByText('Nina Nova', { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Marcar como entregue' })).toBeTruthy();
    expect(calls.some((c) => c.codigo === 'pegar_entregas')).toBe(false);
  });

  it("a link to a delivered order finds it in the history of an earlier month, in Histórico de Entregas", async () => {
    // The month before this one in Brazilian time, as the panel counts months.
    const t = brazilDay();
    const before = t.mes === 1 ? { ano: t.ano - 1, mes: 12 } : { ano: t.ano, mes: t.mes - 1 };
    const wanted = { ano: String(before.ano), mes: String(before.mes).padStart(2, '0') };
    mockApi({
      loading_forn_site: { body: { infos: FORN } },
      pegar_entregas_pendentes: { body: { entregas: [], pendentes: 0 } },
      pegar_entregas: (body) =>
        body.ano === wanted.ano && body.mes === wanted.mes
          ? { body: { all: { h5: pedido('h5', { cliente_nome: 'Caio Feito', situacao: '2' }) }, anos: [first] } }
          : { body: { all: {} as Record<string, Pedido>, anos: [first] } },
    });
    renderPanel(SUPPLIER.usuario, SUPPLIER, '?pedido=h5');
    expect(await screen.findByRole('heading', { name: 'Entrega confirmada' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByRole('tab', { name: 'Histórico de Entregas' }).getAttribute('aria-selected')).toBe('true');
    expect(Number((screen.getByLabelText('Mês') as HTMLSelectElement).value)).toBe(Number(wanted.mes));
    expect(await screen.findByText('Caio Feito')).toBeTruthy();
  });

  it("a link to an order not the store's: Entregas with 'Pedido não encontrado.'", async () => {
    const { calls } = mockApi({
      loading_forn_site: { body: { infos: FORN } },
      pegar_entregas_pendentes: { body: { entregas: [pedido('o1')], pendentes: 1 } },
      pegar_entregas: { body: { all: {}, anos: [first] } },
    });
    renderPanel(SUPPLIER.usuario, SUPPLIER, '?pedido=alheio');
    expect((await screen.findByTestId('pedido-nao-encontrado')).textContent).toBe('Pedido não encontrado.');
    expect(screen.getByText('João Comprador')).toBeTruthy();
    expect(calls.filter((c) => c.codigo === 'pegar_entregas')).toHaveLength(12);
  });
});
