/**
 * `pegar_avaliacoes` (decisions.md §33): a visible store's average, count and newest reviews
 * (a cacheable read, asked by GET).
 */
import { rpc, type Answer, type RpcResult } from '@/lib/rpc';

/** A store's reviews as listed: the average and count, and the newest ones. */
export type AvaliacoesLoja = Answer<'pegar_avaliacoes'>;
/** One listed review (the author's first name, the store's reply). */
export type AvaliacaoListada = AvaliacoesLoja['avaliacoes'][number];

export function pegarAvaliacoes(userforn: string, signal?: AbortSignal): Promise<RpcResult<'pegar_avaliacoes'>> {
  return rpc('pegar_avaliacoes', { userforn }, { signal });
}
