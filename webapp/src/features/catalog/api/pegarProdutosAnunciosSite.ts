/**
 * `pegar_produtos_anuncios_site`: the home's sections for a region — the categories with something
 * to show (in the spec's order) and, per category, up to 8 products and 8 ads.
 */
import { rpc, type Answer, type RpcResult } from '@/lib/rpc';

export type SecoesHome = Answer<'pegar_produtos_anuncios_site'>;

export function pegarProdutosAnunciosSite(regiao: string, signal?: AbortSignal): Promise<RpcResult<'pegar_produtos_anuncios_site'>> {
  return rpc('pegar_produtos_anuncios_site', { regiao }, { signal });
}
