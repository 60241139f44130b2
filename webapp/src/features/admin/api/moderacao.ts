/**
 * Moderation with reasons (admin only): a store's open orders and money before hiding
 * it (`pegar_resumo_fornecedor`), hiding or showing an ad or a single product
 * (`moderar_anuncio`, `moderar_produto`) and removing a review (`remover_avaliacao`), each with
 * a reason e-mailed to its owner.
 */
import { rpc, type Answer, type RpcResult } from '@/lib/rpc';

/** A store's open orders and its money (reais: held until delivery, balance, a pending withdrawal). */
export type ResumoFornecedor = Answer<'pegar_resumo_fornecedor'>;
/** One open order of the store. */
export type PedidoAberto = ResumoFornecedor['pedidos_abertos'][number];

export const pegarResumoFornecedor = (userforn: string): Promise<RpcResult<'pegar_resumo_fornecedor'>> =>
  rpc('pegar_resumo_fornecedor', { userforn });

export const moderarAnuncio = (id: string, oculto: boolean, motivo: string): Promise<RpcResult<'moderar_anuncio'>> =>
  rpc('moderar_anuncio', { id, oculto, motivo });

export const moderarProduto = (id: string, oculto: boolean, motivo: string): Promise<RpcResult<'moderar_produto'>> =>
  rpc('moderar_produto', { id, oculto, motivo });

export const removerAvaliacao = (idpedido: string, motivo: string): Promise<RpcResult<'remover_avaliacao'>> =>
  rpc('remover_avaliacao', { idpedido, motivo });
