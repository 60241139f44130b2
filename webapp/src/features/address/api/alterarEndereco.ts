/**
 * `alterar_endereco` (spec §7): saves the signed-in user's address, phone, CEP and bairro and
 * answers the updated `userinfo` (and `aviso`: 'Usamos o centro de {cidade} para calcular a
 * distância' when the point is the city's). The server takes the user from the session and
 * computes the coordinates itself (decisions.md §15, §31: a buyer cannot move closer to a supplier
 * to cut a per-km fee or to get within its delivery distance), so neither the user nor the
 * coordinates the wizard showed are sent.
 */
import { rpc, type Payload, type RpcResult } from '@/lib/rpc';

export type EnderecoInput = Payload<'alterar_endereco'>;

export function alterarEndereco(a: EnderecoInput): Promise<RpcResult<'alterar_endereco'>> {
  return rpc('alterar_endereco', a);
}
