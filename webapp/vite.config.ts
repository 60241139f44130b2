/**
 * Vite configuration for the Feira webapp.
 *
 * - React (JSX transform) and vite-plugin-wasm (for the wasm-bindgen `--target bundler` output of
 *   wasm-core under src/wasm/core, loaded lazily through src/lib/wasm.ts).
 * - `@/` points at `src/`.
 * - The dev server forwards the API's paths (/api, /auth, /media, /healthz) to the API on
 *   127.0.0.1:8080. The keys are anchored regular expressions so that a store URL such as
 *   `/mediadora` is not mistaken for `/media`.
 * - Chunks: the shell (React, the router, src/app, src/lib, shared components, the account and
 *   region providers) is one chunk, each route and dialog its own. Without the `shell` group the
 *   real wasm-bindgen output (whose loader uses top-level await) makes Rolldown split the shell
 *   into a dozen small chunks, i.e. a dozen round trips on a slow phone.
 */
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';

const API = 'http://127.0.0.1:8080';

/** Modules of the always-loaded shell chunk (lazy dialogs and pages stay out). */
const SHELL = [
  /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|cookie|set-cookie-parser)[\\/]/,
  /[\\/]src[\\/](lib|components|config|hooks)[\\/]/,
  /[\\/]src[\\/]app[\\/](?!layout[\\/](SideMenu|AppDownloadDialog))/,
  /[\\/]src[\\/]features[\\/][^\\/]+[\\/](context|store)\.ts$/,
  /[\\/]src[\\/]features[\\/][^\\/]+[\\/]api[\\/](signIn|session)\.ts$/,
  /[\\/]src[\\/]features[\\/][^\\/]+[\\/]components[\\/]\w+(Provider|Button)\.tsx$/,
];
const isShell = (id: string) => SHELL.some((re) => re.test(id));

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
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'shell', test: isShell }] },
      },
    },
  },
});
