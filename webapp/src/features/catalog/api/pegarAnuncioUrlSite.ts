/**
 * `pegar_anuncio_url_site`: one direct ad for the detail page `/detalhes/{categoria}/{id}/{usuario}`.
 * Ids are unique: the id alone is asked.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function pegarAnuncioUrlSite(id: string, signal?: AbortSignal): Promise<RpcResult<'pegar_anuncio_url_site'>> {
  return rpc('pegar_anuncio_url_site', { id }, { signal });
}
