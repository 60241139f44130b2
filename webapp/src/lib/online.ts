/**
 * Whether the app is offline, for the banner and for the actions that need the server.
 *
 * Offline means the browser says so (`navigator.onLine`, its `online`/`offline` events) or the
 * network did not answer the last request (a weak signal, a stopped server: the browser may still
 * call that online, and Chromium 148 does even offline once a service worker controls the page).
 * The second is told by the RPC client (`noteNetwork`: a read the service worker answered from its
 * saved copy, a request that failed in transit, an answer from the server) and by the service
 * worker's messages about the reads it asks in the background (`NETWORK_MESSAGE`).
 *
 * While the network does not answer, the server is asked every `PROBE_MS` (and when the browser
 * says it is back online) with a request no cache answers (`/healthz`); the first answer, from
 * there or from any other request, ends it, and the pages' loads (hooks/useLoad) are refreshed
 * (`onReconnect`), so the saved copy is replaced without a reload.
 */
import { useSyncExternalStore } from 'react';
import { NETWORK_MESSAGE } from './cacheable';

/** The banner's text. */
export const SEM_INTERNET = 'Você está sem internet. Mostrando a última versão salva.';
/** What an action that needs the server says offline, instead of failing silently. */
export const SEM_CONEXAO = 'Sem conexão. Conecte-se à internet e tente de novo.';
export const SEM_CONEXAO_PEDIDO = 'Sem conexão. Conecte-se à internet para finalizar o pedido.';
export const SEM_CONEXAO_LOGIN = 'Sem conexão. Conecte-se à internet para entrar.';

/** How often the server is asked while it does not answer (ms). */
export const PROBE_MS = 5000;
/** What is asked: answered by the server itself (no cache, no service worker route). */
export const PROBE_URL = '/healthz';

let unreachable = false;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function subscribe(l: () => void) {
  listeners.add(l);
  window.addEventListener('online', l);
  window.addEventListener('offline', l);
  return () => {
    listeners.delete(l);
    window.removeEventListener('online', l);
    window.removeEventListener('offline', l);
  };
}

/** Whether the browser says it has no network connection (an action is then not even sent). */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Whether the app is offline: the browser says so, or the network did not answer the last request. */
export function isOffline(): boolean {
  return browserOffline() || unreachable;
}

/** Asks the server once; an answer ends the unreachable state. */
async function probe() {
  probeTimer = undefined;
  try {
    const res = await fetch(PROBE_URL, { cache: 'no-store' });
    if (res.status < 500) noteNetwork(true);
  } catch {
    /* still no answer */
  }
  scheduleProbe();
}

function scheduleProbe() {
  if (!unreachable || probeTimer !== undefined) return;
  probeTimer = setTimeout(() => {
    if (document.visibilityState === 'hidden') {
      probeTimer = undefined;
      scheduleProbe();
    } else {
      void probe();
    }
  }, PROBE_MS);
}

/**
 * Records whether the network answered a request (the RPC client and the service worker's
 * messages call it): `false` shows the banner, `true` hides it and refreshes the pages' loads.
 */
export function noteNetwork(answered: boolean) {
  if (unreachable === !answered) return;
  unreachable = !answered;
  emit();
  if (unreachable) {
    scheduleProbe();
  } else {
    clearTimeout(probeTimer);
    probeTimer = undefined;
    reconnectListeners.forEach((l) => l());
  }
}

/** Calls `l` whenever the network answers again after it did not; returns the unsubscribe. */
export function onReconnect(l: () => void): () => void {
  reconnectListeners.add(l);
  return () => reconnectListeners.delete(l);
}

let watching = false;

/**
 * Listens to the service worker's word on the reads it asked in the background, and to the
 * browser's `online` event (the server is then asked at once).
 */
export function watchNetwork() {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; ok?: unknown } | null;
    if (data?.type === NETWORK_MESSAGE && typeof data.ok === 'boolean') noteNetwork(data.ok);
  });
  window.addEventListener('online', () => {
    if (!unreachable) return;
    clearTimeout(probeTimer);
    void probe();
  });
}

/** `isOffline()`, re-rendering when it changes. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
