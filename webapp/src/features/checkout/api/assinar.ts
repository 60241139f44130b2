/**
 * `assinar` (decisions.md §35; docs/subscriptions.md): the bag's checkout payload with `frequencia`,
 * paid 'na_entrega', becomes a recurring basket. The server checks and prices it as an order and
 * places each cycle's order at the store's cut-off.
 */
import { rpc, type RpcResult } from '@/lib/rpc';
import type { OrderPayload } from './finalizarPedido';

export type Frequencia = 'semanal' | 'quinzenal' | 'mensal';

export const FREQUENCIAS: { id: Frequencia; label: string }[] = [
  { id: 'semanal', label: 'Semanal' },
  { id: 'quinzenal', label: 'Quinzenal' },
  { id: 'mensal', label: 'Mensal (a cada 4 semanas)' },
];

export function assinar(order: OrderPayload, frequencia: Frequencia): Promise<RpcResult<'assinar'>> {
  return rpc('assinar', { ...order, pagamento: 'na_entrega', frequencia });
}
