// The photo bench page: built with Vite (bench/vite.config.ts, i.e. the app's configuration) into a
// temporary directory and served from loopback. Shared by bench/photo.mjs and
// e2e/tests/photo.test.mjs.
/* global URL -- eslint.config.js gives Node and browser globals to e2e/, not to bench/ */

import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const WEBAPP_DIR = path.dirname(BENCH_DIR);
export const WORK_DIR = path.join(tmpdir(), 'feira-bench');
export const PHOTO_WASM = path.join(WEBAPP_DIR, 'src', 'wasm', 'photo', 'wasm_photo_bg.wasm');
export const CORE_WASM = path.join(WEBAPP_DIR, 'src', 'wasm', 'core', 'wasm_core_bg.wasm');

/** Builds the bench page into `outDir` (default: a folder under the temp dir); returns `outDir`. */
export async function buildBenchPage(outDir = path.join(WORK_DIR, 'page')) {
  if (!existsSync(PHOTO_WASM)) {
    throw new Error(`photo wasm not found: ${PHOTO_WASM} (run \`just wasm\` first)`);
  }
  const { build } = await import('vite');
  await build({
    configFile: path.join(BENCH_DIR, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/**
 * Serves `dir` (and the extra `files`, URL path → file path) on 127.0.0.1 at a free port.
 * Returns `{ url, close, requests }`; `requests` lists every path asked for.
 */
export async function serveStatic(dir, files = {}) {
  const requests = [];
  const server = createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(urlPath);
    let file = files[urlPath] ?? path.join(dir, urlPath === '/' ? 'index.html' : urlPath);
    if (!files[urlPath] && !path.resolve(file).startsWith(path.resolve(dir) + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    file = path.resolve(file);
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
    });
    res.end(readFileSync(file));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
