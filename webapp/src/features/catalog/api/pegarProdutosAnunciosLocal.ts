/**
 * `pegar_produtos_anuncios_local`: the next page of a category in a region, from the cursors of the
 * previous one. An empty page ends the list.
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { Anuncio, Produto } from '@/types/catalog';

export interface ProximaPagina {
  produtos: Produto[];
  anuncios: Anuncio[];
  nextp: string | null;
  nexta: string | null;
}

export function pegarProdutosAnunciosLocal(
  fields: { cidade: string; categoria: string; nextp: string | null; nexta: string | null },
  signal?: AbortSignal,
): Promise<RpcResponse<ProximaPagina>> {
  return rpcRequest<ProximaPagina>('pegar_produtos_anuncios_local', fields, { signal });
}
