/**
 * 'Pedir de novo': `pedir_de_novo` reads one of the buyer's past orders with today's state (the
 * lines at today's prices, what is no longer available and why); `pegar_produto_url_site` and
 * `pegar_dadosforn` then give the bag what it keeps of each product and of the store.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function pedirDeNovo(idpedido: string): Promise<RpcResult<'pedir_de_novo'>> {
  return rpc('pedir_de_novo', { item: idpedido });
}

export function pegarProduto(id: string): Promise<RpcResult<'pegar_produto_url_site'>> {
  return rpc('pegar_produto_url_site', { id });
}

export function pegarDadosforn(usuario: string): Promise<RpcResult<'pegar_dadosforn'>> {
  return rpc('pegar_dadosforn', { usuario });
}
