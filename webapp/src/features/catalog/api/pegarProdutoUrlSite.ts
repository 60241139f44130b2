/**
 * `pegar_produto_url_site`: one supplier product (with its supplier's `dadosforn`) for the detail
 * page `/detalhes/{categoria}/{id}/{userforn}?type=forn`. Ids are unique: the id alone is asked.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function pegarProdutoUrlSite(id: string, signal?: AbortSignal): Promise<RpcResult<'pegar_produto_url_site'>> {
  return rpc('pegar_produto_url_site', { id }, { signal });
}
