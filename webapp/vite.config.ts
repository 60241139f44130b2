/**
 * Vite configuration for the Feira webapp.
 *
 * - React (JSX transform) and vite-plugin-wasm (for the wasm-bindgen `--target bundler` output of
 *   wasm-core under src/wasm/core, loaded lazily through src/lib/wasm.ts).
 * - `@/` points at `src/`.
 * - The dev server forwards the API's paths (/api, /auth, /media, /healthz) to the API on
 *   127.0.0.1:8080. The keys are anchored regular expressions so that a store URL such as
 *   `/mediadora` is not mistaken for `/media`.
 */
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';

const API = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), wasm()],
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
  },
});
