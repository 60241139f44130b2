/**
 * `pegar_lojas`: the visible stores with a URL, sorted by `vendasforn` descending (by the server).
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function pegarLojas(signal?: AbortSignal): Promise<RpcResult<'pegar_lojas'>> {
  return rpc('pegar_lojas', {}, { signal });
}
