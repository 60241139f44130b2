/**
 * `consultar_pagamento`: whether an order's Pix charge was paid or has expired, and whether a Pix
 * that came in is being given back (`pix_devolvido`, decisions.md §28). `all` carries the
 * spec's fields (txid, idpedido, userforn, horario_pedido, cliente_user); the server reads the
 * order id (or the txid) and checks the order is the caller's.
 */
import { rpc, type RpcResult } from '@/lib/rpc';
import type { Pedido, PixDevolvido } from '@/types/orders';

export function consultaDe(p: Pedido) {
  return {
    txid: p.Infos.txid,
    idpedido: p.idpedido ?? p.id,
    userforn: p.Infos.userforn,
    horario_pedido: p.Infos.horario_pedido,
    cliente_user: p.Infos.cliente_user,
  };
}

export interface EstadoPagamento {
  pago: boolean;
  expirado: boolean;
  /** A Pix that came in is being given back, and why. */
  pix_devolvido: PixDevolvido | null;
}

export function consultarPagamento(pedido: Pedido, signal?: AbortSignal): Promise<RpcResult<EstadoPagamento>> {
  return rpc<EstadoPagamento>('consultar_pagamento', { all: consultaDe(pedido) }, { signal });
}
