/**
 * The photo bench page (bench/index.html): the app's own Vite configuration (same plugins, target
 * and worker bundling) with bench/ as the root, built into a temporary directory — never into the
 * repository. Used by bench/photo.mjs and by the end-to-end test e2e/tests/photo.test.mjs
 * (through bench/page.mjs); `vite build --config bench/vite.config.ts` also works by hand.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { mergeConfig } from 'vite';
import app from '../vite.config.ts';

export default mergeConfig(app, {
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  build: {
    outDir: join(tmpdir(), 'feira-bench', 'page'),
    emptyOutDir: true,
    reportCompressedSize: false,
  },
});
