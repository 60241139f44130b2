/**
 * `start_site`: a public storefront by its URL. `exist: 0` — no such store; `manutencao: true` — the
 * supplier is hidden (only name and icon come); otherwise the palette, the supplier and its
 * products.
 */
import { rpc, type Answer, type RpcResult } from '@/lib/rpc';

export type Loja = Answer<'start_site'>;

export function startSite(urlforn: string, signal?: AbortSignal): Promise<RpcResult<'start_site'>> {
  return rpc('start_site', { urlforn }, { signal });
}
