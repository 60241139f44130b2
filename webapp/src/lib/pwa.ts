/**
 * The installable app, on the page's side (the worker is ../../sw/sw.ts):
 *
 * - `registerServiceWorker()` registers /sw.js a few seconds after the page has loaded, when it
 *   is idle (so its install never competes with the first visit's own requests: the route's
 *   chunk, its data, wasm-core, the photos), and hands the worker the catalogue reads and photos
 *   this page loaded before the worker controlled it (`CACHE_URLS`), so the first visit's
 *   region works offline too.
 * - Updates: a new version that installed in the background waits; `useAppUpdate()` says so
 *   and `applyUpdate()` lets it take over, then the page reloads once (no page ever runs a mix of
 *   two versions). Left alone, it takes over at the next visit.
 * - Install: the browser's `beforeinstallprompt` is kept; `useInstallPrompt()` says whether it can
 *   be offered and `promptInstall()` shows it (call it from a click).
 *
 * Small on purpose (it is in the shell): no workbox-window.
 */
import { useSyncExternalStore } from 'react';
import { isCacheableRead } from './cacheable';

export const SW_URL = '/sw.js';
/** How long after the page's `load` the worker is registered (then when the page is idle). */
export const REGISTER_DELAY_MS = 3000;
const REGISTER_IDLE_TIMEOUT_MS = 3000;

/** The browser's install prompt event (Chromium; not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const state: { waiting: ServiceWorker | null; install: InstallPromptEvent | null } = { waiting: null, install: null };
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Whether a new version is waiting to take over. */
export function useAppUpdate(): boolean {
  return useSyncExternalStore(subscribe, () => state.waiting !== null, () => false);
}

/** Lets the waiting version take over; the page reloads when it does. */
export function applyUpdate() {
  state.waiting?.postMessage({ type: 'SKIP_WAITING' });
}

/** Whether the browser offers to install the app here. */
export function useInstallPrompt(): boolean {
  return useSyncExternalStore(subscribe, () => state.install !== null, () => false);
}

/** Shows the browser's install prompt; resolves whether the user accepted (false when none). */
export async function promptInstall(): Promise<boolean> {
  const event = state.install;
  if (!event) return false;
  state.install = null;
  emit();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

/** The catalogue reads and photos this page has loaded (from the Resource Timing entries). */
export function loadedUrls(entries: PerformanceEntryList = performance.getEntriesByType('resource')): string[] {
  const urls = new Set<string>();
  for (const e of entries) {
    let url: URL;
    try {
      url = new URL(e.name, window.location.href);
    } catch {
      continue;
    }
    if (url.origin !== window.location.origin) continue;
    if (isCacheableRead(url) || url.pathname.startsWith('/media/')) urls.add(url.href);
  }
  return [...urls];
}

function watchWaiting(reg: ServiceWorkerRegistration) {
  const offer = (w: ServiceWorker | null) => {
    // Only an update waits while a worker already controls the page.
    if (w && navigator.serviceWorker.controller) {
      state.waiting = w;
      emit();
    }
  };
  offer(reg.waiting);
  reg.addEventListener('updatefound', () => {
    const w = reg.installing;
    w?.addEventListener('statechange', () => {
      if (w.state === 'installed') offer(w);
    });
  });
}

let watching = false;

/** Keeps the browser's install prompt for `promptInstall()` (Chromium fires it when installable). */
export function watchInstallPrompt() {
  if (watching) return;
  watching = true;
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    state.install = e as InstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    state.install = null;
    emit();
  });
}

let registered = false;

/** Registers the service worker after the page has loaded (no-op without support, and in dev). */
export function registerServiceWorker() {
  if (registered || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  registered = true;

  watchInstallPrompt();
  const sw = navigator.serviceWorker;
  const hadController = sw.controller !== null;
  let reloading = false;
  sw.addEventListener('controllerchange', () => {
    if (!hadController) {
      // The first install took control of this page: keep what it loaded before.
      navigator.serviceWorker.controller?.postMessage({ type: 'CACHE_URLS', urls: loadedUrls() });
      return;
    }
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });

  const start = () => {
    sw.register(SW_URL).then(
      (reg: ServiceWorkerRegistration | undefined) => {
        // Some embedders (a test browser blocking workers) resolve without a registration.
        if (!reg) return;
        watchWaiting(reg);
        // A tab left open for days still learns of new versions.
        setInterval(() => void reg.update().catch(() => {}), 60 * 60 * 1000);
      },
      (err) => console.warn('service worker:', err),
    );
  };
  // After the page has loaded and its own requests (the route's chunk, its data, wasm-core, the
  // photos in view) had time to finish: on a weak signal the install's downloads must not slow
  // the first visit down.
  const later = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: REGISTER_IDLE_TIMEOUT_MS });
      else start();
    }, REGISTER_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
