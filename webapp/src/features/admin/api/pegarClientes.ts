/**
 * `pegar_clientes`: the users without a store (admin only).
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { Cliente } from './types';

export function pegarClientes(signal?: AbortSignal): Promise<RpcResponse<{ clientes: Cliente[] }>> {
  return rpcRequest<{ clientes: Cliente[] }>('pegar_clientes', {}, { signal });
}
