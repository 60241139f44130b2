/**
 * `pegar_produtos_anuncios_site2`: the first page of a category in a region (12 products and 12
 * ads) with the cursors of the next page (null when a list is done).
 */
import { rpc, type Answer, type RpcResult } from '@/lib/rpc';

export type PrimeiraPagina = Answer<'pegar_produtos_anuncios_site2'>;

export function pegarProdutosAnunciosSite2(regiao: string, categoria: string, signal?: AbortSignal): Promise<RpcResult<'pegar_produtos_anuncios_site2'>> {
  return rpc('pegar_produtos_anuncios_site2', { regiao, categoria }, { signal });
}
