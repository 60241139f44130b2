/**
 * `alterar_endereco` (spec §7: usuario, rua, numero, cidade, telefone, complemento, latitude,
 * longitude): saves the signed-in user's address and phone and answers the updated `userinfo`.
 * The server takes the user from the session and computes the coordinates itself (decisions.md
 * §15: a buyer cannot move closer to a supplier to cut a per-km fee); the ones the wizard got from
 * `gerar_coordenadas` are sent as the spec has them.
 */
import { rpc, type RpcResult } from '@/lib/rpc';
import type { UserInfo } from '@/lib/session';

export interface EnderecoInput {
  usuario: string;
  rua: string;
  numero: string;
  cidade: string;
  telefone: string;
  complemento: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

export function alterarEndereco(a: EnderecoInput): Promise<RpcResult<{ ok: boolean; userinfo?: UserInfo }>> {
  return rpc<{ ok: boolean; userinfo?: UserInfo }>('alterar_endereco', { ...a });
}
