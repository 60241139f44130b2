/**
 * `pegar_produto_url_site`: one supplier product (with its supplier's `dadosforn`) for the detail
 * page `/detalhes/{categoria}/{id}/{userforn}?type=forn`.
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { Produto } from '@/types/catalog';

export function pegarProdutoUrlSite(
  fields: { id: string; userforn: string; categoria: string },
  signal?: AbortSignal,
): Promise<RpcResponse<{ item: Produto }>> {
  return rpcRequest<{ item: Produto }>('pegar_produto_url_site', fields, { signal });
}
