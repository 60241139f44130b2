/**
 * How the service worker answers a catalogue read (`GET /api?codigo=…`, src/lib/cacheable.ts), so
 * that the page always knows whether the network answered (what the offline banner leans on,
 * whatever `navigator.onLine` says):
 *
 * - The server is always asked, never the HTTP cache's fresh copy (`cache: 'no-cache'`: a 304
 *   when nothing changed, so an unchanged answer costs its headers only). A fresh copy of the
 *   HTTP cache would otherwise hide a server that stopped answering.
 * - While the saved copy is fresh (younger than the answer's own `max-age`, and the page did not
 *   ask for a revalidated read), it is answered at once, marked `recente`, and the server is asked
 *   in the background; the outcome reaches every page as a `NETWORK_MESSAGE`.
 * - Otherwise the network is waited for up to `timeoutMs`; when it fails, answers 5xx (a proxy in
 *   front of a stopped server) or is too slow, the saved copy is answered, marked `1`. Without a
 *   saved copy the network's own answer or failure goes through.
 * - Two reads of one URL at once (the first read started with the shell, then the page's own)
 *   share one network request.
 */
/// <reference lib="webworker" />
import { Strategy, type StrategyHandler, type StrategyOptions } from 'workbox-strategies';
import { NETWORK_MESSAGE, SAVED_COPY_HEADER, SAVED_COPY_RECENT, SAVED_COPY_STALE } from '../src/lib/cacheable';

declare const self: ServiceWorkerGlobalScope;

/** Until when (ms since the epoch) a saved answer is fresh: its `Date` plus its `max-age`; 0 when it says neither. */
export function freshUntil(headers: Headers): number {
  const date = Date.parse(headers.get('Date') ?? '');
  const maxAge = /(?:^|,)\s*max-age=(\d+)/i.exec(headers.get('Cache-Control') ?? '');
  return Number.isNaN(date) || !maxAge ? 0 : date + Number(maxAge[1]) * 1000;
}

/** A copy of `res` with the saved-copy mark `value`. */
async function marked(res: Response, value: string): Promise<Response> {
  const headers = new Headers(res.headers);
  headers.set(SAVED_COPY_HEADER, value);
  return new Response(await res.blob(), { status: res.status, statusText: res.statusText, headers });
}

/** Tells every page whether the network answered. */
async function announce(ok: boolean) {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: NETWORK_MESSAGE, ok });
}

export class CatalogueRead extends Strategy {
  private readonly timeoutMs: number;
  /** Network answers in flight, by URL. */
  private readonly pending = new Map<string, Promise<Response>>();

  constructor(options: StrategyOptions & { timeoutMs: number }) {
    super(options);
    this.timeoutMs = options.timeoutMs;
  }

  /** The server's answer (kept when good); rejects when the network failed or answered 5xx. */
  private network(request: Request, handler: StrategyHandler): Promise<Response> {
    const key = request.url;
    let answer = this.pending.get(key);
    if (!answer) {
      answer = handler
        .fetchAndCachePut(new Request(key, { cache: 'no-cache', credentials: 'same-origin' }))
        .then((res) => {
          if (res.status >= 500) throw new Error(`HTTP ${res.status}`);
          return res;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, answer);
    }
    return answer.then((res) => res.clone());
  }

  protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const saved = await handler.cacheMatch(request);
    const network = this.network(request, handler);

    const revalidate = request.cache === 'no-cache' || request.cache === 'reload' || request.cache === 'no-store';
    if (saved && !revalidate && Date.now() < freshUntil(saved.headers)) {
      handler.waitUntil(network.then(() => announce(true), () => announce(false)));
      return marked(saved, SAVED_COPY_RECENT);
    }
    if (!saved) return network;

    let timer: ReturnType<typeof setTimeout> | undefined;
    const tooSlow = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.timeoutMs);
    });
    // The late answer is still kept (fetchAndCachePut), for the next read.
    handler.waitUntil(network.catch(() => undefined));
    const res = await Promise.race([network.catch(() => null), tooSlow]);
    clearTimeout(timer);
    return res ?? marked(saved, SAVED_COPY_STALE);
  }
}
