/**
 * `loading_admin`: a page of the suppliers, hidden ones included, by name (admin only); `cursor`
 * (the previous page's `proximo`) asks for the page after it.
 */
import { rpc, type Answer, type RpcResult } from '@/lib/rpc';

/** A supplier as the admin's list shows it. */
export type FornecedorAdmin = Answer<'loading_admin'>['fornecedores'][number];

export function loadingAdmin(signal?: AbortSignal, cursor?: string | null): Promise<RpcResult<'loading_admin'>> {
  return rpc('loading_admin', cursor ? { cursor } : {}, { signal });
}
