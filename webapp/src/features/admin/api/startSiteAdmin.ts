/**
 * `start_site_admin`: a supplier's storefront by URL or user id, hidden or not (admin only).
 * Same shape as a ready `start_site`; `exist: 0` when there is no such supplier.
 */
import { rpc, type Answer, type RpcResult } from '@/lib/rpc';

export type LojaAdmin = Answer<'start_site_admin'>;

export function startSiteAdmin(urlforn: string, signal?: AbortSignal): Promise<RpcResult<'start_site_admin'>> {
  return rpc('start_site_admin', { urlforn }, { signal });
}
