/**
 * `consultar_pagamento` for the order just placed: whether its Pix charge was paid or expired,
 * and whether a Pix that came in is being given back (`pix_devolvido`, decisions.md §28). The
 * server reads the order id and checks the order is the caller's.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function consultarPagamento(idpedido: string, signal?: AbortSignal): Promise<RpcResult<'consultar_pagamento'>> {
  return rpc('consultar_pagamento', { all: { idpedido } }, { signal });
}
