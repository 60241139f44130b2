/**
 * `pegar_solicitacoes_saque`: pending withdrawal requests, oldest first (admin only), each with
 * the orders it pays for (released money only, decisions.md §27).
 */
import { rpc, type Answer, type RpcResult } from '@/lib/rpc';

/** A pending withdrawal request. */
export type SolicitacaoSaque = Answer<'pegar_solicitacoes_saque'>['pendentes'][number];

export function pegarSolicitacoesSaque(signal?: AbortSignal): Promise<RpcResult<'pegar_solicitacoes_saque'>> {
  return rpc('pegar_solicitacoes_saque', {}, { signal });
}
