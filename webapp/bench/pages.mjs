#!/usr/bin/env node
// Page benchmark (a bench, not a test): `cd webapp && node bench/pages.mjs`
// against a running instance (`just run`, a fresh start: release build, demo data), by default
// http://127.0.0.1:8080.
//
// Per page, with Lighthouse 12 (mobile: a 412×823 phone, simulated slow 4G and a 4× slower CPU,
// its default) in Debian's Chromium (/usr/bin/chromium or CHROMIUM_PATH, loopback only):
//   - the performance score, CLS, LCP, FCP and TBT: the median of RUNS runs (each a first visit:
//     Lighthouse clears the origin's storage, caches and service worker before each);
//   - the bytes the page transferred by type (document, JS, CSS, wasm, API, images, other), from
//     Lighthouse's network records of the median run (its `transferSize`: headers included);
// and with playwright-core, on the same phone screen, through a counting proxy in front of the
// app (what crosses the wire, the service worker's own requests included):
//   - first: everything a first visit transfers until the network is quiet, the service worker's
//     install (precache) included;
//   - repeat: a second visit to the same page once the worker is installed (the cache warm).
// Targets: performance >= 95 and CLS 0.00 on every page; first visit to / <= 120 KB of
// JS+CSS+wasm (the e2e `weight` test's count, printed too); a repeat visit to / <= 5 KB.
//
// Lighthouse lives in bench/lighthouse/ (its own package.json and lock file, installed by this
// script on its first run with `npm ci`), not in the webapp's packages.
//
// Options (or env): --url URL (APP_URL), --runs N (RUNS, default 3), --pages a,b (PAGES: paths or
// names: home, lojas, anuncios, loja, produto, termos, links, anunciegratis, blockchain),
// --json FILE (write every figure), --store URL-NAME (the storefront, default sitio-boa-vista;
// the product page is its best seller).
// Take figures on a quiet machine: Lighthouse's simulated timings scale the CPU time it
// observes, so other processes lower the score. The load average is printed before and after.
/* global console, URL, fetch, setTimeout, navigator -- eslint.config.js gives Node and browser globals to e2e/, not to bench/ */

import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS, countingProxy, launchBrowser } from '../e2e/lib.mjs';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(BENCH_DIR, '..', '..');
const LH_DIR = path.join(BENCH_DIR, 'lighthouse');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function option(name, env, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i > 0 && process.argv[i + 1]) return process.argv[i + 1];
  return process.env[env] || fallback;
}

const APP = option('url', 'APP_URL', 'http://127.0.0.1:8080').replace(/\/+$/, '');
const RUNS = Math.max(1, Number(option('runs', 'RUNS', '3')));
const STORE = option('store', 'STORE', 'sitio-boa-vista');
const JSON_OUT = option('json', 'JSON_OUT', '');

/** The pages the targets name, by name. `produto` is resolved from the storefront. */
const PAGES = {
  home: '/',
  lojas: '/lojas',
  anuncios: '/anuncios?categoria=Alimentos',
  loja: `/${STORE}`,
  produto: null,
  termos: '/termos',
  links: '/links',
  anunciegratis: '/anunciegratis',
  blockchain: '/blockchain',
};

const PERF_TARGET = 95;
const JS_CSS_WASM_BUDGET = 120 * 1024;
const REPEAT_BUDGET = 5 * 1024;

// --- Setup --------------------------------------------------------------------------------------

function installLighthouse() {
  const r = spawnSync('bash', [path.join(REPO_ROOT, 'scripts', 'npm-ci.sh'), path.relative(REPO_ROOT, LH_DIR)], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('npm ci in bench/lighthouse failed');
}

async function importFrom(dir, pkg, entry) {
  return import(pathToFileURL(path.join(dir, 'node_modules', pkg, entry)).href);
}

/** The storefront's best seller's page (the product page of the bench). */
async function productPath() {
  const res = await fetch(`${APP}/api?codigo=start_site&urlforn=${encodeURIComponent(STORE)}`);
  const body = await res.json();
  const p = body.allprods?.[0];
  if (!p) throw new Error(`the storefront ${STORE} has no product (${res.status}: ${JSON.stringify(body).slice(0, 200)})`);
  return `/detalhes/${encodeURIComponent(p.categoria)}/${encodeURIComponent(p.id)}/${encodeURIComponent(p.userforn)}?type=forn`;
}

async function selectedPages() {
  PAGES.produto = await productPath();
  const wanted = option('pages', 'PAGES', '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const all = Object.entries(PAGES);
  if (!wanted.length) return all;
  return wanted.map((w) => all.find(([name, p]) => name === w || p === w) ?? [w, w]);
}

// --- Lighthouse ---------------------------------------------------------------------------------

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A network record's kind for the byte table. */
function kindOf(r) {
  const mime = (r.mimeType || '').toLowerCase();
  const url = new URL(r.url);
  if (r.resourceType === 'Document') return 'doc';
  if (mime.includes('wasm') || url.pathname.endsWith('.wasm')) return 'wasm';
  if (r.resourceType === 'Script' || mime.includes('javascript')) return 'js';
  if (r.resourceType === 'Stylesheet' || mime.includes('css')) return 'css';
  if (url.pathname === '/api') return 'api';
  if (r.resourceType === 'Image' || mime.startsWith('image/')) return 'img';
  return 'other';
}

const KINDS = ['doc', 'js', 'css', 'wasm', 'api', 'img', 'other'];

/** The figures of one Lighthouse report. */
function figures(lhr) {
  const a = lhr.audits;
  const bytes = Object.fromEntries(KINDS.map((k) => [k, 0]));
  let worker = 0;
  for (const r of a['network-requests']?.details?.items ?? []) {
    if (!r.url || r.url.startsWith('data:')) continue;
    // The service worker's own requests (its script and precache) are not the page's.
    if (r.sessionTargetType === 'worker' || r.sessionTargetType === 'service_worker') {
      worker += r.transferSize || 0;
      continue;
    }
    bytes[kindOf(r)] += r.transferSize || 0;
  }
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    cls: a['cumulative-layout-shift'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    fcp: a['first-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    bytes,
    total: Object.values(bytes).reduce((s, b) => s + b, 0),
    worker,
    warnings: lhr.runWarnings ?? [],
  };
}

async function lighthouseRuns(lighthouse, port, url) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    runs.push(figures(result.lhr));
  }
  const scores = runs.map((r) => r.score);
  const mid = median(scores);
  const medianRun = runs.reduce((best, r) => (Math.abs(r.score - mid) < Math.abs(best.score - mid) ? r : best), runs[0]);
  return {
    score: mid,
    scores,
    cls: median(runs.map((r) => r.cls)),
    maxCls: Math.max(...runs.map((r) => r.cls)),
    lcp: median(runs.map((r) => r.lcp)),
    fcp: median(runs.map((r) => r.fcp)),
    tbt: median(runs.map((r) => r.tbt)),
    bytes: medianRun.bytes,
    total: medianRun.total,
    worker: medianRun.worker,
    warnings: [...new Set(runs.flatMap((r) => r.warnings))],
  };
}

// --- First and repeat visits on the wire ---------------------------------------------------------

async function quiet(proxy, quietMs = 1000, maxMs = 30_000) {
  const deadline = Date.now() + maxMs;
  let last = proxy.down();
  let since = Date.now();
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    if (proxy.down() !== last) {
      last = proxy.down();
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
  }
}

/** JS, CSS and wasm bytes of the page's own network events (the e2e `weight` test's count). */
async function pageJsCssWasm(context, page) {
  const cdp = await context.newCDPSession(page);
  const seen = new Map();
  cdp.on('Network.responseReceived', ({ requestId, response }) => seen.set(requestId, { url: response.url, mime: response.mimeType }));
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const r = seen.get(requestId);
    if (r) r.bytes = encodedDataLength;
  });
  await cdp.send('Network.enable');
  return () => {
    let all = 0;
    let code = 0;
    for (const r of seen.values()) {
      all += r.bytes || 0;
      const p = new URL(r.url).pathname;
      if (/wasm|javascript|css/.test(r.mime || '') || /\.(m?js|css|wasm)$/.test(p)) code += r.bytes || 0;
    }
    return { all, code };
  };
}

async function visits(browser, pagePath) {
  const proxy = await countingProxy(APP);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, locale: 'pt-BR' });
  try {
    const first = await context.newPage();
    const firstSeen = await pageJsCssWasm(context, first);
    await first.goto(`${proxy.url}${pagePath}`, { waitUntil: 'networkidle' });
    await first.evaluate(() => navigator.serviceWorker.ready);
    await quiet(proxy);
    const firstWire = proxy.down();
    const firstPage = firstSeen();
    await first.close();

    const start = proxy.down();
    const second = await context.newPage();
    const secondSeen = await pageJsCssWasm(context, second);
    await second.goto(`${proxy.url}${pagePath}`, { waitUntil: 'networkidle' });
    await quiet(proxy);
    return { firstWire, firstPage, repeatWire: proxy.down() - start, repeatPage: secondSeen().all };
  } finally {
    await context.close();
    await proxy.close();
  }
}

// --- Main ---------------------------------------------------------------------------------------

const kb = (b) => (b / 1024).toFixed(1);

async function main() {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  const health = await fetch(`${APP}/healthz`).catch(() => null);
  if (!health?.ok) throw new Error(`no app answering at ${APP} (start it with \`just run\`, or pass --url)`);
  installLighthouse();
  const { default: lighthouse } = await importFrom(LH_DIR, 'lighthouse', 'core/index.js');
  const chromeLauncher = await importFrom(LH_DIR, 'chrome-launcher', 'dist/index.js');
  const lhVersion = (await import(pathToFileURL(path.join(LH_DIR, 'node_modules', 'lighthouse', 'package.json')).href, { with: { type: 'json' } })).default.version;

  const pages = await selectedPages();
  const loadBefore = loadavg()[0];
  const version = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`Pages of ${APP}: Lighthouse ${lhVersion} (mobile, simulated slow 4G), ${version}, ${cpus().length} cores, Node ${process.version}`);
  console.log(`${RUNS} Lighthouse run(s) per page (medians); load average at start ${loadBefore.toFixed(2)}\n`);

  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_ARGS,
  });
  const results = [];
  try {
    for (const [name, p] of pages) {
      process.stdout.write(`  ${name} (${p})… `);
      const lh = await lighthouseRuns(lighthouse, chrome.port, `${APP}${p}`);
      console.log(`performance ${lh.scores.join(', ')}`);
      results.push({ name, path: p, lh });
    }
  } finally {
    await chrome.kill();
  }
  const browser = await launchBrowser();
  try {
    for (const r of results) r.wire = await visits(browser, r.path);
  } finally {
    await browser.close();
  }
  const loadAfter = loadavg()[0];

  console.log('\nLighthouse (median of runs; bytes: the median run, transferred, headers included)\n');
  console.log('| page | perf | CLS | LCP ms | FCP ms | TBT ms | doc | JS | CSS | wasm | API | img | other | total KB |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const { name, path: p, lh } of results) {
    const b = lh.bytes;
    console.log(
      `| ${name} \`${p}\` | ${lh.score} | ${lh.cls.toFixed(2)} | ${Math.round(lh.lcp)} | ${Math.round(lh.fcp)} | ${Math.round(lh.tbt)} | ` +
        `${kb(b.doc)} | ${kb(b.js)} | ${kb(b.css)} | ${kb(b.wasm)} | ${kb(b.api)} | ${kb(b.img)} | ${kb(b.other)} | ${kb(lh.total)} |`,
    );
  }
  console.log('\nOn the wire (counting proxy; the service worker included)\n');
  console.log('| page | first visit, page JS+CSS+wasm (weight test) | first visit, everything incl. the worker install | repeat visit | repeat, page events |');
  console.log('|---|---:|---:|---:|---:|');
  for (const { name, wire } of results) {
    console.log(`| ${name} | ${wire.firstPage.code} B | ${kb(wire.firstWire)} KB | ${wire.repeatWire} B | ${wire.repeatPage} B |`);
  }
  console.log(`\nload average: ${loadBefore.toFixed(2)} at start, ${loadAfter.toFixed(2)} at the end`);

  const problems = [];
  for (const { name, lh, wire } of results) {
    if (lh.score < PERF_TARGET) problems.push(`${name}: performance ${lh.score} < ${PERF_TARGET}`);
    if (lh.maxCls > 0.005) problems.push(`${name}: CLS ${lh.maxCls.toFixed(3)} in a run`);
    if (name === 'home' && wire.firstPage.code > JS_CSS_WASM_BUDGET) problems.push(`home: first visit ${wire.firstPage.code} B of JS+CSS+wasm > ${JS_CSS_WASM_BUDGET}`);
    if (name === 'home' && wire.repeatWire > REPEAT_BUDGET) problems.push(`home: repeat visit ${wire.repeatWire} B > ${REPEAT_BUDGET}`);
    for (const w of lh.warnings) console.log(`# Lighthouse warning (${name}): ${w}`);
  }
  console.log(problems.length ? `\nTargets missed:\n  ${problems.join('\n  ')}` : '\nEvery target met.');
  if (JSON_OUT) {
    writeFileSync(JSON_OUT, JSON.stringify({ app: APP, lighthouse: lhVersion, chromium: version, runs: RUNS, loadBefore, loadAfter, results }, null, 2));
    console.log(`figures written to ${JSON_OUT}`);
  }
  return problems.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err.stack || String(err));
    process.exit(2);
  },
);
