/**
 * `consultar_cep` (decisions.md §31): the street, bairro and city of a CEP, from the lookup the
 * API is configured with (`CEP_URL`). Any failure (no lookup, unknown CEP, offline) leaves the
 * address to be typed by hand.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export interface CepEncontrado {
  cep: string;
  rua: string | null;
  bairro: string | null;
  /** 'City, UF' as in the IBGE list; null when unknown. */
  cidade: string | null;
}

export function consultarCep(cep: string): Promise<RpcResult<CepEncontrado>> {
  return rpc<CepEncontrado>('consultar_cep', { cep });
}
