/**
 * The photo bench page (bench/index.html): the app's own Vite configuration (same plugins, target
 * and worker bundling; not the ones that make the app's index.html and service worker) with
 * bench/ as the root, built into a temporary directory — never into the repository. Used by bench/photo.mjs and by the end-to-end test e2e/tests/photo.test.mjs
 * (through bench/page.mjs); `vite build --config bench/vite.config.ts` also works by hand.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { mergeConfig, type Plugin, type PluginOption } from 'vite';
import app from '../vite.config.ts';

/** The app's own page and service worker: the critical CSS, the precache list, vite-plugin-pwa. */
const APP_PAGE_ONLY = /^(vite-plugin-pwa|feira-critical-css|feira-buyer-precache)/;
const plugins = ((app.plugins ?? []) as PluginOption[])
  .flat(Infinity as 1)
  .filter((p): p is Plugin => !!p && typeof p === 'object' && 'name' in p && !APP_PAGE_ONLY.test(p.name));

export default mergeConfig({ ...app, plugins }, {
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  build: {
    outDir: join(tmpdir(), 'feira-bench', 'page'),
    emptyOutDir: true,
    reportCompressedSize: false,
  },
});
