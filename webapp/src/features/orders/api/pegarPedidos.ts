/**
 * `pegar_pedidos`: the signed-in buyer's orders, newest first (identity from the session).
 */
import { rpc, type RpcResult } from '@/lib/rpc';
import type { Pedido } from './types';

export async function pegarPedidos(signal?: AbortSignal): Promise<RpcResult<{ pedidos: Pedido[] }>> {
  const res = await rpc<{ pedidos: Pedido[] | 1 | null }>('pegar_pedidos', {}, { signal });
  if (res.error !== undefined) return res;
  // The spec's "1 means none" is accepted too.
  return { pedidos: Array.isArray(res.pedidos) ? res.pedidos : [] };
}
