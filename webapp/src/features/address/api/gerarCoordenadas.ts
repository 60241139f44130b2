/**
 * `gerar_coordenadas`: the coordinates of an address (the geocoder, or the municipality seat).
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function gerarCoordenadas(a: { rua: string; numero: string; cidade: string }): Promise<RpcResult<{ latitude: number; longitude: number }>> {
  return rpc<{ latitude: number; longitude: number }>('gerar_coordenadas', a);
}
