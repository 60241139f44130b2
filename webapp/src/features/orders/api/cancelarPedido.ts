/**
 * `cancelar_pedido` (spec §7: usuario, item, fornend): cancels the buyer's own order while it
 * awaits delivery (the server releases its stock). The buyer is the session's user on the server;
 * `usuario` and `fornend` are sent as the spec has them and ignored there.
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { Pedido } from '@/types/orders';

export function cancelarPedido(p: Pedido): Promise<RpcResponse<{ ok: boolean }>> {
  return rpcRequest<{ ok: boolean }>('cancelar_pedido', {
    usuario: p.Infos.cliente_user,
    item: p.idpedido ?? p.id,
    fornend: p.Infos.userforn,
  });
}
