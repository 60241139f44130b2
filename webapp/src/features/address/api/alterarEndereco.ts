/**
 * `alterar_endereco`: saves the signed-in user's address and phone; the server geocodes it itself
 * and answers the updated `userinfo`.
 */
import { rpc, type RpcResult } from '@/lib/rpc';
import type { UserInfo } from '@/lib/session';

export interface EnderecoInput {
  rua: string;
  numero: string;
  cidade: string;
  telefone: string;
  complemento: string | null;
}

export function alterarEndereco(a: EnderecoInput): Promise<RpcResult<{ ok: boolean; userinfo?: UserInfo }>> {
  return rpc<{ ok: boolean; userinfo?: UserInfo }>('alterar_endereco', { ...a });
}
