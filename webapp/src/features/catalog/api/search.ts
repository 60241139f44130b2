/**
 * `search` (decisions.md §30): full-text search served by the API's index — every word, in any
 * order, accents, plurals, descriptions and store names — in a region across every category (or
 * one: `categoria`), or within one store (`loja`). Title matches first, then by sales (ads: newest
 * first). The first page counts the matches of each category; `nextp`/`nexta` ask the next pages.
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { Anuncio, Categoria, Produto } from '@/types/catalog';

export interface ContagemCategoria {
  categoria: Categoria;
  produtos: number;
  anuncios: number;
}

export interface ResultadoBusca {
  produtos: Produto[];
  anuncios: Anuncio[];
  /** The next pages (null: done). */
  nextp: string | null;
  nexta: string | null;
  /** On the first page: the categories with matches (null on later pages). */
  categorias: ContagemCategoria[] | null;
  /** The words looked for, as the index holds them. */
  palavras: string[];
}

export interface PedidoBusca {
  all: string;
  cidade?: string;
  categoria?: string | null;
  /** A store's user id: its storefront's search. */
  loja?: string;
  nextp?: string | null;
  nexta?: string | null;
}

export function search(fields: PedidoBusca, signal?: AbortSignal): Promise<RpcResponse<ResultadoBusca>> {
  return rpcRequest<ResultadoBusca>('search', { ...fields }, { signal });
}
