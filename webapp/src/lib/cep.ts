/**
 * `consultar_cep` (decisions.md §31): the street, bairro and city of a CEP, from the lookup the
 * API is configured with (`CEP_URL`). Any failure (no lookup, unknown CEP, offline) leaves the
 * address to be typed by hand.
 */
import { rpc, type Answer, type RpcResult } from '@/lib/rpc';

/** What the lookup knows of a CEP (`cidade`: 'City, UF' as in the IBGE list; null when unknown). */
export type CepAnswer = Answer<'consultar_cep'>;

export function lookUpCep(cep: string): Promise<RpcResult<'consultar_cep'>> {
  return rpc('consultar_cep', { cep });
}
