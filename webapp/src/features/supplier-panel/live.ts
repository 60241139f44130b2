/**
 * New orders reach the panel at once: the server's event stream for the signed-in supplier
 * (docs/rpc.md, 'New orders, live': `GET /api/fornecedor/eventos?ticket=…`, server-sent events
 * `pendentes`, `novo_pedido` and `pagamento`, an order's Pix paid) bumps a counter on every event,
 * and the pending deliveries (and an open delivery's Pix status) are fetched again. The session token never goes in the URL: each connection first asks
 * `pegar_ticket_eventos` for a single-use ticket. A ticket opens one connection only, so when the
 * stream drops (network, a server restart, the session signed out elsewhere) the hook closes it and
 * opens a new one with a fresh ticket after a growing pause (1 s, 3 s, 10 s, then every 30 s),
 * bumping the counter so anything missed is fetched again; it stops when the session is gone (401).
 */
import { useEffect, useState } from 'react';
import type { Page } from '@/hooks/usePagedList';
import { getSession } from '@/lib/session';
import { pegarEntregasPendentes, pegarTicketEventos } from './api/actions';
import type { Pedido } from './api/actions';

export const EVENTS_PATH = '/api/fornecedor/eventos';
/** Pauses before reconnecting, by consecutive failures (the last one repeats). */
export const RECONNECT_MS = [1000, 3000, 10_000, 30_000];

/** A counter that changes whenever the server reports an order event (or the stream reconnects). */
export function useOrderEvents(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!getSession()?.token || typeof EventSource === 'undefined') return;
    let stopped = false;
    let failures = 0;
    let es: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bump = () => setVersion((v) => v + 1);
    const retry = () => {
      if (stopped) return;
      const wait = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)];
      failures += 1;
      timer = setTimeout(() => void open(), wait);
    };
    const open = async () => {
      const data = await pegarTicketEventos();
      if (stopped) return;
      if (data.error !== undefined) {
        // Not signed in, not a supplier: no stream to open; anything else is tried again.
        const gone = data.codigo_erro === 'nao_autenticado' || data.codigo_erro === 'sem_permissao' || data.codigo_erro === 'nao_encontrado';
        if (!gone) retry();
        return;
      }
      const source = new EventSource(`${EVENTS_PATH}?ticket=${encodeURIComponent(data.ticket)}`);
      es = source;
      source.onopen = () => {
        failures = 0;
      };
      source.onmessage = bump;
      for (const name of ['pendentes', 'novo_pedido', 'pagamento']) source.addEventListener(name, bump);
      source.onerror = () => {
        source.close();
        if (es === source) es = null;
        bump();
        retry();
      };
    };
    void open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      es?.close();
    };
  }, []);
  return version;
}

/** The pending deliveries' first page and how many there are in all. */
export interface Pending {
  /** The first page (oldest first); `null` while the first load runs. */
  pendentes: Page<Pedido> | null;
  /** Every pending delivery, all pages (the menu's badge). */
  total: number | null;
  failed: boolean;
}

/** The pending deliveries, fetched again on every order event; `null` while the first load runs. */
export function usePendingDeliveries(usuario: string, version: number, bump = 0): Pending {
  const [state, setState] = useState<Pending>({ pendentes: null, total: null, failed: false });
  useEffect(() => {
    let alive = true;
    void pegarEntregasPendentes().then((r) => {
      if (!alive) return;
      if (r.error !== undefined) setState((s) => ({ pendentes: s.pendentes ?? { rows: [], proximo: null }, total: s.total ?? 0, failed: true }));
      else setState({ pendentes: { rows: r.entregas, proximo: r.proximo ?? null }, total: r.pendentes, failed: false });
    });
    return () => {
      alive = false;
    };
  }, [usuario, version, bump]);
  return state;
}
