/**
 * `pegar_produto_url_site`: one product as stored now (used to refresh the bag after the server
 * refused the order: new prices, a stock that no longer covers it, sold out, disabled), with the
 * HTTP status (404: the product no longer exists).
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { Produto } from '@/types/catalog';

export function pegarProduto(p: { id: string; userforn: string; categoria: string }): Promise<RpcResponse<{ item: Produto }>> {
  return rpcRequest<{ item: Produto }>('pegar_produto_url_site', p);
}
