/**
 * `pegar_clientes`: the users without a store (admin only).
 */
import { rpc, type Answer, type RpcResult } from '@/lib/rpc';

/** A customer in the admin's list. */
export type Cliente = Answer<'pegar_clientes'>['clientes'][number];

export function pegarClientes(signal?: AbortSignal): Promise<RpcResult<'pegar_clientes'>> {
  return rpc('pegar_clientes', {}, { signal });
}
