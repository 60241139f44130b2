/**
 * `consultar_pagamento`: whether an order's Pix charge was paid or has expired.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function consultarPagamento(
  all: { idpedido: string; txid?: string | null },
  signal?: AbortSignal,
): Promise<RpcResult<{ pago: boolean; expirado: boolean }>> {
  return rpc<{ pago: boolean; expirado: boolean }>('consultar_pagamento', { all }, { signal });
}
