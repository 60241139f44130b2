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
  cep?: string | null;
  bairro?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

export interface EnderecoSalvo {
  ok: boolean;
  userinfo?: UserInfo;
  /** 'Usamos o centro de {cidade} para calcular a distância' when the point is the city's. */
  aviso?: string | null;
}

export function alterarEndereco(a: EnderecoInput): Promise<RpcResult<EnderecoSalvo>> {
  return rpc<EnderecoSalvo>('alterar_endereco', { ...a });
}
