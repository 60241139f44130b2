/**
 * Moderation with reasons (issue 29; admin only): a store's open orders and money before hiding
 * it (`pegar_resumo_fornecedor`), hiding or showing an ad or a single product
 * (`moderar_anuncio`, `moderar_produto`) and removing a review (`remover_avaliacao`), each with
 * a reason e-mailed to its owner.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export interface PedidoAberto {
  idpedido: string;
  cliente_nome: string;
  total: number;
  horario_pedido: number;
  aguardando_pagamento: boolean;
}

export interface ResumoFornecedor {
  pedidos_abertos: PedidoAberto[];
  /** Reais: paid Pix held until delivery, released balance, a withdrawal not yet paid out. */
  aliberar: number;
  saldo: number;
  saque_pendente: number | null;
}

export const pegarResumoFornecedor = (userforn: string): Promise<RpcResult<ResumoFornecedor>> =>
  rpc('pegar_resumo_fornecedor', { userforn });

export type Moderado = RpcResult<{ oculto: boolean; alterado: boolean }>;

export const moderarAnuncio = (id: string, oculto: boolean, motivo: string): Promise<Moderado> =>
  rpc('moderar_anuncio', { id, oculto, motivo });

export const moderarProduto = (id: string, oculto: boolean, motivo: string): Promise<Moderado> =>
  rpc('moderar_produto', { id, oculto, motivo });

export const removerAvaliacao = (idpedido: string, motivo: string): Promise<RpcResult<{ removida: boolean }>> =>
  rpc('remover_avaliacao', { idpedido, motivo });
