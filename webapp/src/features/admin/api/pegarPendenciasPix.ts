/**
 * `pegar_pendencias_pix`: received Pix never applied and refunds not settled (admin only).
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { DevolucaoPendente, PixRecusado } from './types';

export interface PendenciasPix {
  recebidos: PixRecusado[];
  devolucoes: DevolucaoPendente[];
}

export function pegarPendenciasPix(signal?: AbortSignal): Promise<RpcResponse<PendenciasPix>> {
  return rpcRequest<PendenciasPix>('pegar_pendencias_pix', {}, { signal });
}
