/**
 * Vitest configuration: unit tests of src/ in jsdom. End-to-end journeys live in e2e/ (Playwright,
 * written separately) and are excluded here.
 */
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // src/lib/cacheable.test.ts compares its list with the API's (api/src/rpc/actions.rs).
  server: { fs: { allow: ['.', '../api/src/rpc'] } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    setupFiles: ['src/test/setup.ts'],
    // User-event journeys through whole wizards take seconds on a busy 2-core machine, and over
    // 20 s under the suite's own load beside other work (the 9-step product wizard, 1.8 s alone,
    // timed out once so); a limit only ends a test that is failing anyway.
    testTimeout: 60_000,
    restoreMocks: true,
    unstubGlobals: true,
    environmentOptions: { jsdom: { url: 'http://127.0.0.1:5173/' } },
  },
});
