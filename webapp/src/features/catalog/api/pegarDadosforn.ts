/**
 * `pegar_dadosforn`: a supplier's public data (when a product arrives without it).
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { DadosForn } from '@/types/catalog';

export function pegarDadosforn(usuario: string, signal?: AbortSignal): Promise<RpcResponse<{ dadosforn: DadosForn }>> {
  return rpcRequest<{ dadosforn: DadosForn }>('pegar_dadosforn', { usuario }, { signal });
}
