/**
 * New orders reach the panel at once: the server's event stream for the signed-in supplier
 * (docs/rpc.md, 'New orders, live': `GET /api/fornecedor/eventos?token=…`, server-sent events
 * `pendentes` and `novo_pedido`) bumps a counter on every event, and the pending deliveries are
 * fetched again. A dropped stream is reopened by the browser's EventSource itself.
 */
import { useEffect, useState } from 'react';
import { getSession } from '@/lib/session';
import { pegarEntregasPendentes } from './api/actions';
import type { Pedido } from './api/types';

export const EVENTS_PATH = '/api/fornecedor/eventos';

/** A counter that changes whenever the server reports an order event. */
export function useOrderEvents(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const token = getSession()?.token;
    if (!token || typeof EventSource === 'undefined') return;
    const es = new EventSource(`${EVENTS_PATH}?token=${encodeURIComponent(token)}`);
    const bump = () => setVersion((v) => v + 1);
    es.onmessage = bump;
    for (const name of ['pendentes', 'novo_pedido']) es.addEventListener(name, bump);
    return () => es.close();
  }, []);
  return version;
}

/** The pending deliveries, fetched again on every order event; `null` while the first load runs. */
export function usePendingDeliveries(usuario: string, version: number, bump = 0): { pendentes: Pedido[] | null; failed: boolean } {
  const [state, setState] = useState<{ pendentes: Pedido[] | null; failed: boolean }>({ pendentes: null, failed: false });
  useEffect(() => {
    let alive = true;
    void pegarEntregasPendentes(usuario).then((r) => {
      if (!alive) return;
      if (r.error !== undefined) setState((s) => ({ pendentes: s.pendentes ?? [], failed: true }));
      else setState({ pendentes: r.entregas, failed: false });
    });
    return () => {
      alive = false;
    };
  }, [usuario, version, bump]);
  return state;
}
