/**
 * `consultar_pagamento`: whether an order's Pix charge was paid or has expired, and whether a Pix
 * that came in is being given back (`pix_devolvido`, decisions.md §28). `all` names the order
 * (its id and its charge's txid); the server checks the order is the caller's.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function consultarPagamento(idpedido: string, txid: string | null, signal?: AbortSignal): Promise<RpcResult<'consultar_pagamento'>> {
  return rpc('consultar_pagamento', { all: { idpedido, txid } }, { signal });
}
