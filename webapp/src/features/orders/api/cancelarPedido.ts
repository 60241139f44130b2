/**
 * `cancelar_pedido` (spec §7): cancels the buyer's own order while it awaits delivery (the server
 * releases its stock). The buyer is the session's user on the server; the order is named by its
 * id (`item`). A refusal (`conflito`: no longer cancellable) names its reason.
 */
import { rpc, type RpcResult } from '@/lib/rpc';
import type { Pedido } from '@/types/wire';

export function cancelarPedido(p: Pedido): Promise<RpcResult<'cancelar_pedido'>> {
  return rpc('cancelar_pedido', { item: p.idpedido });
}
