/**
 * `finalizar_pedido` (docs/rpc.md 'Orders'): the bag's product ids, quantities and options, the
 * supplier, the totals the buyer saw, the payment ('1' in person, '2' Pix), delivery or pickup
 * and the coupon code. The server recomputes everything and refuses a differing total ('Os preços
 * mudaram. Revise o pedido.'), missing stock ('Estoque insuficiente para {titulo}') and the
 * checkout's own messages, storing nothing.
 */
import { rpc, type RpcResult } from '@/lib/rpc';
import type { Pedido } from '@/features/orders/api/types';

export interface FinalizarPedidoInput {
  sacola: { id: string; quantidade: number; opcaoselecionada: string | null }[];
  forn: string;
  /** Reais. */
  total: number;
  desconto: number;
  taxaentregafinal: number;
  pagamento: '1' | '2';
  entrega: boolean;
  infoscupom: { codigo: string } | null;
}

export interface FinalizarPedidoAnswer {
  all: Pedido;
  qrcode?: string | null;
  imagem_qrcode?: string | null;
}

export function finalizarPedido(input: FinalizarPedidoInput): Promise<RpcResult<FinalizarPedidoAnswer>> {
  return rpc<FinalizarPedidoAnswer>('finalizar_pedido', { ...input });
}
