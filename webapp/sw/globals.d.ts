/** The precache list vite-plugin-pwa writes into the built service worker. */
declare interface ServiceWorkerGlobalScope {
  __WB_MANIFEST: Array<import('workbox-precaching').PrecacheEntry | string>;
}
