/**
 * The checkout's `Idempotency-Key` (a checkout never doubles). `finalizar_pedido`
 * carries one key per checkout attempt: the same key when the buyer sends the same order again
 * after not learning what became of it ('Ocorreu um erro de comunicação.', a timeout, a server
 * that died mid-answer), so the server answers the first order instead of placing a second; a new
 * key once the attempt was settled (the order placed, or refused for a reason) or when the order
 * changed (bag, options, coupon, payment: any field of the payload).
 *
 * The attempt is kept in `sessionStorage` (this tab, across a reload: a buyer who reloads after a
 * timeout and tries again still sends the same key), in memory when the browser refuses storage.
 */

import { outcomeUnknown, type ErrorCode } from '@/lib/rpc';

const STORAGE_KEY = 'feira:pedido-tentativa';

interface Tentativa {
  chave: string;
  /** The payload the key was made for, as JSON. */
  pedido: string;
}

let memoria: Tentativa | null = null;

function read(): Tentativa | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (raw == null) return memoria;
    const t = JSON.parse(raw) as Partial<Tentativa>;
    return typeof t.chave === 'string' && typeof t.pedido === 'string' ? { chave: t.chave, pedido: t.pedido } : null;
  } catch {
    return memoria;
  }
}

function record(t: Tentativa | null) {
  memoria = t;
  try {
    if (t) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(t));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    /* kept in memory only */
  }
}

/** A fresh random key (a UUID v4). */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The key for sending `pedido` (the request's fields): the open attempt's when it is the same
 * order, otherwise a new attempt's.
 */
export function orderKey(pedido: object): string {
  const json = JSON.stringify(pedido);
  const isOpen = read();
  if (isOpen && isOpen.pedido === json) return isOpen.chave;
  const t = { chave: newKey(), pedido: json };
  record(t);
  return t.chave;
}

/**
 * After `finalizar_pedido` answered: the attempt ends (the order placed, or refused for a reason)
 * unless its outcome is unknown (no answer, a timeout, a rate limit, a server failure: the
 * client's `outcomeUnknown` of its `codigo_erro`), so that sending it again carries the same key.
 */
export function recordAnswer(r: { codigo_erro?: ErrorCode }): void {
  if (r.codigo_erro === undefined || !outcomeUnknown(r.codigo_erro)) record(null);
}

/** Tests only: forget the open attempt. */
export function forgetAttempt(): void {
  record(null);
}
