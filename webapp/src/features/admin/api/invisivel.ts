/**
 * `invisivel`: hides (`true`) or shows a supplier everywhere public (admin only). Hiding takes a
 * reason, e-mailed to the store and shown in its panel.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function invisivel(userforn: string, valor: boolean, motivo?: string): Promise<RpcResult<'invisivel'>> {
  return rpc('invisivel', { userforn, invisivel: valor, ...(motivo ? { motivo } : {}) });
}
