/**
 * `alterar_nome`: changes the signed-in user's display name.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function alterarNome(nome: string): Promise<RpcResult<'alterar_nome'>> {
  return rpc('alterar_nome', { nome });
}
