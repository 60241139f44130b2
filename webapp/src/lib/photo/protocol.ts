/**
 * Messages between the photo client (index.ts, workers.ts) and the photo workers
 * (photo.worker.ts), and the sizes of the split of a big JPEG between two of them.
 *
 * A big JPEG is decoded by two workers running the same script: the main worker (A) decodes the
 * first half of the entropy-coded data and joins the record that the helper worker (B) makes of
 * the second half (`TailScan`). The client reads such a file itself, in one read (faster than
 * the two workers reading their parts at the same time, and both then start at once), and for
 * each split photo makes a MessageChannel and sends A `{id, bytes, kind, split: {at, port}}` (the
 * whole file) and B `{id, tail: {head, rest, port}}` (copies of its parts), the bytes and each
 * port transferred, so that B's record goes straight to A, not through the busy main thread: B
 * posts exactly one TailMessage on its port (its record, or `null`: A decodes the whole file),
 * then answers the client `{id, type: 'tail'}`. When B dies, cannot be created or is replaced
 * before posting, the client sends A `{id, tail: null}` instead; A takes whichever comes first.
 */

/** What a photo is for: `icone` (icons, product and ad photos: longest side ≤ 300 px, JPEG 0.8)
 * or `fundo` (profile background: width ≤ 800 px, JPEG 0.7). */
export type PhotoKind = 'icone' | 'fundo';

/** Files from this size on are split between the two workers (smaller ones: A alone). */
export const SPLIT_MIN_BYTES = 1 << 20;
/** Where the split falls: `at = Math.floor(file.size * SPLIT_FRACTION)`. */
export const SPLIT_FRACTION = 0.5;
/** B gets the file's first `Math.min(at, HEAD_BYTES)` bytes for its headers (up to the scan). */
export const HEAD_BYTES = 128 << 10;
/** A decodes the file up to `at + MARGIN_BYTES` (where the halves are joined), no further unless it falls back. */
export const MARGIN_BYTES = 64 << 10;

/** Client → A: shrink `file` (A reads it). */
export interface PhotoJob {
  id: number;
  file: Blob;
  kind: PhotoKind;
}

/**
 * Client → A: shrink a big file the client has read (`bytes`, all of it), split at `split.at`:
 * B scans the file from there and A joins the record that arrives on `split.port`.
 */
export interface SplitJob {
  id: number;
  bytes: ArrayBuffer;
  kind: PhotoKind;
  split: { at: number; port: MessagePort };
}

/**
 * Client → B: scan the file from the split on (`rest`; `head`: its first bytes, for the headers)
 * for the photo `id` (`TailScan`); post the result on `port`.
 */
export interface TailScan {
  id: number;
  tail: { head: ArrayBuffer; rest: ArrayBuffer; port: MessagePort };
}

/** B → A, on the split photo's port: B's record, or `null` (B failed: decode the whole file). */
export type TailMessage = Uint8Array<ArrayBuffer> | null;

/**
 * Client → A: no record will come for the split photo `id` (B died, could not be created, or was
 * replaced before it scanned this photo): decode the whole file.
 */
export interface TailRecord {
  id: number;
  tail: null;
}

/** Client → worker: only load the wasm (the client preloads both workers). */
export interface Preload {
  id: number;
  preload: true;
}

/** Client → worker: a photo (A), a tail scan (B), a missing tail record (A), or a preload. */
export type PhotoRequest = PhotoJob | SplitJob | TailScan | TailRecord | Preload;

/** Whether a request carrying `tail` is a scan for B (rather than a missing record for A). */
export const isTailScan = (request: TailScan | TailRecord): request is TailScan => request.tail !== null;

/** Worker → client. */
export type PhotoReply =
  /** The wasm is loaded (answer to a preload). */
  | { id: number; type: 'ready' }
  /** The wasm is loaded and the bytes are there; the wasm call starts. */
  | { id: number; type: 'resizing' }
  | { id: number; type: 'done'; jpeg: Uint8Array<ArrayBuffer>; base64: string; width: number; height: number }
  /**
   * `photo`: the pipeline refused the file (`message` is its Portuguese text); `load`: the wasm
   * could not be fetched or compiled; `crash`: the wasm trapped (its instance must not be reused).
   */
  | { id: number; type: 'error'; reason: 'photo' | 'load' | 'crash'; message: string }
  /**
   * B's answer to a tail scan, once it has posted its TailMessage to A (the record, or `null` on
   * any failure: the file cannot be split, a read or load error, a trap). `crash`: the wasm
   * trapped, B must be replaced.
   */
  | { id: number; type: 'tail'; crash?: true };

/** The file could not be read or decoded in a way the pipeline did not foresee. */
export const ERRO_LER_FOTO = 'Não foi possível ler esta imagem.';
