/**
 * `search`: the products and ads of a category in a region whose text matches `all` (accent- and
 * case-insensitive, on the server).
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { Anuncio, Produto } from '@/types/catalog';

export interface ResultadoBusca {
  produtos: Produto[];
  anuncios: Anuncio[];
}

export function search(
  fields: { all: string; cidade: string; categoria: string },
  signal?: AbortSignal,
): Promise<RpcResponse<ResultadoBusca>> {
  return rpcRequest<ResultadoBusca>('search', fields, { signal });
}
