/**
 * `pegar_produto_url_site`: one product as stored now (used to refresh the bag after the server
 * refused the order: new prices, a stock that no longer covers it, sold out, disabled); a product
 * that no longer exists answers `nao_encontrado`.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function pegarProduto(id: string): Promise<RpcResult<'pegar_produto_url_site'>> {
  return rpc('pegar_produto_url_site', { id });
}
