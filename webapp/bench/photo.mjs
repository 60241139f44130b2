#!/usr/bin/env node
// Photo benchmark (a bench, not a test): `cd webapp && node bench/photo.mjs` after `just wasm`.
//
// In headless Chromium (/usr/bin/chromium or CHROMIUM_PATH, the e2e flags: loopback only), on the
// bench page (bench/index.html, built with the app's Vite config into the temp dir), each fixture,
// a 12 MP phone JPEG (4000×3000 stored, EXIF orientation 6, i.e. a 3000×4000 portrait, quality 95,
// 4:2:0), goes to a 300 px JPEG at quality 0.8:
//   (a) the photo pipeline's wasm (crate photo/) in the app's Web Workers (src/lib/photo:
//       processPhoto), and
//   (b) createImageBitmap(blob, {imageOrientation: 'from-image'}) + canvas drawImage + toBlob,
// (and the variants below) WARMUP warm-up calls then RUNS runs each (median reported). Then SSIM of every
// output against Pillow's LANCZOS resize of the upright fixture, and the ceiling (that reference
// itself saved as JPEG 0.8). One table per fixture, then a summary and the targets per fixture.
// Once, on the first fixture: the first photo in a fresh browser; and the wasm's gzipped sizes.
//
// Fixtures (all made once in the temp dir, never in the repository):
//   dragonfly, seeding, sunset: real photographs (Ubuntu community wallpaper contest 2018) from
//     Debian's lomiri-wallpapers-16.04 package, fetched once with `apt-get download` and made
//     phone-like by `photo_tools.py phone` (centre crop to 4000×3000, EXIF orientation 6);
//   synthetic: the stress scene of `photo_tools.py fixture` (noise texture everywhere: even the
//     ceiling scores about 0.95 SSIM on it).
//
// Python (Pillow + numpy) runs in a venv under the temp dir, created on the first run with pip.
// Env: RUNS (default 9), WARMUP (default 5: V8 first runs wasm with its baseline compiler and
// swaps in optimised code over the first calls, in each of the two photo workers), CHROMIUM_PATH, PYTHON (an interpreter that already has Pillow and numpy),
// FIXTURES (names, comma-separated; default all), FIXTURE (a JPEG file to use instead of them).
/* global console, Buffer, window, fetch, setTimeout -- eslint.config.js gives Node and browser globals to e2e/, not to bench/ */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/lib.mjs';
import { BENCH_DIR, CORE_WASM, PHOTO_WASM, WORK_DIR, buildBenchPage, serveStatic } from './page.mjs';

const RUNS = Math.max(5, Number(process.env.RUNS || 9));
const WARMUP = Math.max(1, Number(process.env.WARMUP || 5));
const VENV = path.join(WORK_DIR, 'py');
const TOOLS = path.join(BENCH_DIR, 'photo_tools.py');
const DEB = 'lomiri-wallpapers-16.04';
const DEB_DIR = path.join(WORK_DIR, 'debian');
const BACKGROUNDS = path.join(DEB_DIR, 'root', 'usr', 'share', 'backgrounds');

// Credits and licences from the package's usr/share/doc/lomiri-wallpapers-16.04/copyright.
const FIXTURES = [
  { name: 'dragonfly', photo: 'Dragonfly_by_Bolly.jpg', about: 'photo 4224×3168 by "Bolly", 2018, CC BY-SA 4.0' },
  { name: 'seeding', photo: 'seeding_by_Clements_Engelhardt.jpg', about: 'photo 5312×2988 by Clemens Engelhardt, 2018, CC0 1.0' },
  { name: 'sunset', photo: 'sunset_by_Aitzol_Berasategi.jpg', about: 'photo 4272×2848 by Aitzol Berasategi, 2018, CC BY 4.0' },
  { name: 'synthetic', about: 'synthetic stress scene (photo_tools.py fixture)' },
];

// The variants, each run RUNS times after WARMUP warm-ups (the wasm's first warm-up on the first fixture
// includes fetching and compiling the wasm). `bitmapResize` takes its size from the wasm's output.
const variants = [
  { key: 'wasm', label: '(a) the photo wasm in the Web Worker (processPhoto)', call: 'wasm' },
  { key: 'direct', label: "(a') breakdown: the same wasm's process_photo call alone, main thread", call: 'wasmDirect' },
  { key: 'canvas', label: '(b) createImageBitmap + drawImage + toBlob (smoothing low, the default)', call: 'canvas', quality: 'low' },
  { key: 'canvasHigh', label: "(b') same, imageSmoothingQuality 'high'", call: 'canvas', quality: 'high' },
  { key: 'bitmapResize', label: "(c) createImageBitmap with resizeWidth/Height 'high' + drawImage + toBlob", call: 'canvas', quality: 'high', resize: true },
];
const KEYS = variants.map((v) => v.key);

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...opts });
  if (r.error?.code === 'ENOENT') throw new Error(`${cmd} not found`);
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

/** The fixtures asked for: $FIXTURE (one file), else $FIXTURES (names), else all. */
function chooseFixtures() {
  if (process.env.FIXTURE) {
    const file = path.resolve(process.env.FIXTURE);
    if (!existsSync(file)) throw new Error(`FIXTURE=${file}: no such file`);
    return [{ name: path.basename(file, path.extname(file)), file, about: file }];
  }
  const names = process.env.FIXTURES ? process.env.FIXTURES.split(',').map((s) => s.trim()) : FIXTURES.map((f) => f.name);
  return names.map((name) => {
    const f = FIXTURES.find((x) => x.name === name);
    if (!f) throw new Error(`FIXTURES: unknown fixture ${name} (known: ${FIXTURES.map((x) => x.name).join(', ')})`);
    return { ...f, file: path.join(WORK_DIR, `phone-${name}-4000x3000-exif6-q95.jpg`) };
  });
}

/** An original photograph from the Debian package, downloaded and unpacked once. */
function debianPhoto(name) {
  const file = path.join(BACKGROUNDS, name);
  if (existsSync(file)) return file;
  mkdirSync(DEB_DIR, { recursive: true });
  const findDeb = () => readdirSync(DEB_DIR).find((f) => f.startsWith(`${DEB}_`) && f.endsWith('.deb'));
  try {
    if (!findDeb()) {
      console.log(`# apt-get download ${DEB} (into ${DEB_DIR})`);
      run('apt-get', ['download', DEB], { cwd: DEB_DIR });
    }
    run('dpkg-deb', ['-x', path.join(DEB_DIR, findDeb()), path.join(DEB_DIR, 'root')]);
  } catch (err) {
    throw new Error(
      `the real-photo fixtures come from Debian's ${DEB} package, fetched with apt-get download and ` +
        `unpacked with dpkg-deb: ${err.message}.\nOn a system without them, put ${DEB}_*.deb in ${DEB_DIR} ` +
        `(with dpkg-deb), or choose FIXTURES=synthetic, or FIXTURE=some-photo.jpg.`,
    );
  }
  if (!existsSync(file)) throw new Error(`${file} is not in the ${DEB} package`);
  return file;
}

function makeFixture(f, py) {
  if (existsSync(f.file)) return;
  console.log(`# making ${f.file}`);
  const common = [f.file, '--width', '4000', '--height', '3000', '--orientation', '6', '--quality', '95'];
  run(py, f.photo ? [TOOLS, 'phone', debianPhoto(f.photo), ...common] : [TOOLS, 'fixture', ...common]);
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

async function openBench(browser, url) {
  const page = await browser.newPage();
  page.on('pageerror', (err) => console.error(`page error: ${err.message}`));
  await page.goto(`${url}/`);
  await page.waitForFunction(() => window.feiraBench !== undefined);
  return page;
}

/** As the app does when the file chooser opens: start the photo workers and warm their wasm up. */
const preloadWorkers = (page) => page.evaluate(() => window.feiraBench.preload());

/** One variant on one fixture: WARMUP warm-ups then RUNS runs; the last output is saved. */
async function measure(page, f, v, size) {
  const times = [];
  const reads = [];
  let last;
  let cold;
  for (let i = 1 - WARMUP; i <= RUNS; i++) {
    last = await page.evaluate(
      async ({ url, call, quality, resize, size }) => {
        const blob = await (await fetch(url)).blob();
        const b = window.feiraBench;
        if (call === 'wasm') return b.wasm(blob);
        if (call === 'wasmDirect') return b.wasmDirect(blob);
        return b.canvas(blob, quality, resize ? size : undefined);
      },
      { url: f.url, call: v.call, quality: v.quality, resize: v.resize, size },
    );
    if (i === 1 - WARMUP) cold = last.ms;
    else if (i > 0) {
      times.push(last.ms);
      if (last.readMs !== undefined) reads.push(last.readMs);
    }
  }
  const out = path.join(WORK_DIR, `out-${f.name}-${v.key}.jpg`);
  writeFileSync(out, Buffer.from(last.base64, 'base64'));
  return { ...v, times, cold, median: median(times), readMedian: reads.length ? median(reads) : undefined, out, width: last.width, height: last.height, bytes: statSync(out).size };
}

/** The first photo in a fresh browser, with the worker and wasm preloaded (as when the page
 * calls preloadPhotoWorker() as the file chooser opens) and without. */
async function firstPhoto(serverUrl, f) {
  const first = {};
  for (const preload of [false, true]) {
    const fresh = await launchBrowser();
    try {
      const page = await openBench(fresh, serverUrl);
      first[preload ? 'preloaded' : 'cold'] = await page.evaluate(
        async ({ url, preload }) => {
          const blob = await (await fetch(url)).blob();
          const preloadMs = preload ? await window.feiraBench.preload() : 0;
          // The user takes a while to choose a file: give the engine a second to finish compiling.
          if (preload) await new Promise((r) => setTimeout(r, 1000));
          const { ms } = await window.feiraBench.wasm(blob);
          return { preloadMs, ms };
        },
        { url: f.url, preload },
      );
    } finally {
      await fresh.close();
    }
  }
  return first;
}

/** SSIM of each variant's output, and the ceiling, for fixture `f` (Pillow, numpy). */
function addSsim(py, f) {
  const ssim = JSON.parse(run(py, [TOOLS, 'ssim', f.file, ...KEYS.map((k) => f.results[k].out)]));
  for (const s of ssim.outputs) {
    for (const r of Object.values(f.results)) if (r.out === s.file) r.ssim = s;
  }
  f.ceiling = ssim.ceiling;
}

const fmt = (ms) => ms.toFixed(1).padStart(7);
const mb = (file) => (statSync(file).size / 1e6).toFixed(2);

function printFixture(f, chromium) {
  const { results } = f;
  const wasm = results.wasm;
  console.log(`\nPhoto pipeline: ${f.name}: ${path.basename(f.file)} (${mb(f.file)} MB, 4000×3000, EXIF 6) → ${wasm.width}×${wasm.height} JPEG 0.8`);
  console.log(`From: ${f.about}`);
  console.log(`Chromium ${chromium}, ${RUNS} runs after ${WARMUP} warm-ups, median\n`);
  console.log('| method | median ms | min–max ms | 1st call ms | canvas (b) ÷ this | output | SSIM (Y) | SSIM (RGB) |');
  console.log('|---|---:|---:|---:|---:|---|---:|---:|');
  for (const key of KEYS) {
    const r = results[key];
    const ratio = `${(results.canvas.median / r.median).toFixed(2)}×`;
    console.log(
      `| ${r.label} | ${fmt(r.median)} | ${Math.min(...r.times).toFixed(0)}–${Math.max(...r.times).toFixed(0)} | ${r.cold.toFixed(0)} | ${ratio} | ${r.width}×${r.height}, ${r.bytes} B | ${r.ssim.ssim_y.toFixed(4)} | ${r.ssim.ssim_rgb.toFixed(4)} |`,
    );
  }
  for (const c of f.ceiling) {
    console.log(
      `| ceiling: the Lanczos reference itself saved as JPEG 0.8 (Pillow/libjpeg, ${c.subsampling}) | | | | | ${c.size.join('×')}, ${c.bytes} B | ${c.ssim_y.toFixed(4)} | ${c.ssim_rgb.toFixed(4)} |`,
    );
  }
  console.log('\nRuns (ms):');
  for (const key of KEYS) {
    console.log(`  ${key.padEnd(13)} ${results[key].times.map((t) => t.toFixed(1)).join(' ')}`);
  }
  if (results.direct.readMedian !== undefined) {
    console.log(`  (direct: reading the Blob into an ArrayBuffer first took ${results.direct.readMedian.toFixed(1)} ms, median)`);
  }
}

function printOnce(f) {
  const { cold, preloaded } = f.first;
  console.log(
    `\nFirst photo (${f.name}) in a fresh browser: ${cold.ms.toFixed(0)} ms without preloading (worker start, wasm fetch and compile included); ` +
      `${preloaded.ms.toFixed(0)} ms when preloadPhotoWorker() ran 1 s before (it took ${preloaded.preloadMs.toFixed(0)} ms).`,
  );
  console.log('\n| wasm | raw bytes | gzip -9 | brotli 11 |');
  console.log('|---|---:|---:|---:|');
  for (const [name, file] of [['core (first pages)', CORE_WASM], ['photo (on photo pick)', PHOTO_WASM]]) {
    console.log(`| ${name}: ${path.relative(path.dirname(BENCH_DIR), file)} | ${statSync(file).size} | ${gzip9(file)} | ${brotli(file)} |`);
  }
}

const TARGETS = [
  ['wasm median ≤ 80 ms', ({ wasm }) => wasm.median <= 80],
  ['≥ 3× faster than canvas (b)', ({ wasm, canvas }) => canvas.median / wasm.median >= 3],
  ['wasm SSIM (Y) ≥ 0.97', ({ wasm }) => wasm.ssim.ssim_y >= 0.97],
  ['taller than wide, ≤ 300 px', ({ wasm }) => wasm.height > wasm.width && wasm.height <= 300],
];

function printSummary(fixtures) {
  console.log(`\nSummary (${RUNS} runs after ${WARMUP} warm-ups, median; SSIM of the luma against Pillow's Lanczos):\n`);
  console.log('| fixture | file MB | wasm worker median ms | canvas (b) median ms | ratio | SSIM Y wasm | SSIM Y canvas (b) | ceiling 4:2:0 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const f of fixtures) {
    const { wasm, canvas } = f.results;
    const ceiling = f.ceiling.find((c) => c.subsampling === '4:2:0');
    console.log(
      `| ${f.name} | ${mb(f.file)} | ${fmt(wasm.median)} | ${fmt(canvas.median)} | ${(canvas.median / wasm.median).toFixed(2)}× | ${wasm.ssim.ssim_y.toFixed(4)} | ${canvas.ssim.ssim_y.toFixed(4)} | ${ceiling.ssim_y.toFixed(4)} |`,
    );
  }
  console.log('\nTargets:\n');
  console.log(`| fixture | ${TARGETS.map(([what]) => what).join(' | ')} |`);
  console.log(`|---|${TARGETS.map(() => '---').join('|')}|`);
  for (const f of fixtures) {
    console.log(`| ${f.name} | ${TARGETS.map(([, ok]) => (ok(f.results) ? 'met' : '**NOT met**')).join(' | ')} |`);
  }
}

async function main() {
  for (const f of [PHOTO_WASM, CORE_WASM]) {
    if (!existsSync(f)) throw new Error(`${f} is missing: run \`just wasm\` first`);
  }
  mkdirSync(WORK_DIR, { recursive: true });
  const fixtures = chooseFixtures();
  const py = python();
  for (const f of fixtures) makeFixture(f, py);
  fixtures.forEach((f, i) => (f.url = `/fixtures/${i}.jpg`));

  const pageDir = await buildBenchPage();
  const server = await serveStatic(pageDir, Object.fromEntries(fixtures.map((f) => [f.url, f.file])));
  const browser = await launchBrowser();
  let chromium;
  try {
    const page = await openBench(browser, server.url);
    await preloadWorkers(page);
    chromium = browser.version();
    for (const f of fixtures) {
      f.results = {};
      for (const v of variants) {
        const size = f.results.wasm && [f.results.wasm.width, f.results.wasm.height];
        f.results[v.key] = await measure(page, f, v, size);
      }
    }
  } finally {
    await browser.close();
  }
  fixtures[0].first = await firstPhoto(server.url, fixtures[0]);
  await server.close();

  for (const f of fixtures) {
    addSsim(py, f);
    printFixture(f, chromium);
  }
  printOnce(fixtures[0]);
  printSummary(fixtures);
}

main().catch((err) => {
  console.error(err.stack || String(err));
  process.exit(1);
});
