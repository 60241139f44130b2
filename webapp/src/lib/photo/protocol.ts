/**
 * Messages between the photo client (index.ts) and the photo worker (photo.worker.ts).
 */

/** What a photo is for: `icone` (icons, product and ad photos: longest side ≤ 300 px, JPEG 0.8)
 * or `fundo` (profile background: width ≤ 800 px, JPEG 0.7). */
export type PhotoKind = 'icone' | 'fundo';

/** Client → worker: shrink `file`, or only load the wasm (`preload`). */
export type PhotoRequest = { id: number; file: Blob; kind: PhotoKind } | { id: number; preload: true };

/** Worker → client. */
export type PhotoReply =
  /** The wasm is loaded (answer to a preload). */
  | { id: number; type: 'ready' }
  /** The wasm is loaded and the bytes read; the wasm call starts. */
  | { id: number; type: 'resizing' }
  | { id: number; type: 'done'; jpeg: Uint8Array<ArrayBuffer>; base64: string; width: number; height: number }
  /**
   * `photo`: the pipeline refused the file (`message` is its Portuguese text); `load`: the wasm
   * could not be fetched or compiled; `crash`: the wasm trapped (its instance must not be reused).
   */
  | { id: number; type: 'error'; reason: 'photo' | 'load' | 'crash'; message: string };

/** The file could not be read or decoded in a way the pipeline did not foresee. */
export const ERRO_LER_FOTO = 'Não foi possível ler esta imagem.';
