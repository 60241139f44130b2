/**
 * Photo shrinking for uploads (decisions.md §16): the photo is decoded, turned upright (EXIF
 * orientation), shrunk and re-encoded as JPEG by the photo pipeline (the crate photo/, explained
 * in docs/photo.md) in a Web Worker.
 *
 * The worker — and with it the photo wasm — is created on the first call only, so no page pays
 * for it until a user picks a photo; it is then reused for every later photo. A big JPEG
 * (≥ SPLIT_MIN_BYTES, on a device with at least two cores) is read here, in one read, and decoded
 * by two workers at once: the main one (A) and a helper (B, workers.ts) that scans its second
 * half and posts its record to A on a MessageChannel of their own; see protocol.ts.
 */
import {
  ERRO_LER_FOTO,
  HEAD_BYTES,
  SPLIT_FRACTION,
  SPLIT_MIN_BYTES,
  type PhotoJob,
  type PhotoKind,
  type PhotoReply,
  type Preload,
  type SplitJob,
  type TailRecord,
} from './protocol';
import { spawnPhotoWorker, TailHelper } from './workers';

export type { PhotoKind } from './protocol';
export { ERRO_LER_FOTO, HEAD_BYTES, MARGIN_BYTES, SPLIT_FRACTION, SPLIT_MIN_BYTES } from './protocol';

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
  request: PhotoJob | SplitJob | Preload;
  /** A split photo's file: sent whole to a fresh A if the first one crashes. */
  file?: Blob;
  /** With the photo, or `null` for a preload. */
  resolve: (photo: ProcessedPhoto | null) => void;
  reject: (err: Error) => void;
  onProgress?: (stage: string) => void;
}

/** The main worker (A). */
let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();
let preloading: Promise<void> | undefined;
/** How many times `resetPhotoWorker` ran: a photo read before a reset is dropped. */
let resets = 0;
/** The helper worker (B); its records go to A on each split photo's own port. */
const helper = new TailHelper(tailLost);

function startWorker(): Worker {
  return spawnPhotoWorker(onReply, (w) => {
    // The worker script itself failed to load or threw outside a request: fail what it holds.
    discard(w);
    for (const [id, p] of pending) {
      pending.delete(id);
      p.reject(new Error(ERRO_CARREGAR_FOTO));
    }
  });
}

/** Stops a worker that must not be reused; the next call starts a fresh one. */
function discard(w: Worker) {
  w.terminate();
  if (worker === w) {
    worker = undefined;
    preloading = undefined;
  }
}

/** Sends a request to A, transferring a split photo's bytes and port. */
function send(p: Pending) {
  worker ??= startWorker();
  const { request } = p;
  worker.postMessage(request, 'split' in request ? [request.bytes, request.split.port] : []);
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

/** B will post nothing on the port of the split photo `id`: tells A, which then decodes the whole file. */
function tailLost(id: number) {
  const p = pending.get(id);
  // A photo already settled (or handed whole to a fresh worker) waits for no record.
  if (!p || !('split' in p.request) || !worker) return;
  const message: TailRecord = { id, tail: null };
  worker.postMessage(message);
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
      resubmitAll();
      return;
    case 'tail':
      // Only the helper answers a tail scan (workers.ts).
      return;
  }
}

/**
 * Hands every pending request to a fresh main worker. A split photo is sent whole: its port went
 * to the old worker (B's record, if any, is lost with it).
 */
function resubmitAll() {
  const held = [...pending.values()];
  pending.clear();
  for (const p of held) {
    if ('split' in p.request && p.file) {
      const { id, kind } = p.request;
      p.request = { id, file: p.file, kind };
    }
    submit(p);
  }
}

/** Whether the device has a second core for the helper (`hardwareConcurrency` may be missing). */
const hasSpareCore = () => ((navigator.hardwareConcurrency as number | undefined) ?? 2) >= 2;

/** Where a file is split between the two workers, or `undefined` when one worker does it all. */
function splitAt(file: Blob): number | undefined {
  if (file.size < SPLIT_MIN_BYTES || !hasSpareCore()) return undefined;
  return Math.floor(file.size * SPLIT_FRACTION);
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
    const id = nextId++;
    const at = splitAt(file);
    const handlers = {
      resolve: (photo: ProcessedPhoto | null) => (photo ? resolve(photo) : reject(new Error(ERRO_LER_FOTO))),
      reject,
      onProgress,
    };
    if (at === undefined) {
      submit({ request: { id, file, kind }, ...handlers });
      return;
    }
    const generation = resets;
    file.arrayBuffer().then(
      (bytes) => {
        if (resets === generation) split({ id, bytes, kind, at, file, handlers });
      },
      () => reject(new Error(ERRO_LER_FOTO)),
    );
  });
}

/**
 * Hands a big file, read, to both workers: B copies of its parts (its headers and the file from
 * `at`), A all of it (transferred), and the photo's own channel: B posts its record on port1, A
 * receives it on port2.
 */
function split({ id, bytes, kind, at, file, handlers }: {
  id: number;
  bytes: ArrayBuffer;
  kind: PhotoKind;
  at: number;
  file: Blob;
  handlers: Omit<Pending, 'request' | 'file'>;
}) {
  const head = bytes.slice(0, Math.min(at, HEAD_BYTES));
  const rest = bytes.slice(at);
  const { port1, port2 } = new MessageChannel();
  submit({ request: { id, bytes, kind, split: { at, port: port2 } }, file, ...handlers });
  if (pending.has(id)) {
    // The helper scans the second half meanwhile; A waits for its record (or a null).
    helper.scan({ id, tail: { head, rest, port: port1 } });
  } else {
    // A could not even be created: the channel is unused.
    port1.close();
    port2.close();
  }
}

/**
 * Optional: starts the workers and fetches and compiles the photo wasm ahead of the first photo,
 * e.g. when the user opens the file chooser (the wasm then loads while they choose). Resolves
 * when the main worker is ready; never rejects (a failure shows on `processPhoto`, which
 * retries). The helper is started too unless the device has a single core (it never splits).
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
    if (hasSpareCore()) helper.preload(nextId++);
  });
  return preloading;
}

/** Stops both workers and forgets pending photos, even those still being read (tests). */
export function resetPhotoWorker() {
  if (worker) discard(worker);
  helper.stop();
  pending.clear();
  preloading = undefined;
  nextId = 1;
  resets++;
}
