/**
 * `loading_admin`: every supplier, hidden ones included (admin only).
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';
import type { FornecedorAdmin } from './types';

export function loadingAdmin(signal?: AbortSignal): Promise<RpcResponse<{ fornecedores: FornecedorAdmin[] }>> {
  return rpcRequest<{ fornecedores: FornecedorAdmin[] }>('loading_admin', {}, { signal });
}
