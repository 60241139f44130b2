/**
 * `pegar_produtos_anuncios_site2`: the first page of a category in a region (12 products and 12
 * ads) with the cursors of the next page (null when a list is done).
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { Anuncio, Produto } from '@/types/catalog';

export interface PrimeiraPagina {
  produtos: Produto[];
  anuncios: Anuncio[];
  produtos_lastIds: string | null;
  anuncios_lastIds: string | null;
}

export function pegarProdutosAnunciosSite2(
  regiao: string,
  categoria: string,
  signal?: AbortSignal,
): Promise<RpcResponse<PrimeiraPagina>> {
  return rpcRequest<PrimeiraPagina>('pegar_produtos_anuncios_site2', { regiao, categoria }, { signal });
}
