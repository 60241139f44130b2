/**
 * `pegar_pedidos` (spec §7): a page of the signed-in buyer's orders, newest first (an empty list
 * when none); `cursor` (the previous page's `proximo`) asks for the page after it. The server
 * takes the buyer from the session.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function pegarPedidos(signal?: AbortSignal, cursor?: string | null): Promise<RpcResult<'pegar_pedidos'>> {
  return rpc('pegar_pedidos', cursor ? { cursor } : {}, { signal });
}
