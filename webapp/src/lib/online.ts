/**
 * Whether the app is offline, for the banner and for the actions that need the server.
 *
 * Offline means the browser says so (`navigator.onLine`, its `online`/`offline` events) or the
 * last catalogue read came from the service worker's saved copy because the network did not
 * answer (a weak signal the browser still calls online). A read answered by the network clears
 * the second.
 */
import { useSyncExternalStore } from 'react';

/** The banner's text. */
export const SEM_INTERNET = 'Você está sem internet. Mostrando a última versão salva.';
/** What an action that needs the server says offline, instead of failing silently. */
export const SEM_CONEXAO = 'Sem conexão. Conecte-se à internet e tente de novo.';
export const SEM_CONEXAO_PEDIDO = 'Sem conexão. Conecte-se à internet para finalizar o pedido.';
export const SEM_CONEXAO_LOGIN = 'Sem conexão. Conecte-se à internet para entrar.';

let savedCopy = false;
const listeners = new Set<() => void>();
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

/** Whether the browser has no network connection. */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Whether the page shows saved data: offline, or the last read was the saved copy. */
export function showingSavedCopy(): boolean {
  return isOffline() || savedCopy;
}

/** Records whether the last catalogue read came from the saved copy (the RPC client calls it). */
export function noteReadSource(fromSavedCopy: boolean) {
  if (savedCopy === fromSavedCopy) return;
  savedCopy = fromSavedCopy;
  emit();
}

/** `showingSavedCopy()`, re-rendering when it changes. */
export function useShowingSavedCopy(): boolean {
  return useSyncExternalStore(subscribe, showingSavedCopy, () => false);
}

/** `isOffline()`, re-rendering when it changes. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
