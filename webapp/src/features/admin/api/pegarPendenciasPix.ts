/**
 * `pegar_pendencias_pix`: received Pix never applied (each with its refund's state), refunds not
 * settled, and paid orders whose delivery was not confirmed within the review window (admin only).
 */
import { rpc, type RpcResult } from '@/lib/rpc';
import type { components } from '@/types/api.gen';

/** A refund's state at the PSP. */
export type StatusDevolucao = components['schemas']['RefundStatus'];

export function pegarPendenciasPix(signal?: AbortSignal): Promise<RpcResult<'pegar_pendencias_pix'>> {
  return rpc('pegar_pendencias_pix', {}, { signal });
}
