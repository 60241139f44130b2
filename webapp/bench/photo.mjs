#!/usr/bin/env node
// Photo benchmark (a bench, not a test): `cd webapp && node bench/photo.mjs` after `just wasm`.
//
// In headless Chromium (/usr/bin/chromium or CHROMIUM_PATH, the e2e flags: loopback only), on the
// bench page (bench/index.html, built with the app's Vite config into the temp dir), a 12 MP phone
// JPEG (4000×3000 stored, EXIF orientation 6, i.e. a 3000×4000 portrait, quality 90, 4:2:0) goes to
// a 300 px JPEG at quality 0.8:
//   (a) wasm-core's photo pipeline in the app's Web Worker (src/lib/photo: processPhoto), and
//   (b) createImageBitmap(blob, {imageOrientation: 'from-image'}) + canvas drawImage + toBlob,
// one warm-up then RUNS runs each (median reported). Then SSIM of every output against Pillow's
// LANCZOS resize of the upright original, and the gzipped sizes of the core and photo wasm.
//
// Python (Pillow + numpy) runs in a venv under the temp dir, created on the first run with pip.
// Env: RUNS (default 9), CHROMIUM_PATH, PYTHON (an interpreter that already has Pillow and numpy).
/* global console, Buffer, window, fetch, setTimeout -- eslint.config.js gives Node and browser globals to e2e/, not to bench/ */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/lib.mjs';
import { BENCH_DIR, CORE_WASM, PHOTO_WASM, WORK_DIR, buildBenchPage, serveStatic } from './page.mjs';

const RUNS = Math.max(5, Number(process.env.RUNS || 9));
const FIXTURE = path.join(WORK_DIR, 'phone-4000x3000-exif6-q90.jpg');
const VENV = path.join(WORK_DIR, 'py');

// The variants, each run RUNS times after one warm-up (the wasm's warm-up includes fetching
// and compiling the wasm). `size` is filled in from the wasm's output.
const variants = [
  { key: 'wasm', label: '(a) wasm-core in the Web Worker (processPhoto)', call: 'wasm' },
  { key: 'direct', label: "(a') breakdown: the same wasm's process_photo call alone, main thread", call: 'wasmDirect' },
  { key: 'canvas', label: '(b) createImageBitmap + drawImage + toBlob (smoothing low, the default)', call: 'canvas', quality: 'low' },
  { key: 'canvasHigh', label: "(b') same, imageSmoothingQuality 'high'", call: 'canvas', quality: 'high' },
  { key: 'bitmapResize', label: "(c) createImageBitmap with resizeWidth/Height 'high' + drawImage + toBlob", call: 'canvas', quality: 'high', resize: true },
];
const KEYS = variants.map((v) => v.key);

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...opts });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stderr || r.stdout || r.error}`);
  }
  return r.stdout;
}

/** A Python with Pillow and numpy: $PYTHON, or a venv under the temp dir (pip, once). */
function python() {
  if (process.env.PYTHON) return process.env.PYTHON;
  const py = path.join(VENV, 'bin', 'python');
  const ok = existsSync(py) && spawnSync(py, ['-c', 'import PIL, numpy'], { stdio: 'ignore' }).status === 0;
  if (!ok) {
    console.log(`# creating a Python venv with Pillow and numpy in ${VENV}`);
    run('python3', ['-m', 'venv', VENV]);
    run(path.join(VENV, 'bin', 'pip'), ['install', '--quiet', 'pillow', 'numpy']);
  }
  return py;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const gzip9 = (file) => {
  const viaGzip = spawnSync('gzip', ['-9', '-c', file], { maxBuffer: 64 << 20 });
  return viaGzip.status === 0 ? viaGzip.stdout.length : gzipSync(readFileSync(file), { level: 9 }).length;
};
const brotli = (file) =>
  brotliCompressSync(readFileSync(file), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;

async function main() {
  for (const f of [PHOTO_WASM, CORE_WASM]) {
    if (!existsSync(f)) throw new Error(`${f} is missing: run \`just wasm\` first`);
  }
  mkdirSync(WORK_DIR, { recursive: true });
  const py = python();
  if (!existsSync(FIXTURE)) {
    console.log(`# generating ${FIXTURE}`);
    run(py, [path.join(BENCH_DIR, 'photo_tools.py'), 'fixture', FIXTURE, '--width', '4000', '--height', '3000', '--orientation', '6', '--quality', '90']);
  }
  const pageDir = await buildBenchPage();
  const server = await serveStatic(pageDir, { '/fixture.jpg': FIXTURE });
  const browser = await launchBrowser();
  const results = {};
  try {
    const page = await browser.newPage();
    page.on('pageerror', (err) => console.error(`page error: ${err.message}`));
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => window.feiraBench !== undefined);
    const version = browser.version();

    let size;
    for (const v of variants) {
      const times = [];
      const reads = [];
      let last;
      let cold;
      for (let i = 0; i <= RUNS; i++) {
        last = await page.evaluate(
          async ({ call, quality, resize, size }) => {
            const blob = await (await fetch('/fixture.jpg')).blob();
            const b = window.feiraBench;
            if (call === 'wasm') return b.wasm(blob);
            if (call === 'wasmDirect') return b.wasmDirect(blob);
            return b.canvas(blob, quality, resize ? size : undefined);
          },
          { call: v.call, quality: v.quality, resize: v.resize, size },
        );
        if (i === 0) cold = last.ms;
        if (i > 0) times.push(last.ms);
        if (i > 0 && last.readMs !== undefined) reads.push(last.readMs);
      }
      if (v.key === 'wasm') size = [last.width, last.height];
      const out = path.join(WORK_DIR, `out-${v.key}.jpg`);
      writeFileSync(out, Buffer.from(last.base64, 'base64'));
      results[v.key] = { ...v, times, cold, median: median(times), readMedian: reads.length ? median(reads) : undefined, out, width: last.width, height: last.height, bytes: statSync(out).size };
    }
    results.chromium = version;
  } finally {
    await browser.close();
  }

  // The first photo in a fresh browser, with the worker and wasm preloaded (as when the page
  // calls preloadPhotoWorker() as the file chooser opens) and without.
  results.first = {};
  for (const preload of [false, true]) {
    const fresh = await launchBrowser();
    try {
      const page = await fresh.newPage();
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => window.feiraBench !== undefined);
      results.first[preload ? 'preloaded' : 'cold'] = await page.evaluate(async (preload) => {
        const blob = await (await fetch('/fixture.jpg')).blob();
        const preloadMs = preload ? await window.feiraBench.preload() : 0;
        // The user takes a while to choose a file: give the engine a second to finish compiling.
        if (preload) await new Promise((r) => setTimeout(r, 1000));
        const { ms } = await window.feiraBench.wasm(blob);
        return { preloadMs, ms };
      }, preload);
    } finally {
      await fresh.close();
    }
  }
  await server.close();

  const ssim = JSON.parse(
    run(py, [path.join(BENCH_DIR, 'photo_tools.py'), 'ssim', FIXTURE, ...KEYS.map((k) => results[k].out)]),
  );
  for (const s of ssim.outputs) {
    for (const r of Object.values(results)) if (r.out === s.file) r.ssim = s;
  }

  const fmt = (ms) => ms.toFixed(1).padStart(7);
  const wasm = results.wasm;
  console.log(`\nPhoto pipeline: ${path.basename(FIXTURE)} (${(statSync(FIXTURE).size / 1e6).toFixed(2)} MB, 4000×3000, EXIF 6) → ${wasm.width}×${wasm.height} JPEG 0.8`);
  console.log(`Chromium ${results.chromium}, ${RUNS} runs after 1 warm-up, median\n`);
  console.log('| method | median ms | min–max ms | 1st call ms | canvas (b) ÷ this | output | SSIM (Y) | SSIM (RGB) |');
  console.log('|---|---:|---:|---:|---:|---|---:|---:|');
  for (const key of KEYS) {
    const r = results[key];
    const ratio = `${(results.canvas.median / r.median).toFixed(2)}×`;
    console.log(
      `| ${r.label} | ${fmt(r.median)} | ${Math.min(...r.times).toFixed(0)}–${Math.max(...r.times).toFixed(0)} | ${r.cold.toFixed(0)} | ${ratio} | ${r.width}×${r.height}, ${r.bytes} B | ${r.ssim.ssim_y.toFixed(4)} | ${r.ssim.ssim_rgb.toFixed(4)} |`,
    );
  }
  for (const c of ssim.ceiling) {
    console.log(
      `| ceiling: the Lanczos reference itself saved as JPEG 0.8 (Pillow/libjpeg, ${c.subsampling}) | | | | | ${c.size.join('×')}, ${c.bytes} B | ${c.ssim_y.toFixed(4)} | ${c.ssim_rgb.toFixed(4)} |`,
    );
  }
  console.log('\nRuns (ms):');
  for (const key of KEYS) {
    console.log(`  ${key.padEnd(13)} ${results[key].times.map((t) => t.toFixed(1)).join(' ')}`);
  }
  const { cold, preloaded } = results.first;
  console.log(
    `\nFirst photo in a fresh browser: ${cold.ms.toFixed(0)} ms without preloading (worker start, wasm fetch and compile included); ` +
      `${preloaded.ms.toFixed(0)} ms when preloadPhotoWorker() ran 1 s before (it took ${preloaded.preloadMs.toFixed(0)} ms).`,
  );
  if (results.direct.readMedian !== undefined) {
    console.log(`  (direct: reading the Blob into an ArrayBuffer first took ${results.direct.readMedian.toFixed(1)} ms, median)`);
  }

  console.log('\n| wasm | raw bytes | gzip -9 | brotli 11 |');
  console.log('|---|---:|---:|---:|');
  for (const [name, file] of [['core (first pages)', CORE_WASM], ['photo (on photo pick)', PHOTO_WASM]]) {
    console.log(`| ${name}: ${path.relative(path.dirname(BENCH_DIR), file)} | ${statSync(file).size} | ${gzip9(file)} | ${brotli(file)} |`);
  }

  const targets = [
    [`wasm median ≤ 80 ms`, wasm.median <= 80],
    [`wasm ≥ 3× faster than canvas (b)`, results.canvas.median / wasm.median >= 3],
    [`wasm SSIM ≥ 0.97`, wasm.ssim.ssim_y >= 0.97],
    [`wasm output taller than wide, ≤ 300 px`, wasm.height > wasm.width && wasm.height <= 300],
  ];
  console.log('\nTargets:');
  for (const [what, ok] of targets) console.log(`  ${ok ? 'met    ' : 'NOT met'}  ${what}`);
}

main().catch((err) => {
  console.error(err.stack || String(err));
  process.exit(1);
});
