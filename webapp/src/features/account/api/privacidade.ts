/**
 * LGPD self-service (decisions.md §34): `baixar_meus_dados` (everything stored about the person,
 * as one JSON document) and `excluir_minha_conta` (refused, with the reason, while orders are in
 * progress or money is to be received; sent with the confirmation the person gave).
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';

export const baixarMeusDados = (): Promise<RpcResponse<Record<string, unknown>>> => rpcRequest('baixar_meus_dados');

export const excluirMinhaConta = (): Promise<RpcResponse<{ ok: boolean }>> =>
  rpcRequest('excluir_minha_conta', { confirmacao: 'EXCLUIR' });
