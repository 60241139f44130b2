/**
 * `validar_cupom`: the supplier's coupon for the typed code, or `nao_encontrado` ('Cupom não
 * encontrado!').
 *
 * The typed code travels as `cupom`: the envelope's `codigo` already names the action (docs/rpc.md
 * writes `codigo`, which would collide with it; the API reads `cupom`).
 */
import { rpc, type Answer, type RpcResult } from '@/lib/rpc';

/** A coupon as `validar_cupom` answers it (`valor` in reais or percent, by `tipo`). */
export type WireCoupon = Answer<'validar_cupom'>;

export function validarCupom(userforn: string, codigo: string): Promise<RpcResult<'validar_cupom'>> {
  return rpc('validar_cupom', { userforn, cupom: codigo });
}
