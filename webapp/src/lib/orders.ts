/**
 * How an order reads on screen (display mappings of the wire codes, docs/rpc.md 'Orders'), for
 * the buyer's order history, the checkout's Pix screen and the supplier's deliveries: the order
 * number, its status in one phrase, and what happened to a Pix that came in and is given back
 * (decisions.md §28: a buyer whose money came in is never told it was not paid in time).
 */
import type { Pedido, PixDevolvido } from '@/types/wire';
import { capitalizeWords } from './display';

/** Delivery ('Entrega') or pickup. */
export function isDelivery(p: Pedido): boolean {
  return p.Infos.tipo_entrega === 'Entrega';
}

/**
 * The delivery or pickup date and window chosen at checkout, as Brazilians read it ('Terça-feira,
 * 1 de dezembro, 8h–12h', written by the server in São Paulo time: decisions.md §36, §40), or
 * null for an order without a date.
 */
export function scheduledDate(p: Pedido): string | null {
  const t = p.Infos.data_entrega_texto;
  return t ? capitalizeWords(t) : null;
}

/** Pix when the payment code is '2' or a Pix code is present. */
export function isPix(p: Pedido): boolean {
  return p.Infos.pagamento === '2' || (p.Infos.pagamento == null && !!p.Infos.qrcode);
}

/** spec §4 'Order situacao' (first character): 0 Cancelado, 1 Aguardando entrega, else confirmed. */
export function statusLabel(situacao: string): string {
  const c = situacao.charAt(0);
  if (c === '0') return 'Cancelado';
  if (c === '1') return 'Aguardando entrega';
  return 'Entrega confirmada';
}

/**
 * The order's status in one phrase, for the history's cards: 'Cancelado', 'Entrega confirmada',
 * 'Entregue · confirme o recebimento' (marked delivered by the store, the buyer's word awaited), or, while it awaits delivery, 'Aguardando pagamento' (a Pix not paid yet), 'Pago · aguardando
 * entrega' (a Pix paid) or 'Aguardando entrega' (in person).
 */
export function orderStatusText(p: Pedido): string {
  const c = p.Infos.situacao.charAt(0);
  if (awaitsReceipt(p)) return 'Entregue · confirme o recebimento';
  if (c !== '1' || !isPix(p)) return statusLabel(p.Infos.situacao);
  if (p.Infos.status_pix === '2') return 'Pago · aguardando entrega';
  if (p.Infos.status_pix === '0') return 'Pix expirado';
  return 'Aguardando pagamento';
}

/**
 * The store marked the order delivered and the buyer's word is awaited: 'Recebi meu pedido'
 * or 'Tive um problema' (decisions.md §37). Its Pix money stays held until then.
 */
export function awaitsReceipt(p: Pedido): boolean {
  return p.Infos.situacao === '2' && p.Infos.recebido_em == null;
}

/** Only an order awaiting delivery can be cancelled by the buyer. */
export function canCancel(p: Pedido): boolean {
  return p.Infos.situacao.charAt(0) === '1';
}

/** The order's id as stored. */
export function orderId(p: Pedido): string {
  return p.idpedido ?? p.id;
}

/** An order's short number: its id's first 8 characters, upper-cased ('3F9A1C2B'). */
export function shortNumber(idpedido: string): string {
  return idpedido.slice(0, 8).toUpperCase();
}

/** 'Pedido nº 3F9A1C2B'. */
export function orderNumber(p: Pedido): string {
  return `Pedido nº ${shortNumber(orderId(p))}`;
}

/** An order's time, '21/11/2026, 14:05', in Brazilian time (./time.ts, decisions.md §40). */
export { formatDateTime as formatOrderTime } from './time';

/** A Pix charge that expired with nothing paid: the order was cancelled. */
export const PIX_EXPIRADO = 'O Pix não foi pago a tempo e o pedido foi cancelado.';
/** decisions.md §28: a Pix of another amount than the charge's is given back whole. */
export const PIX_VALOR_DIFERENTE = 'Recebemos um Pix de valor diferente e o devolvemos';

const DEVOLVIDO: Record<PixDevolvido, string> = {
  cancelamento: 'O pedido foi cancelado e o valor pago por Pix é devolvido a você',
  pagamento_tardio: 'Recebemos o seu Pix depois do prazo de pagamento e o devolvemos',
  valor_diferente: PIX_VALOR_DIFERENTE,
  cobranca_desconhecida: 'Recebemos um Pix que não pôde ser usado neste pedido e o devolvemos',
  pagamento_duplicado: 'Recebemos um segundo Pix para este pedido, já pago (pagamento em duplicidade), e o devolvemos',
  pedido_cancelado: 'Recebemos o seu Pix depois que o pedido foi cancelado e o devolvemos',
  outra_chave: 'Recebemos um Pix para outra chave, que não pôde ser usado neste pedido, e o devolvemos',
  reclamacao: 'A devolução combinada na reclamação deste pedido é feita a você por Pix',
};

/** What the buyer is told about a Pix that came in and is given back (null: none came back); one sentence, no final period. */
export function pixRefundText(motivo: PixDevolvido | string | null | undefined): string | null {
  if (!motivo) return null;
  return DEVOLVIDO[motivo as PixDevolvido] ?? DEVOLVIDO.cobranca_desconhecida;
}
