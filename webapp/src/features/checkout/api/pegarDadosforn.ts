/**
 * `pegar_dadosforn`: a supplier's public data (delivery, payments, purchases closed), fetched
 * fresh when the checkout opens.
 */
import { rpc, type RpcResult } from '@/lib/rpc';
import type { DadosForn } from '@/types/catalog';

export function pegarDadosforn(usuario: string, signal?: AbortSignal): Promise<RpcResult<{ dadosforn: DadosForn }>> {
  return rpc<{ dadosforn: DadosForn }>('pegar_dadosforn', { usuario }, { signal });
}
