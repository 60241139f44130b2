/**
 * `loading_admin`: every supplier, hidden ones included (admin only).
 */
import { rpc, type Answer, type RpcResult } from '@/lib/rpc';

/** A supplier in the admin's list. */
export type FornecedorAdmin = Answer<'loading_admin'>['fornecedores'][number];

export function loadingAdmin(signal?: AbortSignal): Promise<RpcResult<'loading_admin'>> {
  return rpc('loading_admin', {}, { signal });
}
