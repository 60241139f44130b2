/**
 * `pegar_lojas`: the visible stores with a URL, sorted by `vendasforn` descending (by the server).
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { Loja } from '@/types/catalog';

export function pegarLojas(signal?: AbortSignal): Promise<RpcResponse<{ lojas: Loja[] }>> {
  return rpcRequest<{ lojas: Loja[] }>('pegar_lojas', {}, { signal });
}
