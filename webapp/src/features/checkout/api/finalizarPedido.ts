/**
 * `finalizar_pedido`: the order as the API reads it (spec §3 'Order payload', §7): `sacola` (each
 * line's product id, its supplier, quantity and option), `forn` (the supplier), the total the buyer
 * saw (reais), `pagamento` ('1' in person, '2' Pix; decisions.md §6), `entrega` and `infoscupom`
 * (the applied coupon's code, or null), and the date and window chosen (`data_entrega`,
 * `janela_inicio`, `janela_fim`) when the store has delivery days. The spec's other fields (`site`, `dados`, each line's
 * prices and titles, the discount and fee the buyer saw) are not sent: the server recomputes them
 * all and reads none (docs/rpc.md 'Orders'), and the generated payload type has no place for them.
 *
 * The server refuses a differing total (`precos_mudaram`: 'Os preços mudaram. Revise o pedido.'),
 * missing stock (`estoque_insuficiente`: 'Estoque insuficiente para {titulo}') and the checkout's
 * own messages, storing nothing.
 *
 * The request carries the attempt's `Idempotency-Key` header (../idempotency.ts): the same key
 * and payload again get the first answer back, never a second order.
 */
import type { BagItem } from '@/lib/bag';
import { rpc, type Payload, type RpcResult } from '@/lib/rpc';
import { noteToSend } from '../note';

export type Pagamento = '1' | '2';

export type OrderPayload = Payload<'finalizar_pedido'>;

export interface OrderInput {
  items: BagItem[];
  forn: string;
  /** Reais. */
  total: number;
  pagamento: Pagamento;
  entrega: boolean;
  /** The applied coupon's code. */
  cupom: string | null;
  /** The delivery or pickup date and window chosen (decisions.md §36), when the store has days. */
  data?: { data: string; inicio: string; fim: string } | null;
  /** The buyer's note to the store (../note.ts); absent or blank: none. */
  observacao?: string;
}

/** The request's fields (without `codigo`). */
export function orderPayload(o: OrderInput): OrderPayload {
  return {
    sacola: o.items.map(({ infos, qtd, opcao, obs }) => ({
      id: infos.id,
      userforn: infos.userforn,
      quantidade: qtd,
      opcaoselecionada: opcao,
      ...(infos.aceitaobs && noteToSend(obs) ? { observacao: noteToSend(obs) } : {}),
    })),
    forn: o.forn,
    total: o.total,
    pagamento: o.pagamento,
    entrega: o.entrega,
    infoscupom: o.cupom ? { codigo: o.cupom } : null,
    ...(o.data ? { data_entrega: o.data.data, janela_inicio: o.data.inicio, janela_fim: o.data.fim } : {}),
    ...(noteToSend(o.observacao) ? { observacao: noteToSend(o.observacao) } : {}),
  };
}

/** Sends the order with the `Idempotency-Key` `chave` (the attempt's key for this very payload). */
export function finalizarPedido(payload: OrderPayload, chave: string): Promise<RpcResult<'finalizar_pedido'>> {
  return rpc('finalizar_pedido', payload, { headers: { 'Idempotency-Key': chave } });
}
