/**
 * `pegar_pedidos` (spec §7: `dados`, the user): the signed-in buyer's orders, newest first. The
 * server takes the buyer from the session, never from `dados`.
 */
import { rpc, type RpcResult } from '@/lib/rpc';
import { getSession } from '@/lib/session';
import type { Pedido } from '@/types/orders';

export async function pegarPedidos(signal?: AbortSignal): Promise<RpcResult<{ pedidos: Pedido[] }>> {
  const dados = getSession()?.userinfo ?? null;
  const res = await rpc<{ pedidos: Pedido[] | 1 | null }>('pegar_pedidos', { dados }, { signal });
  if (res.error !== undefined) return res;
  // The spec's "1 means none" is accepted too.
  return { pedidos: Array.isArray(res.pedidos) ? res.pedidos : [] };
}
