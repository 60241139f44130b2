/**
 * `invisivel`: hides (`true`) or shows a supplier everywhere public (admin only).
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function invisivel(userforn: string, valor: boolean): Promise<RpcResult<'invisivel'>> {
  return rpc('invisivel', { userforn, invisivel: valor });
}
