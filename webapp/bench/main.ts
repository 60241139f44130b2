/**
 * The photo bench page: the app's real photo client (src/lib/photo: its worker and the photo
 * wasm) next to the browser's own canvas path, exposed as `window.feiraBench` for bench/photo.mjs
 * and the end-to-end test. Only this page exposes it; the app exposes nothing.
 */
import { preloadPhotoWorker, processPhoto } from '../src/lib/photo/index';
import init, { process_photo } from '../src/wasm/photo/wasm_photo.js';
import wasmUrl from '../src/wasm/photo/wasm_photo_bg.wasm?url';

export interface Timed {
  ms: number;
  base64: string;
  width: number;
  height: number;
}

/** The size that fits `w`×`h` in `max`×`max` (never larger), as the pipeline computes it. */
function fit(w: number, h: number, max: number): [number, number] {
  if (w <= max && h <= max) return [w, h];
  return w >= h ? [max, Math.max(1, Math.round((h * max) / w))] : [Math.max(1, Math.round((w * max) / h)), max];
}

async function toBase64(blob: Blob): Promise<string> {
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.readAsDataURL(blob);
  });
  return url.slice(url.indexOf(',') + 1);
}

/** (a) the photo wasm (crate photo/) in the worker: Blob → 300 px JPEG 0.8, timed from the call to the result. */
async function wasm(blob: Blob): Promise<Timed> {
  const t0 = performance.now();
  const out = await processPhoto(blob, 'icone');
  const ms = performance.now() - t0;
  return { ms, base64: out.base64, width: out.width, height: out.height };
}

let direct: Promise<unknown> | undefined;

/**
 * For the breakdown only: the same wasm called on this page's main thread, timing the
 * `process_photo` call alone (`readMs`: reading the Blob before it).
 */
async function wasmDirect(blob: Blob): Promise<Timed & { readMs: number }> {
  await (direct ??= init({ module_or_path: wasmUrl }));
  const t0 = performance.now();
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const t1 = performance.now();
  const out = process_photo(bytes, 'icone') as { base64: string; width: number; height: number };
  const ms = performance.now() - t1;
  return { ms, readMs: t1 - t0, base64: out.base64, width: out.width, height: out.height };
}

/**
 * (b) The browser: createImageBitmap (EXIF orientation applied) + canvas drawImage to 300 px +
 * toBlob('image/jpeg', 0.8). `quality` is the canvas's imageSmoothingQuality. With `size`
 * (the output size, known beforehand), createImageBitmap itself shrinks the photo while decoding
 * (resizeWidth/resizeHeight) and drawImage only copies it.
 */
async function canvas(blob: Blob, quality: ImageSmoothingQuality = 'low', size?: [number, number]): Promise<Timed> {
  const t0 = performance.now();
  const bitmap = await createImageBitmap(
    blob,
    size
      ? { imageOrientation: 'from-image', resizeWidth: size[0], resizeHeight: size[1], resizeQuality: quality }
      : { imageOrientation: 'from-image' },
  );
  const [w, h] = size ?? fit(bitmap.width, bitmap.height, 300);
  const el = document.createElement('canvas');
  el.width = w;
  el.height = h;
  const ctx = el.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = quality;
  ctx.drawImage(bitmap, 0, 0, w, h);
  bitmap.close();
  const out = await new Promise<Blob>((resolve, reject) =>
    el.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob'))), 'image/jpeg', 0.8),
  );
  const ms = performance.now() - t0;
  return { ms, base64: await toBase64(out), width: w, height: h };
}

/** Times `preloadPhotoWorker()`: starting the worker, fetching and compiling the wasm. */
async function preload(): Promise<number> {
  const t0 = performance.now();
  await preloadPhotoWorker();
  return performance.now() - t0;
}

const bench = { processPhoto, preload, wasm, wasmDirect, canvas };

declare global {
  interface Window {
    feiraBench: typeof bench;
  }
}

window.feiraBench = bench;
const status = document.getElementById('status');
if (status) status.textContent = 'pronto';
