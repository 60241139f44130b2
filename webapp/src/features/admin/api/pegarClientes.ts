/**
 * `pegar_clientes`: a page of the users without a store, by name (admin only); `cursor` (the
 * previous page's `proximo`) asks for the page after it.
 */
import { rpc, type Answer, type RpcResult } from '@/lib/rpc';

/** A customer in the admin's list. */
export type Cliente = Answer<'pegar_clientes'>['clientes'][number];

export function pegarClientes(signal?: AbortSignal, cursor?: string | null): Promise<RpcResult<'pegar_clientes'>> {
  return rpc('pegar_clientes', cursor ? { cursor } : {}, { signal });
}
