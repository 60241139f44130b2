/**
 * `pegar_dadosforn`: a supplier's public data (delivery, payments, purchases closed), fetched
 * fresh when the checkout opens.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function pegarDadosforn(usuario: string, signal?: AbortSignal): Promise<RpcResult<'pegar_dadosforn'>> {
  return rpc('pegar_dadosforn', { usuario }, { signal });
}
