/**
 * `validar_cupom`: the supplier's coupon for the typed code, or 404 'Cupom não encontrado!'.
 *
 * The typed code travels as `cupom`: the envelope's `codigo` already names the action (docs/rpc.md
 * writes `codigo`, which would collide with it; the API reads `cupom`).
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { WireCoupon } from '../rules';

export function validarCupom(userforn: string, codigo: string): Promise<RpcResponse<WireCoupon>> {
  return rpcRequest<WireCoupon>('validar_cupom', { userforn, cupom: codigo });
}
