/**
 * `confirmar_recebimento` (decisions.md §37): the buyer's 'Recebi meu pedido' once the store marked
 * the order delivered; its held Pix money is released to the store at once. A refusal
 * (`nao_entregue`: the store has not marked it delivered) names its reason.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function confirmarRecebimento(idpedido: string): Promise<RpcResult<'confirmar_recebimento'>> {
  return rpc('confirmar_recebimento', { item: idpedido });
}
