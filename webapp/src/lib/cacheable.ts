/**
 * What the app and its service worker (../../sw/sw.ts) agree on about cacheable reads.
 *
 * The public catalogue reads are also served as `GET /api?codigo=…&field=value…` with a strong
 * `ETag` and a short `Cache-Control` (decisions.md §24, docs/rpc.md): the browser's HTTP cache
 * and the service worker can keep them, and a revisit asks with `If-None-Match` (304). The RPC
 * client (rpc.ts) sends exactly these actions that way; every other action stays `POST /api`.
 * Which actions they are is the API's word: `GET_ACTIONS`, generated from its OpenAPI document
 * (`x-feira-get`) into ../types/api.gen.ts, whose only code is that list and `READ_ACTIONS`, so
 * the service worker's bundle takes nothing else from it.
 */
import { GET_ACTIONS } from '../types/api.gen';

const GET_READS: ReadonlySet<string> = new Set(GET_ACTIONS);

/** Whether action `codigo` is a public read answered by `GET /api?codigo=…` (the coupon check is not one). */
export function isGetAction(codigo: string): boolean {
  return GET_READS.has(codigo);
}

/**
 * The header the service worker (../../sw/catalogue.ts) adds to a read it answered from its saved
 * copy: `SAVED_COPY_STALE` when the network failed, answered 5xx or was too slow (the page then
 * says it is showing the last saved version), `SAVED_COPY_RECENT` when the copy was fresh and the
 * server is being asked in the background (its outcome arrives as a `NETWORK_MESSAGE`). A read
 * without it was answered by the network.
 */
export const SAVED_COPY_HEADER = 'X-Feira-Copia-Salva';
export const SAVED_COPY_STALE = '1';
export const SAVED_COPY_RECENT = 'recente';

/** The service worker's message to the pages, `{type: NETWORK_MESSAGE, ok}`: whether the network answered a background read. */
export const NETWORK_MESSAGE = 'feira:rede';

/**
 * `GET /api?codigo=…&…`: the action, then the fields sorted by name (one URL per question, so
 * one cache entry); null and undefined fields left out.
 */
export function readUrl(codigo: string, fields: Record<string, unknown>): string {
  const query = new URLSearchParams({ codigo });
  for (const key of Object.keys(fields).sort()) {
    const v = fields[key];
    if (v === null || v === undefined || key === 'codigo') continue;
    query.append(key, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return `/api?${query}`;
}

/** Whether `url` is one of the cacheable reads. */
export function isCacheableRead(url: URL): boolean {
  return url.pathname === '/api' && isGetAction(url.searchParams.get('codigo') ?? '');
}
