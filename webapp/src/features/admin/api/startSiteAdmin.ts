/**
 * `start_site_admin`: a supplier's storefront by URL or user id, hidden or not (admin only).
 * Same shape as a ready `start_site`; `exist: 0` when there is no such supplier.
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { DadosForn, Produto } from '@/types/catalog';

export type LojaAdmin =
  | { exist: 0 }
  | { exist: 1; infos: { paleta: number | null } | null; dadosforn: DadosForn & { oculto?: boolean }; allprods: Produto[] };

export function startSiteAdmin(urlforn: string, signal?: AbortSignal): Promise<RpcResponse<LojaAdmin>> {
  return rpcRequest<LojaAdmin>('start_site_admin', { urlforn }, { signal });
}
