/**
 * `pegar_avaliacoes` (decisions.md §33): a visible store's average, count and newest reviews
 * (a cacheable read, asked by GET).
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { Avaliacao } from '@/types/catalog';

export interface AvaliacaoListada {
  idpedido: string;
  nota: number;
  comentario: string | null;
  /** The author's first name. */
  nome: string;
  criado_em: number;
  editado_em: number | null;
  resposta: string | null;
  respondido_em: number | null;
}

export interface AvaliacoesLoja {
  avaliacao: Avaliacao;
  avaliacoes: AvaliacaoListada[];
}

export function pegarAvaliacoes(userforn: string, signal?: AbortSignal): Promise<RpcResponse<AvaliacoesLoja>> {
  return rpcRequest<AvaliacoesLoja>('pegar_avaliacoes', { userforn }, { signal });
}
