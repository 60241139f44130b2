/**
 * `gerar_coordenadas`: the coordinates of an address (the geocoder, or the municipality seat).
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function gerarCoordenadas(a: { rua: string; numero: string; cidade: string }): Promise<RpcResult<'gerar_coordenadas'>> {
  return rpc('gerar_coordenadas', a);
}
