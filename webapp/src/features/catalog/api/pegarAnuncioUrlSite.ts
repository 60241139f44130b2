/**
 * `pegar_anuncio_url_site`: one direct ad for the detail page `/detalhes/{categoria}/{id}/{usuario}`.
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { Anuncio } from '@/types/catalog';

export function pegarAnuncioUrlSite(
  fields: { id: string; userforn: string; categoria: string },
  signal?: AbortSignal,
): Promise<RpcResponse<{ item: Anuncio }>> {
  return rpcRequest<{ item: Anuncio }>('pegar_anuncio_url_site', fields, { signal });
}
