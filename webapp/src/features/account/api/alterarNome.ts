/**
 * `alterar_nome`: changes the signed-in user's display name.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function alterarNome(nome: string): Promise<RpcResult<{ ok: boolean }>> {
  return rpc<{ ok: boolean }>('alterar_nome', { nome });
}
