/**
 * How an order reads on screen (display mappings of the wire codes, docs/rpc.md 'Orders'), for
 * the buyer's order history and the supplier's deliveries.
 */
import type { Pedido } from '@/types/orders';

/** Delivery ('Entrega') or pickup. */
export function isDelivery(p: Pedido): boolean {
  return p.Infos.tipo_entrega === 'Entrega';
}

/** Pix when the payment code is '2' or a Pix code is present. */
export function isPix(p: Pedido): boolean {
  return p.Infos.pagamento === '2' || (p.Infos.pagamento == null && !!p.Infos.qrcode);
}

/** spec §4 'Order situacao' (first character): 0 Cancelado, 1 Aguardando entrega, else confirmed. */
export function situacaoLabel(situacao: string): string {
  const c = situacao.charAt(0);
  if (c === '0') return 'Cancelado';
  if (c === '1') return 'Aguardando entrega';
  return 'Entrega confirmada';
}

/** Only an order awaiting delivery can be cancelled by the buyer. */
export function canCancel(p: Pedido): boolean {
  return p.Infos.situacao.charAt(0) === '1';
}

const TIME = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** '21/11/2026, 14:05'. */
export function formatOrderTime(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? '' : TIME.format(d);
}

