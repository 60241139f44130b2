/**
 * `search` (decisions.md §30): full-text search served by the API's index — every word, in any
 * order, accents, plurals, descriptions and store names — in a region across every category (or
 * one: `categoria`), or within one store (`loja`). Title matches first, then by sales (ads: newest
 * first). The first page counts the matches of each category; `nextp`/`nexta` ask the next pages.
 */
import { rpc, type Answer, type Payload, type RpcResult } from '@/lib/rpc';

export type ResultadoBusca = Answer<'search'>;
export type PedidoBusca = Payload<'search'>;
export type ContagemCategoria = NonNullable<ResultadoBusca['categorias']>[number];

export function search(fields: Payload<'search'>, signal?: AbortSignal): Promise<RpcResult<'search'>> {
  return rpc('search', fields, { signal });
}
