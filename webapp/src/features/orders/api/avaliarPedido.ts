/**
 * `avaliar_pedido` (decisions.md §33): the buyer rates a delivered order 1–5 with an optional
 * comment; a second call changes the review (within 30 days of its first writing). `nova` says
 * whether it was written now.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function avaliarPedido(idpedido: string, nota: number, comentario: string | null): Promise<RpcResult<'avaliar_pedido'>> {
  return rpc('avaliar_pedido', { idpedido, nota, comentario });
}
