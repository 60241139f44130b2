/**
 * `confirmar_saque`: marks a withdrawal request paid out; `userforn` carries the request's id
 * (the spec's field name). A second confirmation changes nothing (`confirmado: false`).
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function confirmarSaque(id: string): Promise<RpcResult<'confirmar_saque'>> {
  return rpc('confirmar_saque', { userforn: id });
}
