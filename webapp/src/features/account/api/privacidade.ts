/**
 * LGPD self-service (decisions.md §34): `baixar_meus_dados` answers everything stored about the
 * signed-in person as one JSON document; `excluir_minha_conta` deletes the account (refused,
 * `conflito`, while orders are in progress or money is to be received: the message says which).
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export const baixarMeusDados = (): Promise<RpcResult<'baixar_meus_dados'>> => rpc('baixar_meus_dados', {});

export const excluirMinhaConta = (): Promise<RpcResult<'excluir_minha_conta'>> => rpc('excluir_minha_conta', { confirmacao: 'EXCLUIR' });
