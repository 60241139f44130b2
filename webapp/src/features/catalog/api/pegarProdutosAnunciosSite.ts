/**
 * `pegar_produtos_anuncios_site`: the home's sections for a region — the categories with something
 * to show (in the spec's order) and, per category, up to 8 products and 8 ads.
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { Anuncio, Categoria, Produto } from '@/types/catalog';

export interface SecoesHome {
  categorias: Categoria[];
  produtos: Partial<Record<Categoria, Produto[]>>;
  anuncios: Partial<Record<Categoria, Anuncio[]>>;
}

export function pegarProdutosAnunciosSite(regiao: string, signal?: AbortSignal): Promise<RpcResponse<SecoesHome>> {
  return rpcRequest<SecoesHome>('pegar_produtos_anuncios_site', { regiao }, { signal });
}
