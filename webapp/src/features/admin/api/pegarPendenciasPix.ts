/**
 * `pegar_pendencias_pix`: received Pix never applied (each with its refund's state), refunds not
 * settled, and paid orders whose delivery was not confirmed within the review window (admin only).
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { DevolucaoPendente, PedidoAtrasado, PixRecusado } from './types';

export interface PendenciasPix {
  recebidos: PixRecusado[];
  devolucoes: DevolucaoPendente[];
  atrasados: PedidoAtrasado[];
}

export function pegarPendenciasPix(signal?: AbortSignal): Promise<RpcResponse<PendenciasPix>> {
  return rpcRequest<PendenciasPix>('pegar_pendencias_pix', {}, { signal });
}
