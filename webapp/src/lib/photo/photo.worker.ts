/**
 * The photo worker: loads the photo wasm (webapp/src/wasm/photo, built by `just wasm`) once, on
 * its first message, and shrinks photos off the main thread. See index.ts for the client.
 */
import init, { process_photo } from '../../wasm/photo/wasm_photo.js';
import wasmUrl from '../../wasm/photo/wasm_photo_bg.wasm?url';
import { ERRO_LER_FOTO, type PhotoReply, type PhotoRequest } from './protocol';

interface Processed {
  jpeg: Uint8Array<ArrayBuffer>;
  base64: string;
  width: number;
  height: number;
}

/** The part of the worker's global scope used here (the DOM lib types `self` as a Window). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<PhotoRequest>) => void) | null;
  postMessage(message: PhotoReply, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

let ready: Promise<unknown> | undefined;

/** Instantiates the wasm once; a failed load is forgotten so that the next photo retries. */
const load = () =>
  (ready ??= init({ module_or_path: wasmUrl }).catch((err: unknown) => {
    ready = undefined;
    throw err;
  }));

const reply = (message: PhotoReply, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

scope.onmessage = async ({ data }: MessageEvent<PhotoRequest>) => {
  if ('preload' in data) {
    try {
      await load();
      reply({ id: data.id, type: 'ready' });
    } catch (err) {
      reply({ id: data.id, type: 'error', reason: 'load', message: messageOf(err) });
    }
    return;
  }
  const { id, file, kind } = data;
  // Read the file while the wasm loads.
  const reading = file.arrayBuffer();
  reading.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
  try {
    await load();
  } catch (err) {
    reply({ id, type: 'error', reason: 'load', message: messageOf(err) });
    return;
  }
  let bytes: ArrayBuffer;
  try {
    bytes = await reading;
  } catch {
    reply({ id, type: 'error', reason: 'photo', message: ERRO_LER_FOTO });
    return;
  }
  reply({ id, type: 'resizing' });
  try {
    const out = process_photo(new Uint8Array(bytes), kind) as Processed;
    reply({ id, type: 'done', ...out }, [out.jpeg.buffer]);
  } catch (err) {
    // A Rust PhotoError arrives as an Error carrying its Portuguese message; a trap (a panic in a
    // decoder: the wasm build aborts) as a WebAssembly.RuntimeError.
    const crash = err instanceof WebAssembly.RuntimeError;
    reply({ id, type: 'error', reason: crash ? 'crash' : 'photo', message: messageOf(err) });
  }
};
