/**
 * `pegar_lojas`: the visible stores with a URL and their city; with the buyer's region, those
 * that serve it first (`atende`), each group by `vendasforn` descending (by the server).
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function pegarLojas(regiao: string, signal?: AbortSignal): Promise<RpcResult<'pegar_lojas'>> {
  return rpc('pegar_lojas', { regiao }, { signal });
}
