/**
 * `pegar_lojas`: the visible stores with a URL and their city; with the buyer's region, those
 * that serve it first (`atende`), each group by `vendasforn` descending (by the server).
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { Loja } from '@/types/catalog';

export function pegarLojas(regiao: string, signal?: AbortSignal): Promise<RpcResponse<{ lojas: Loja[] }>> {
  return rpcRequest<{ lojas: Loja[] }>('pegar_lojas', { regiao }, { signal });
}
