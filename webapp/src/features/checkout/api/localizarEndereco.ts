/**
 * `gerar_coordenadas` for a recurring basket's own address (decisions.md §35): the server's
 * coordinates of the address typed at 'Assinar', from which wasm-core computes the first
 * delivery's fee here as the server will (the server locates it again on `assinar`).
 */
import type { AddressValue } from '@/components/places/AddressFields';
import { rpc, type RpcResult } from '@/lib/rpc';

export function localizarEndereco(a: AddressValue): Promise<RpcResult<'gerar_coordenadas'>> {
  return rpc('gerar_coordenadas', { rua: a.rua, numero: a.numero, cidade: a.cidade, cep: a.cep, bairro: a.bairro });
}
