/**
 * `pegar_produto_url_site`: one product as stored now (used to refresh the bag after the server
 * answered 'Os preços mudaram. Revise o pedido.').
 */
import { rpc, type RpcResult } from '@/lib/rpc';
import type { Produto } from '@/types/catalog';

export function pegarProduto(p: { id: string; userforn: string; categoria: string }): Promise<RpcResult<{ item: Produto }>> {
  return rpc<{ item: Produto }>('pegar_produto_url_site', p);
}
