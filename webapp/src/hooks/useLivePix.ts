/**
 * An order's Pix charge, followed live: on the checkout's success screen (the order just placed)
 * and in the buyer's order detail (an order awaiting its payment), so the buyer sees the payment
 * land without a reload:
 *
 * - a countdown to `pix_expira_em`, ticking every second;
 * - `consultar_pagamento` (the caller's `consultar`) asked with back-off (3 s, growing ×1.5 to
 *   10 s; the first at once with `imediato`), never while the tab is hidden (asked again at once
 *   when it shows), until the charge is paid or expired;
 * - at the deadline one more look, every 3 s for up to a minute, so a payment made in its last
 *   seconds is not called late: the server's `expirado` (or that minute) ends it as expired.
 *
 * A Pix that came in and is given back (`pix_devolvido`: another amount, paid late, …) is kept
 * for the screen to say so (decisions.md §28); a charge of another amount stays open to be paid.
 */
import { useEffect, useReducer, useState } from 'react';
import type { Answer, RpcResult } from '@/lib/rpc';
import type { PixDevolvido } from '@/types/wire';

/** What `consultar_pagamento` answers. */
export type PaymentState = Answer<'consultar_pagamento'>;

/** The first wait, the growth and the longest wait between two checks (ms). */
export const POLL_PRIMEIRO_MS = 3000;
export const POLL_FATOR = 1.5;
export const POLL_MAXIMO_MS = 10_000;
/** After the deadline: how often and for how long the server is asked before calling it expired. */
export const PRAZO_CHECAGEM_MS = 3000;
export const PRAZO_TOLERANCIA_MS = 60_000;

export type PixPhase =
  /** Waiting for the payment (the countdown runs). */
  | 'aguardando'
  /** The deadline passed: asking the server whether it came in at the last second. */
  | 'verificando'
  | 'pago'
  | 'expirado';

interface State {
  fase: PixPhase;
  devolvido: PixDevolvido | null;
  /** Whether the server was asked at least once (answered or failed). */
  perguntado: boolean;
}

type Action = { tipo: 'resposta'; r: PaymentState } | { tipo: 'falhou' } | { tipo: 'prazo' } | { tipo: 'desistir' };

function reduce(s: State, a: Action): State {
  if (s.fase === 'pago' || s.fase === 'expirado') return s;
  switch (a.tipo) {
    case 'resposta': {
      const devolvido = a.r.pix_devolvido ?? s.devolvido;
      if (a.r.pago) return { fase: 'pago', devolvido, perguntado: true };
      if (a.r.expirado) return { fase: 'expirado', devolvido, perguntado: true };
      return { ...s, devolvido, perguntado: true };
    }
    case 'falhou':
      return s.perguntado ? s : { ...s, perguntado: true };
    case 'prazo':
      return s.fase === 'aguardando' ? { ...s, fase: 'verificando' } : s;
    case 'desistir':
      return { ...s, fase: 'expirado' };
  }
}

export interface LivePix extends State {
  /** Milliseconds left before the charge expires (0 past it); null when the order says nothing. */
  restanteMs: number | null;
}

const visible = () => document.visibilityState !== 'hidden';

export interface LivePixOptions {
  /** The order's id. */
  idpedido: string;
  /** When its charge expires (ms since the epoch), or null when the order does not say. */
  expiraEm: number | null;
  /** Asks `consultar_pagamento` about the order (a feature's api/ function; a stable reference). */
  consultar: (signal: AbortSignal) => Promise<RpcResult<'consultar_pagamento'>>;
  /** Follow it (default true): false for an order whose charge is not awaiting payment. */
  ativo?: boolean;
  /** Ask at once instead of after the first wait (the order detail, opened on an older order). */
  imediato?: boolean;
}

/** Follows an order's Pix charge (see the module's comment). */
export function useLivePix({ idpedido, expiraEm, consultar, ativo = true, imediato = false }: LivePixOptions): LivePix {
  const [estado, dispatch] = useReducer(reduce, { fase: 'aguardando', devolvido: null, perguntado: false });
  const [agora, setAgora] = useState(() => Date.now());
  const { fase } = estado;

  // The countdown: one tick a second while waiting; the deadline moves to the last look.
  useEffect(() => {
    if (!ativo || fase !== 'aguardando' || expiraEm == null) return;
    const tick = () => {
      const t = Date.now();
      setAgora(t);
      if (t >= expiraEm) dispatch({ tipo: 'prazo' });
    };
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [ativo, fase, expiraEm]);

  // The checks.
  useEffect(() => {
    if (!ativo || (fase !== 'aguardando' && fase !== 'verificando')) return;
    const ctrl = new AbortController();
    let timer: number | undefined;
    let perguntando = false;
    let espera = fase === 'verificando' || imediato ? 0 : POLL_PRIMEIRO_MS;
    const desde = Date.now();

    const schedule = (ms: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void ask(), ms);
    };

    async function ask() {
      timer = undefined;
      if (!visible() || perguntando) return;
      perguntando = true;
      const r = await consultar(ctrl.signal);
      perguntando = false;
      if (ctrl.signal.aborted) return;
      if (r.error === undefined) dispatch({ tipo: 'resposta', r });
      else {
        console.error('consultar_pagamento:', r.error);
        dispatch({ tipo: 'falhou' });
      }
      if (fase === 'verificando') {
        if (Date.now() - desde >= PRAZO_TOLERANCIA_MS) dispatch({ tipo: 'desistir' });
        else schedule(PRAZO_CHECAGEM_MS);
        return;
      }
      espera = Math.min(POLL_MAXIMO_MS, Math.max(POLL_PRIMEIRO_MS / POLL_FATOR, espera) * POLL_FATOR);
      schedule(espera);
    }

    const onVisibilityChange = () => {
      if (!visible()) {
        window.clearTimeout(timer);
        timer = undefined;
      } else if (timer === undefined && !perguntando) {
        // Asked now, then the back-off starts over (the next wait is the first one again).
        if (fase === 'aguardando') espera = POLL_PRIMEIRO_MS / POLL_FATOR;
        void ask();
      }
    };

    schedule(espera);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      ctrl.abort();
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
    // `idpedido` names the order `consultar` asks about: a new order starts over.
  }, [ativo, fase, idpedido, consultar, imediato]);

  return { ...estado, restanteMs: expiraEm == null ? null : Math.max(0, expiraEm - agora) };
}

/** 'mm:ss' (or 'h:mm:ss' from an hour) of a duration in ms, rounded up to the second. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}
