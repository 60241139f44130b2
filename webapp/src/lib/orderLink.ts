/**
 * The link to one order that the notices carry (docs/notices.md: `painel/perfil/{comprador}?pedido={id}`
 * for the buyer, `painel/{loja}?pedido={id}` for the store): the order's id read from the page's
 * query, the message when it names no order of the signed-in person, and the walk through a
 * paged list (and, for the store, the months of its history) that finds that order.
 */
import type { Page } from '@/hooks/usePagedList';
import type { Result } from './rpc';

/** The query parameter that names the order. */
export const ORDER_PARAM = 'pedido';

/** Said when the link's order is not one of the signed-in person's (or does not exist); the API's own words. */
export const PEDIDO_NAO_ENCONTRADO = 'Pedido não encontrado.';

/** The order's id in a page's query string (`?pedido=…`), or null when it names none. */
export function linkedOrderId(search: string): string | null {
  const id = new URLSearchParams(search).get(ORDER_PARAM)?.trim() ?? '';
  return id === '' ? null : id;
}

/** Most pages read while looking for one order, so a wrong link cannot walk forever. */
export const MAX_PAGES = 40;

/**
 * The first row `match` accepts, reading the pages `load` gives one after the other (null: not in
 * the list, or a page failed, or `signal` aborted).
 */
export async function findInPages<T>(
  load: (cursor: string | null) => Promise<Result<Page<T>>>,
  match: (row: T) => boolean,
  signal?: AbortSignal,
): Promise<T | null> {
  let cursor: string | null = null;
  for (let n = 0; n < MAX_PAGES && !signal?.aborted; n++) {
    const page = await load(cursor);
    if (page.error !== undefined || signal?.aborted) return null;
    const hit = page.rows.find(match);
    if (hit) return hit;
    if (page.proximo === null) return null;
    cursor = page.proximo;
  }
  return null;
}

/** The `count` months from (`ano`, `mes`) backwards, that month first. */
export function monthsBack(ano: number, mes: number, count: number): { ano: number; mes: number }[] {
  return Array.from({ length: count }, (_, i) => {
    const k = ano * 12 + (mes - 1) - i;
    return { ano: Math.floor(k / 12), mes: (k % 12) + 1 };
  });
}
