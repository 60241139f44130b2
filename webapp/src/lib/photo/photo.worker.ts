/**
 * The photo worker: loads the photo wasm (webapp/src/wasm/photo, built by `just wasm`) once, on
 * its first message, and shrinks photos off the main thread. See index.ts for the client.
 *
 * The same script runs twice for a big JPEG (protocol.ts), which the client reads and hands to
 * both: as the main worker (A) it decodes the first half (`PhotoSplit`) while the helper (B)
 * scans the second (`TailScan`) and posts its record straight to A on the photo's port; A then
 * joins it and finishes the photo (`PhotoSplit.finish`).
 */
import init, {
  PhotoSplit,
  process_photo,
  TailScan as TailDecoder,
  warm_up_photo,
} from '../../wasm/photo/wasm_photo.js';
import wasmUrl from '../../wasm/photo/wasm_photo_bg.wasm?url';
import {
  ERRO_LER_FOTO,
  isTailScan,
  MARGIN_BYTES,
  type PhotoJob,
  type PhotoReply,
  type PhotoRequest,
  type SplitJob,
  type TailMessage,
  type TailScan,
} from './protocol';
import { errorText } from '../errorText';

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

/** Reads a Blob; the promise is awaited later, so an early failure must not go unhandled meanwhile. */
const read = (blob: Blob) => {
  const reading = blob.arrayBuffer();
  reading.catch(() => {});
  return reading;
};

/** What a read gives; a read error becomes ERRO_LER_FOTO. */
const bytesOf = async (reading: Promise<ArrayBuffer>) => {
  try {
    return new Uint8Array(await reading);
  } catch {
    throw new Error(ERRO_LER_FOTO);
  }
};

/** A: settles the wait for the tail record of each split photo that has none yet, by id. */
const awaitingTail = new Map<number, (record: TailMessage) => void>();

/**
 * A: B's record for the photo `id`: the first of a message on `port` and the client's
 * `{id, tail: null}` (B died or never got the scan). The port listens from now on (a record can
 * come while the wasm loads) and is closed once the wait is settled.
 */
function waitForTail(id: number, port: MessagePort): Promise<TailMessage> {
  return new Promise((resolve) => {
    const settle = (record: TailMessage) => {
      awaitingTail.delete(id);
      port.onmessage = null;
      port.close();
      resolve(record);
    };
    awaitingTail.set(id, settle);
    // Setting onmessage starts the port.
    port.onmessage = ({ data }: MessageEvent<TailMessage>) => settle(data);
  });
}

/** A: stops waiting for the photo's record (a record that comes afterwards is dropped). */
const stopWaiting = (id: number) => awaitingTail.get(id)?.(null);

scope.onmessage = ({ data }: MessageEvent<PhotoRequest>) => {
  if ('preload' in data) {
    void preload(data.id);
  } else if ('file' in data) {
    void shrink(data);
  } else if ('bytes' in data) {
    void shrinkSplit(data);
  } else if (isTailScan(data)) {
    void scanTail(data);
  } else {
    // No record will come from B; ignored for a photo that no longer waits for one.
    stopWaiting(data.id);
  }
};

async function preload(id: number) {
  try {
    await load();
    // While the user chooses a file: run the hot code until V8 swaps in its optimised version.
    try {
      warm_up_photo();
    } catch {
      // Nothing lost: a broken instance shows (and is replaced) on the first photo.
    }
    reply({ id, type: 'ready' });
  } catch (err) {
    reply({ id, type: 'error', reason: 'load', message: errorText(err) });
  }
}

/** A: loads the wasm; when it cannot be loaded, answers the photo `id` so and returns false. */
async function loaded(id: number): Promise<boolean> {
  try {
    await load();
    return true;
  } catch (err) {
    stopWaiting(id);
    reply({ id, type: 'error', reason: 'load', message: errorText(err) });
    return false;
  }
}

/**
 * A: tells the client the wasm work starts, then posts the photo `work` makes, or its error. A
 * Rust PhotoError arrives as an Error carrying its Portuguese message; a trap (a panic in a
 * decoder: the wasm build aborts) as a WebAssembly.RuntimeError.
 */
async function answer(id: number, work: () => Promise<Processed>) {
  reply({ id, type: 'resizing' });
  try {
    const out = await work();
    reply({ id, type: 'done', ...out }, [out.jpeg.buffer]);
  } catch (err) {
    stopWaiting(id);
    const crash = err instanceof WebAssembly.RuntimeError;
    reply({ id, type: 'error', reason: crash ? 'crash' : 'photo', message: errorText(err) });
  }
}

/** A: shrinks a photo, reading the file while the wasm loads. */
async function shrink({ id, file, kind }: PhotoJob) {
  const reading = read(file);
  if (!(await loaded(id))) return;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await bytesOf(reading);
  } catch (err) {
    reply({ id, type: 'error', reason: 'photo', message: errorText(err) });
    return;
  }
  await answer(id, async () => process_photo(bytes, kind) as Processed);
}

/** A: shrinks a big photo the client read, joining B's record of its second half. */
async function shrinkSplit({ id, bytes: buffer, kind, split: { at, port } }: SplitJob) {
  // Wait for B's record from now on: it can arrive while the wasm still loads.
  const tail = waitForTail(id, port);
  if (!(await loaded(id))) return;
  const bytes = new Uint8Array(buffer);
  await answer(id, async () => {
    // A's half now (up to the join), while B scans the other; `undefined` when this photo is not
    // split after all.
    const started = PhotoSplit.start(bytes.subarray(0, at + MARGIN_BYTES), at, kind);
    if (!started) stopWaiting(id);
    const record = started ? await tail : null;
    let out: Processed | null = null;
    if (started && record) out = started.finish(record) as Processed | null;
    else started?.free();
    // Not split, no record, or the halves do not join: the whole file.
    return out ?? (process_photo(bytes, kind) as Processed);
  });
}

/**
 * B: posts A, on `port`, the record of the file's second half, or `null` on any failure (A then
 * decodes it all), closes the port, and tells the client the scan is over.
 */
async function scanTail({ id, tail: { head, rest, port } }: TailScan) {
  let record: TailMessage = null;
  let crash = false;
  try {
    await load();
    const scan = TailDecoder.start(new Uint8Array(head));
    if (scan?.push(new Uint8Array(rest))) record = (scan.finish() as Uint8Array<ArrayBuffer> | undefined) ?? null;
    else scan?.free();
  } catch (err) {
    // Not a JPEG that can be split, or a load error: no record. A trap also makes the client
    // replace this worker.
    crash = err instanceof WebAssembly.RuntimeError;
  }
  port.postMessage(record, record ? [record.buffer] : []);
  port.close();
  reply(crash ? { id, type: 'tail', crash: true } : { id, type: 'tail' });
}
