/**
 * `pegar_produtos_anuncios_local`: the next page of a category in a region, from the cursors of the
 * previous one. An empty page ends the list.
 */
import { rpc, type Payload, type RpcResult } from '@/lib/rpc';

export function pegarProdutosAnunciosLocal(
  fields: Payload<'pegar_produtos_anuncios_local'>,
  signal?: AbortSignal,
): Promise<RpcResult<'pegar_produtos_anuncios_local'>> {
  return rpc('pegar_produtos_anuncios_local', fields, { signal });
}
