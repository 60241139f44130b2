/**
 * `pegar_pedidos` (spec §7): the signed-in buyer's orders, newest first (an empty list when none).
 * The server takes the buyer from the session.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function pegarPedidos(signal?: AbortSignal): Promise<RpcResult<'pegar_pedidos'>> {
  return rpc('pegar_pedidos', {}, { signal });
}
