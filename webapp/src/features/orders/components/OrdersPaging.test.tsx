/**
 * The buyer's orders come in pages ('Carregar mais' asks the page after the last one shown), and
 * an order's detail shows the delivery's bairro and CEP. The RPC is mocked at `fetch`, with the
 * real wasm-core.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatusDialogProvider } from '@/components/status-dialog';
import { mockApi } from '@/test/fixtures';
import type { Pedido } from '@/types/wire';
import { OrdersSection } from './OrdersSection';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

function pedido(id: string, over: Partial<Pedido['Infos']> = {}): Pedido {
  return {
    id,
    idpedido: id,
    Infos: {
      txid: null,
      userforn: 'forn1',
      nomeforn: 'Sítio Boa Vista',
      telefoneforn: '(19) 99876-5432',
      horario_pedido: Date.UTC(2026, 10, 21, 12, 0),
      cliente_user: 'u9',
      cliente_nome: 'Carla Souza',
      cliente_telefone: null,
      status_pix: null,
      situacao: '1',
      tipo_entrega: 'Entrega',
      pagamento: '1',
      preco_produtos: 20,
      taxa_entrega: 5,
      desconto: 0,
      total_pago: 25,
      cupom: null,
      qrcode: null,
      imagem_qrcode: null,
      rua: 'Rua A',
      numero: '10',
      cidade: 'Piracicaba, SP',
      complemento: null,
      reembolsado: false,
      devolucao: null,
      pix_expira_em: null,
      // A delivered order is a received one unless a test says otherwise (decisions.md §37).
      entregue_em: over.situacao === '2' ? Date.UTC(2026, 10, 22, 12, 0) : null,
      recebido_em: over.situacao === '2' ? Date.UTC(2026, 10, 22, 12, 0) : null,
      recebimento: over.situacao === '2' ? 'comprador' : null,
      pix_devolvido: null,
      ...over,
    },
    Produtos: [{ titulo: 'alface', icone: null, opcao: null, quantidade: 2, preco: 10, pago: 20, telefone: '(19) 99876-5432' }],
  };
}

describe('OrdersSection in pages', () => {
  it("'Carregar mais' brings the older orders; the detail shows bairro and CEP", async () => {
    const { calls } = mockApi({
      pegar_pedidos: (body) =>
        body.cursor === 'p2'
          ? { body: { pedidos: [pedido('o3', { nomeforn: 'Loja Antiga', bairro: 'Centro', cep: '13400-390' })] } }
          : { body: { pedidos: [pedido('o1'), pedido('o2')], proximo: 'p2' } },
      consultar_pagamento: { body: { pago: false, expirado: false, pix_devolvido: null } },
    });
    render(
      <StatusDialogProvider>
        <OrdersSection />
      </StatusDialogProvider>,
    );
    await waitFor(() => expect(screen.getAllByTestId('pedido')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(screen.getAllByTestId('pedido')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    expect(calls.filter((c) => c.codigo === 'pegar_pedidos').map((c) => c.body.cursor)).toEqual([undefined, 'p2']);

    await userEvent.click(screen.getAllByRole('button', { name: 'Detalhes' })[2]);
    expect(await screen.findByText(/Rua A, 10.*, Centro, Piracicaba, SP — CEP 13400-390/)).toBeTruthy();
  });
});
