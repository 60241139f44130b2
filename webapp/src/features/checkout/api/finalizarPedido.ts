/**
 * `finalizar_pedido` with the spec's order payload (spec §3 'Order payload', §7): `site: true`,
 * `sacola` (each item's id, idlocal, categoria, nomeforn, userforn, quantidade, minimopromo,
 * precopromo, preco, icone, titulo, opcaoselecionada), `forn`, `dados` (the user), the totals the
 * buyer saw (reais), `pagamento` ('1' in person, '2' Pix; decisions.md §6), `entrega` and
 * `infoscupom` ({valor, codigo} or null).
 *
 * The server reads only the ids, quantities, options, the supplier claims (`forn` and each line's
 * `userforn`, which must name the products' supplier), the payment, the mode, the coupon code and
 * the total; it recomputes everything else and refuses a differing total ('Os preços mudaram.
 * Revise o pedido.'), missing stock ('Estoque insuficiente para {titulo}') and the checkout's own
 * messages, storing nothing (docs/rpc.md 'Orders').
 *
 * The request carries the attempt's `Idempotency-Key` header (../idempotency.ts): the same key
 * and payload again get the first answer back, never a second order.
 */
import type { BagItem } from '@/lib/bag';
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { UserInfo } from '@/lib/session';
import type { Pedido } from '@/types/orders';

export type Pagamento = '1' | '2';

export interface OrderInput {
  items: BagItem[];
  forn: string;
  user: UserInfo;
  /** Reais. */
  total: number;
  desconto: number;
  taxaentregafinal: number;
  pagamento: Pagamento;
  entrega: boolean;
  /** The applied coupon: its code and its value as the buyer saw it (percent or reais). */
  cupom: { codigo: string; valor: number } | null;
}

export interface FinalizarPedidoAnswer {
  /** The order placed; its `Infos.pix_expira_em` says when a Pix charge expires. */
  all: Pedido;
  qrcode?: string | null;
  imagem_qrcode?: string | null;
}

/** The request's fields (without `codigo`). */
export function orderPayload(o: OrderInput): Record<string, unknown> {
  return {
    site: true,
    sacola: o.items.map(({ infos, qtd, opcao }) => ({
      id: infos.id,
      idlocal: infos.idlocal,
      categoria: infos.categoria,
      nomeforn: infos.nomeforn,
      userforn: infos.userforn,
      quantidade: qtd,
      minimopromo: infos.minimopromo,
      precopromo: infos.precopromo,
      preco: infos.preco,
      icone: infos.icone,
      titulo: infos.titulo,
      opcaoselecionada: opcao,
    })),
    forn: o.forn,
    dados: o.user,
    total: o.total,
    desconto: o.desconto,
    taxaentregafinal: o.taxaentregafinal,
    pagamento: o.pagamento,
    entrega: o.entrega,
    infoscupom: o.cupom ? { valor: o.cupom.valor, codigo: o.cupom.codigo } : null,
  };
}

/** Sends the order with the `Idempotency-Key` `chave` (the attempt's key for this very payload). */
export function finalizarPedido(payload: Record<string, unknown>, chave: string): Promise<RpcResponse<FinalizarPedidoAnswer>> {
  return rpcRequest<FinalizarPedidoAnswer>('finalizar_pedido', payload, { headers: { 'Idempotency-Key': chave } });
}
