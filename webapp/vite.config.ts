/**
 * Vite configuration for the Feira webapp.
 *
 * - React (JSX transform) and vite-plugin-wasm (for the wasm-bindgen `--target bundler` output of
 *   wasm-core under src/wasm/core, loaded lazily through src/lib/wasm.ts).
 * - `@/` points at `src/`.
 * - The dev server forwards the API's paths (/api, /auth, /media, /healthz) to the API on
 *   127.0.0.1:8080. The keys are anchored regular expressions so that a store URL such as
 *   `/mediadora` is not mistaken for `/media`.
 * - Chunks: the shell (React, the router, the app's frame, the shared modules it and nearly every
 *   page use, the account, region and bag providers with their header buttons) is one chunk, each
 *   route and dialog its own; the shared modules only lazily loaded code uses are split by
 *   Rolldown. Without the `shell` group the real wasm-bindgen output (whose loader uses top-level
 *   await) makes Rolldown split the shell into a dozen small chunks, i.e. a dozen round trips on a
 *   slow phone.
 */
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import wasm from 'vite-plugin-wasm';
import { criticalCss } from './vite/critical.ts';
import { buyerPrecache } from './vite/precache.ts';

const API = 'http://127.0.0.1:8080';

/**
 * Modules of the always-loaded shell chunk, named one by one below src/ so that a shared module
 * used only by lazy pages and dialogs (src/components/LoadStates, src/hooks/useCore, …) stays out
 * of the first visit.
 */
const SHELL = [
  /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|cookie|set-cookie-parser)[\\/]/,
  // The app's frame: not the lazily opened side menu and app dialog, nor the composed route pages
  // and dialogs (app/routes, app/dialogs).
  /[\\/]src[\\/]app[\\/](?!layout[\\/](SideMenu|AppDownloadDialog)|routes[\\/]|dialogs[\\/])/,
  /[\\/]src[\\/]config[\\/](contact|categories)\.ts$/,
  // The stores, the RPC client, the wasm loader; the photo client (src/lib/photo) as it has been,
  // so that a photo pick starts its worker at once.
  /[\\/]src[\\/]lib[\\/]((storage|session|rpc|wasm|places|bag|region|cacheable|online|pwa|display)\.ts$|photo[\\/])/,
  // The contract's two lists the RPC client reads (GET_ACTIONS, READ_ACTIONS: the file's only code).
  /[\\/]src[\\/]types[\\/]api\.gen\.ts$/,
  /[\\/]src[\\/]hooks[\\/](usePageTitle|useAccount|useRegion)\.ts$/,
  /[\\/]src[\\/]components[\\/]((Dialog|ConfirmDialog|LoadStates|AppBadges|BagButton|OfflineBanner|icons)\.tsx$|status-dialog[\\/])/,
  // The first catalogue read of the page being opened, started with the shell (its api modules).
  /[\\/]src[\\/]features[\\/]catalog[\\/](prefetch|storeUrl)\.ts$/,
  /[\\/]src[\\/]features[\\/]catalog[\\/]api[\\/](pegarProdutosAnunciosSite2?|pegarLojas|pegarProdutoUrlSite|pegarAnuncioUrlSite|startSite)\.ts$/,
  // The account, region and bag providers (and what they start with) and the header's buttons.
  /[\\/]src[\\/]features[\\/][^\\/]+[\\/]api[\\/](signIn|session)\.ts$/,
  /[\\/]src[\\/]features[\\/][^\\/]+[\\/]components[\\/]\w+(Provider|Button)\.tsx$/,
];
const isShell = (id: string) => SHELL.some((re) => re.test(id));

const precache = buyerPrecache();

/**
 * The installable app: the web app manifest (linked from index.html by
 * vite-plugin-pwa) and the service worker built from sw/sw.ts (injectManifest: our
 * own worker, Workbox's modules, the precache list from vite/precache.ts), classic script format
 * so older phones run it. src/lib/pwa.ts registers it; nothing is inlined into index.html.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'sw',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  manifest: {
    id: '/',
    name: 'Feira — produtos do campo direto de quem produz',
    short_name: 'Feira',
    description: 'Alimentos, sementes, mudas e produtos agrícolas direto de quem produz, na sua região.',
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#2e7d32',
    background_color: '#f7f8f5',
    categories: ['shopping', 'food'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  injectManifest: {
    rollupFormat: 'iife',
    globPatterns: ['**/*.{html,js,css,wasm,png,svg,webmanifest}'],
    // wasm-core is ~145 KB; the photo pipeline (not precached) is bigger.
    maximumFileSizeToCacheInBytes: 1024 * 1024,
    manifestTransforms: [precache.manifestTransform],
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  plugins: [
    react(),
    wasm(),
    criticalCss(fileURLToPath(new URL('./src/app/critical.css', import.meta.url))),
    precache.plugin,
    pwa,
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '^/api(?:[/?]|$)': { target: API },
      '^/auth(?:[/?]|$)': { target: API },
      '^/media(?:[/?]|$)': { target: API },
      '^/healthz(?:[/?]|$)': { target: API },
    },
  },
  preview: { host: '127.0.0.1' },
  build: {
    target: 'es2022',
    // Small, cacheable chunks; no inlined wasm (it is fetched only when the region dialog opens).
    assetsInlineLimit: 0,
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'shell', test: isShell }] },
      },
    },
  },
});
