/**
 * `gerar_coordenadas`: the coordinates of an address (the geocoder with the whole address, or the
 * municipality seat, which `aviso` then says).
 */
import { rpc, type Payload, type RpcResult } from '@/lib/rpc';

export function gerarCoordenadas(a: Payload<'gerar_coordenadas'>): Promise<RpcResult<'gerar_coordenadas'>> {
  return rpc('gerar_coordenadas', a);
}
