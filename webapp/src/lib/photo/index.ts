/**
 * Photo shrinking for uploads (decisions.md §16): the photo is decoded, turned upright (EXIF
 * orientation), shrunk and re-encoded as JPEG by wasm-core's photo pipeline in a Web Worker.
 *
 * The worker — and with it the photo wasm — is created on the first call only, so no page pays
 * for it until a user picks a photo; it is then reused for every later photo.
 */
import { ERRO_LER_FOTO, type PhotoKind, type PhotoReply, type PhotoRequest } from './protocol';

export type { PhotoKind } from './protocol';
export { ERRO_LER_FOTO } from './protocol';

/** A photo ready to send: `base64` has no `data:` prefix (what the RPC expects). */
export interface ProcessedPhoto {
  base64: string;
  blob: Blob;
  width: number;
  height: number;
}

/** Progress stages passed to `onProgress`, in order. */
export const ETAPAS_FOTO = {
  lendo: 'Lendo a foto...',
  reduzindo: 'Reduzindo a foto...',
  pronto: 'Pronto',
} as const;

/** The photo wasm (or the worker) could not be fetched: usually the connection. */
export const ERRO_CARREGAR_FOTO =
  'Não foi possível carregar o processador de fotos. Verifique sua conexão e tente novamente.';

interface Pending {
  request: PhotoRequest;
  /** With the photo, or `null` for a preload. */
  resolve: (photo: ProcessedPhoto | null) => void;
  reject: (err: Error) => void;
  onProgress?: (stage: string) => void;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();
let preloading: Promise<void> | undefined;

function startWorker(): Worker {
  const w = new Worker(new URL('./photo.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (event: MessageEvent<PhotoReply>) => onReply(w, event.data);
  // The worker script itself failed to load or threw outside a request: fail what it holds.
  w.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    discard(w);
    for (const [id, p] of pending) {
      pending.delete(id);
      p.reject(new Error(ERRO_CARREGAR_FOTO));
    }
  };
  return w;
}

/** Stops a worker that must not be reused; the next call starts a fresh one. */
function discard(w: Worker) {
  w.terminate();
  if (worker === w) {
    worker = undefined;
    preloading = undefined;
  }
}

function send(p: Pending) {
  worker ??= startWorker();
  worker.postMessage(p.request);
}

/** Registers a request and sends it; a Worker that cannot even be constructed rejects it. */
function submit(p: Pending) {
  pending.set(p.request.id, p);
  try {
    send(p);
  } catch {
    // The Worker constructor itself failed (e.g. a blocked script URL).
    pending.delete(p.request.id);
    if (worker) discard(worker);
    p.reject(new Error(ERRO_CARREGAR_FOTO));
  }
}

function onReply(from: Worker, reply: PhotoReply) {
  const p = pending.get(reply.id);
  if (!p) return;
  switch (reply.type) {
    case 'ready':
      pending.delete(reply.id);
      p.resolve(null);
      return;
    case 'resizing':
      p.onProgress?.(ETAPAS_FOTO.reduzindo);
      return;
    case 'done':
      pending.delete(reply.id);
      p.onProgress?.(ETAPAS_FOTO.pronto);
      p.resolve({
        base64: reply.base64,
        blob: new Blob([reply.jpeg], { type: 'image/jpeg' }),
        width: reply.width,
        height: reply.height,
      });
      return;
    case 'error':
      pending.delete(reply.id);
      if (reply.reason === 'photo') {
        p.reject(new Error(reply.message));
        return;
      }
      if (reply.reason === 'load') {
        p.reject(new Error(ERRO_CARREGAR_FOTO));
        return;
      }
      // A trap leaves the wasm instance unusable: replace the worker and hand it the other
      // photos the old one still held.
      p.reject(new Error(ERRO_LER_FOTO));
      discard(from);
      for (const other of pending.values()) send(other);
      return;
  }
}

/**
 * Shrinks a photo for upload: JPEG, PNG or WebP in; a JPEG out, upright, with its longest side at
 * most 300 px (`icone`: icons, product and ad photos, quality 0.8) or at most 800 px wide
 * (`fundo`: profile backgrounds, quality 0.7); never enlarged.
 *
 * `onProgress` receives 'Lendo a foto...', 'Reduzindo a foto...' and 'Pronto'. Rejects with an
 * `Error` whose message is the Portuguese text to show (e.g. 'Formato de imagem não suportado.
 * Use JPEG, PNG ou WebP.').
 */
export function processPhoto(
  file: Blob,
  kind: PhotoKind,
  onProgress?: (stage: string) => void,
): Promise<ProcessedPhoto> {
  return new Promise<ProcessedPhoto>((resolve, reject) => {
    onProgress?.(ETAPAS_FOTO.lendo);
    submit({
      request: { id: nextId++, file, kind },
      resolve: (photo) => (photo ? resolve(photo) : reject(new Error(ERRO_LER_FOTO))),
      reject,
      onProgress,
    });
  });
}

/**
 * Optional: starts the worker and fetches and compiles the photo wasm ahead of the first photo,
 * e.g. when the user opens the file chooser (the wasm then loads while they choose). Resolves
 * when it is ready; never rejects (a failure shows on `processPhoto`, which retries).
 */
export function preloadPhotoWorker(): Promise<void> {
  preloading ??= new Promise<void>((resolve) => {
    submit({
      request: { id: nextId++, preload: true },
      resolve: () => resolve(),
      reject: () => {
        preloading = undefined;
        resolve();
      },
    });
  });
  return preloading;
}

/** Stops the worker and forgets pending photos (tests). */
export function resetPhotoWorker() {
  if (worker) discard(worker);
  pending.clear();
  preloading = undefined;
  nextId = 1;
}
