// e) The photo pipeline's bindings in Chromium: the real client (src/lib/photo), its worker and
//    the photo wasm, on the bench page (bench/index.html, built with the app's Vite config into a
//    temporary directory and served from loopback; the app itself exposes nothing for tests).
//    Then, on the app: a first visit to / fetches no photo code.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildBenchPage, serveStatic } from '../../bench/page.mjs';
import { canvasJpeg, expectVisible, control, launchBrowser, SIGN_IN_LABEL, withPage, requestsSettled } from '../lib.mjs';

let browser;
let server;
let pageDir;

before(async () => {
  pageDir = mkdtempSync(path.join(tmpdir(), 'feira-photo-e2e-'));
  await buildBenchPage(pageDir);
  server = await serveStatic(pageDir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (pageDir) rmSync(pageDir, { recursive: true, force: true });
});

/** Opens the bench page and waits for `window.feiraBench`. */
async function openBench(page) {
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => window.feiraBench !== undefined);
}

/**
 * A 640×480 JPEG made by the page's canvas (left half red, right half blue) with an EXIF APP1
 * segment (orientation `orientation`) inserted after SOI, as a phone writes a portrait photo.
 * Returns it as an array of bytes.
 */
async function makeTaggedJpeg(page, orientation) {
  const jpeg = await canvasJpeg(page, {
    fills: [['rgb(230,20,20)', 0, 0, 320, 480], ['rgb(20,20,230)', 320, 0, 320, 480]],
    quality: 0.9,
  });
  // Big-endian TIFF: header, IFD0 with one entry (0x0112 Orientation, SHORT, 1), no next IFD.
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const exif = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const len = exif.length + 2;
  const app1 = [0xff, 0xe1, len >> 8, len & 0xff, ...exif];
  return [...jpeg.slice(0, 2), ...app1, ...jpeg.slice(2)];
}

test('an EXIF-6 portrait comes out upright, taller than wide and at most 300 px', async () => {
  await withPage(browser, 'photo-portrait', async (page) => {
    await openBench(page);
    const tagged = await makeTaggedJpeg(page, 6);
    const out = await page.evaluate(async (bytes) => {
      const stages = [];
      const photo = await window.feiraBench.processPhoto(
        new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
        'icone',
        (s) => stages.push(s),
      );
      // Decode the result and sample the top and the bottom.
      const bitmap = await createImageBitmap(photo.blob);
      const c = document.createElement('canvas');
      c.width = bitmap.width;
      c.height = bitmap.height;
      const ctx = c.getContext('2d');
      ctx.drawImage(bitmap, 0, 0);
      const at = (y) => Array.from(ctx.getImageData(Math.floor(c.width / 2), y, 1, 1).data.slice(0, 3));
      return {
        width: photo.width,
        height: photo.height,
        decoded: [bitmap.width, bitmap.height],
        type: photo.blob.type,
        base64Head: photo.base64.slice(0, 4),
        base64Length: photo.base64.length,
        size: photo.blob.size,
        stages,
        top: at(10),
        bottom: at(c.height - 10),
      };
    }, tagged);

    assert.deepEqual([out.width, out.height], [225, 300], 'a 640×480 photo tagged 6 becomes 225×300');
    assert.deepEqual(out.decoded, [225, 300], 'the JPEG decodes at the size reported');
    assert.ok(out.height > out.width && Math.max(out.width, out.height) <= 300);
    assert.equal(out.type, 'image/jpeg');
    assert.equal(out.base64Head, '/9j/', 'base64 of a JPEG, without a data: prefix');
    assert.equal(out.base64Length, Math.ceil(out.size / 3) * 4);
    assert.deepEqual(out.stages, ['Lendo a foto...', 'Reduzindo a foto...', 'Pronto']);
    // Turned clockwise: the stored left half (red) is now on top, the right half (blue) below.
    assert.ok(out.top[0] > 180 && out.top[2] < 80, `top should be red, got ${out.top}`);
    assert.ok(out.bottom[2] > 180 && out.bottom[0] < 80, `bottom should be blue, got ${out.bottom}`);
  });
});

test('a big photo is split between two workers and comes out as the one-pass photo, to the byte', async () => {
  await withPage(browser, 'photo-split', async (page) => {
    await openBench(page);
    const out = await page.evaluate(async () => {
      // Count the workers the client starts.
      let workers = 0;
      const Native = window.Worker;
      window.Worker = class extends Native {
        constructor(...args) {
          super(...args);
          workers += 1;
        }
      };
      // A 2800×2100 noisy photo (well over 1 MiB, so split; 1/8 scale serves 300 px).
      const c = document.createElement('canvas');
      [c.width, c.height] = [2800, 2100];
      const ctx = c.getContext('2d');
      const img = ctx.createImageData(c.width, c.height);
      let x = 0x9e3779b9;
      for (let i = 0; i < img.data.length; i += 4) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        const p = i / 4;
        img.data[i] = ((p % 2800) / 11 + (x & 63)) & 255;
        img.data[i + 1] = (p / 2800 / 9 + ((x >>> 8) & 63)) & 255;
        img.data[i + 2] = (x >>> 16) & 127;
        img.data[i + 3] = 255;
      }
      ctx.putImageData(img, 0, 0);
      const blob = await new Promise((r) => c.toBlob(r, 'image/jpeg', 0.95));
      const split = await window.feiraBench.processPhoto(blob, 'icone');
      const direct = await window.feiraBench.wasmDirect(blob);
      const bytes = new Uint8Array(await blob.arrayBuffer());
      const truncated = await window.feiraBench
        .processPhoto(new Blob([bytes.slice(0, Math.floor(bytes.length * 0.8))]), 'icone')
        .then(() => 'resolved', (err) => err.message);
      return {
        size: blob.size,
        workers,
        split: [split.width, split.height, split.base64],
        direct: [direct.width, direct.height, direct.base64],
        truncated,
      };
    });
    assert.ok(out.size > 1 << 20, `the photo must be big enough to be split (${out.size} B)`);
    assert.equal(out.workers, 2, 'the main worker and the helper');
    assert.deepEqual(out.split.slice(0, 2), [300, 225]);
    assert.ok(out.split[2] === out.direct[2], 'the two workers give the one-pass photo, to the byte');
    assert.equal(out.truncated, 'Não foi possível ler esta imagem: o arquivo está incompleto.');
  });
});

test('a truncated file and an unsupported format are refused with Portuguese messages', async () => {
  await withPage(browser, 'photo-errors', async (page) => {
    await openBench(page);
    const plain = await makeTaggedJpeg(page, 1);
    const errors = await page.evaluate(async (bytes) => {
      const attempt = (parts) =>
        window.feiraBench.processPhoto(new Blob(parts), 'icone').then(
          () => 'resolved',
          (err) => err.message,
        );
      return {
        truncated: await attempt([new Uint8Array(bytes.slice(0, Math.floor(bytes.length / 2)))]),
        gif: await attempt([new TextEncoder().encode('GIF89a'), new Uint8Array(64)]),
        random: await attempt([crypto.getRandomValues(new Uint8Array(4096))]),
        // The worker is still usable afterwards.
        after: await window.feiraBench.processPhoto(new Blob([new Uint8Array(bytes)]), 'fundo').then((p) => [p.width, p.height]),
      };
    }, plain);
    assert.equal(errors.truncated, 'Não foi possível ler esta imagem: o arquivo está incompleto.');
    assert.equal(errors.gif, 'Formato de imagem não suportado. Use JPEG, PNG ou WebP.');
    assert.equal(errors.random, 'Não foi possível ler esta imagem.');
    assert.deepEqual(errors.after, [640, 480], 'a background is never enlarged');
  });
});

test('a first visit to / fetches no photo wasm and no photo worker', async () => {
  await withPage(browser, 'photo-first-visit', async (page) => {
    const urls = [];
    page.on('request', (req) => urls.push(req.url()));
    await page.goto('/');
    await expectVisible(control(page, SIGN_IN_LABEL), 'the home page rendered (header sign-in control)');
    await requestsSettled(page);
    assert.ok(urls.some((u) => /\.js(\?|$)/.test(u)), 'no script request was seen: the check is broken');
    const photo = urls.filter((u) => /wasm_photo|photo\.worker/i.test(u));
    assert.deepEqual(photo, [], 'the photo pipeline is fetched only when a photo is picked');
  });
});
