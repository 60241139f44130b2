/**
 * `gerar_coordenadas`: the coordinates of an address (the geocoder with the whole address, or the
 * municipality seat, which `aviso` then says).
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export interface Coordenadas {
  latitude: number;
  longitude: number;
  aproximado?: boolean;
  /** 'Usamos o centro de {cidade} para calcular a distância' when `aproximado`. */
  aviso?: string | null;
}

export function gerarCoordenadas(a: {
  rua: string;
  numero: string;
  cidade: string;
  cep?: string | null;
  bairro?: string | null;
}): Promise<RpcResult<Coordenadas>> {
  return rpc<Coordenadas>('gerar_coordenadas', a);
}
