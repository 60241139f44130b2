/**
 * `cancelar_pedido`: cancels the buyer's own order while it awaits delivery (releases stock).
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function cancelarPedido(item: string): Promise<RpcResult<{ ok: boolean }>> {
  return rpc<{ ok: boolean }>('cancelar_pedido', { item });
}
