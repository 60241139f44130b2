/**
 * `consultar_pagamento`: whether an order's Pix charge was paid or has expired. `all` carries the
 * spec's fields (txid, idpedido, userforn, horario_pedido, cliente_user); the server reads the
 * order id (or the txid) and checks the order is the caller's.
 */
import { rpc, type RpcResult } from '@/lib/rpc';
import type { Pedido } from '@/types/orders';

export function consultaDe(p: Pedido) {
  return {
    txid: p.Infos.txid,
    idpedido: p.idpedido ?? p.id,
    userforn: p.Infos.userforn,
    horario_pedido: p.Infos.horario_pedido,
    cliente_user: p.Infos.cliente_user,
  };
}

export function consultarPagamento(
  pedido: Pedido,
  signal?: AbortSignal,
): Promise<RpcResult<{ pago: boolean; expirado: boolean }>> {
  return rpc<{ pago: boolean; expirado: boolean }>('consultar_pagamento', { all: consultaDe(pedido) }, { signal });
}
