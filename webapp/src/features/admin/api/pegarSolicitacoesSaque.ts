/**
 * `pegar_solicitacoes_saque`: pending withdrawal requests, oldest first (admin only).
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { SolicitacaoSaque } from './types';

export function pegarSolicitacoesSaque(signal?: AbortSignal): Promise<RpcResponse<{ pendentes: SolicitacaoSaque[] }>> {
  return rpcRequest<{ pendentes: SolicitacaoSaque[] }>('pegar_solicitacoes_saque', {}, { signal });
}
