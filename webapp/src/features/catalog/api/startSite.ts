/**
 * `start_site`: a public storefront by its URL. `exist: 0` — no such store; `manutencao: true` — the
 * supplier is hidden (only name and icon come); otherwise the palette, the supplier and its
 * products.
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { DadosForn, Produto } from '@/types/catalog';

export type Loja =
  | { exist: 0 }
  | { exist: 1; manutencao: true; dadosforn: Pick<DadosForn, 'nomeforn' | 'iconeforn'> }
  | { exist: 1; manutencao?: false; infos: { paleta: number | null } | null; dadosforn: DadosForn; allprods: Produto[] };

export function startSite(urlforn: string, signal?: AbortSignal): Promise<RpcResponse<Loja>> {
  return rpcRequest<Loja>('start_site', { urlforn }, { signal });
}
