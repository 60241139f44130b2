/**
 * The service worker (built by vite-plugin-pwa's injectManifest into dist/sw.js, registered by
 * src/lib/pwa.ts): the buyer on a weak signal.
 *
 * - Precache: the shell (index.html, the shell's JS and CSS), the route chunks a buyer needs
 *   (home, lists, stores, storefronts, product pages, the static pages, the bag and checkout),
 *   wasm-core, the manifest and icons. The list is made at build time (vite/precache.ts).
 *   Installing downloads what the first visit did not (the HTTP cache answers the rest).
 * - Navigations to the app's routes get the precached index.html, online or not; the server's
 *   own paths (/api, /auth — the sign-in popup's callback —, /media, /webhooks, /metrics,
 *   /healthz, /readyz, /pix) never do.
 * - Catalogue reads (`GET /api?codigo=…`, src/lib/cacheable.ts): the server is always asked
 *   (If-None-Match, a 304 when nothing changed), and the page always learns whether it answered
 *   (./catalogue.ts): a fresh saved copy is answered at once while the server is asked in the
 *   background; otherwise the network is waited for, and without an answer in 6 s (a failure, a
 *   5xx, a stopped server, offline) the last saved copy is answered, marked with a header so the
 *   page says so. `POST /api` (every other action), the supplier's live events and uploads are
 *   not touched.
 * - Other hashed files (/assets: the rest of the app's chunks) and photos (/media) once fetched
 *   are kept (cache first; they never change under the same name), within limits.
 * - Updates: a new version installs in the background and waits; the page offers 'Atualizar'
 *   (SKIP_WAITING) and reloads when it takes over, or it takes over at the next visit. So a
 *   page never runs a mix of two versions.
 * - `CACHE_URLS`: the page hands over the reads and photos it loaded before this worker
 *   controlled it (the first visit), so they are kept too.
 */
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, type Strategy } from 'workbox-strategies';
import { isCacheableRead } from '../src/lib/cacheable';
import { CatalogueRead } from './catalogue';

declare const self: ServiceWorkerGlobalScope;

/** Server paths that are never the app's pages. */
export const SERVER_PATHS = /^\/(api|auth|media|webhooks|metrics|healthz|readyz|pix|assets)(\/|$)/;
/** Seconds a catalogue read waits for the network before the saved copy is shown. */
const NETWORK_TIMEOUT_S = 6;
const DAY_S = 24 * 60 * 60;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [SERVER_PATHS] }));

const catalogue = new CatalogueRead({
  cacheName: 'feira-catalogo',
  timeoutMs: NETWORK_TIMEOUT_S * 1000,
  plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true })],
});
const assets = new CacheFirst({
  cacheName: 'feira-arquivos',
  plugins: [new ExpirationPlugin({ maxEntries: 120, purgeOnQuotaError: true })],
});
const photos = new CacheFirst({
  cacheName: 'feira-fotos',
  plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * DAY_S, purgeOnQuotaError: true })],
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const isRead = (url: URL) => sameOrigin(url) && isCacheableRead(url);
const isAsset = (url: URL) => sameOrigin(url) && (url.pathname.startsWith('/assets/') || url.pathname === '/municipios.txt');
const isPhoto = (url: URL) => sameOrigin(url) && url.pathname.startsWith('/media/');

registerRoute(({ url }) => isRead(url), catalogue, 'GET');
registerRoute(({ url }) => isAsset(url), assets, 'GET');
registerRoute(({ url }) => isPhoto(url), photos, 'GET');

/** The strategy that keeps `url`, if any. */
function strategyFor(url: URL): Strategy | null {
  if (isRead(url)) return catalogue;
  if (isPhoto(url)) return photos;
  if (isAsset(url)) return assets;
  return null;
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  } else if (data?.type === 'CACHE_URLS' && Array.isArray(data.urls)) {
    const jobs = data.urls.slice(0, 100).flatMap((u) => {
      if (typeof u !== 'string') return [];
      const url = new URL(u, self.location.href);
      const strategy = strategyFor(url);
      return strategy ? [strategy.handle({ event, request: new Request(url) }).catch(() => undefined)] : [];
    });
    event.waitUntil(Promise.all(jobs));
  }
});
