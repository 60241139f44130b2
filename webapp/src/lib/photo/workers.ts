/**
 * The photo workers' plumbing for the client (index.ts): starting a worker (both run
 * photo.worker.ts) and the helper worker (B) that scans the second half of a big JPEG for the
 * main worker (A); see protocol.ts for the split.
 */
import type { PhotoReply, TailScan } from './protocol';

/**
 * Starts a photo worker. `onError`: the script failed to load or threw outside a request (the
 * event is already prevented from reaching the console as uncaught).
 */
export function spawnPhotoWorker(
  onReply: (from: Worker, reply: PhotoReply) => void,
  onError: (from: Worker) => void,
): Worker {
  const w = new Worker(new URL('./photo.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (event: MessageEvent<PhotoReply>) => onReply(w, event.data);
  w.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    onError(w);
  };
  return w;
}

/** Receives B's record for the photo `id`, or `null`: no record, A decodes the whole file. */
export type DeliverTail = (id: number, record: Uint8Array<ArrayBuffer> | null) => void;

/**
 * The helper worker (B), created on the first split photo (or a preload) and reused afterwards.
 * Every scan it is given ends in exactly one `deliver` call — B's record, or `null` when B
 * cannot split the file, fails, dies or cannot even be created — so A never waits forever
 * (unless `stop` forgets the scan, which only `resetPhotoWorker` does).
 */
export class TailHelper {
  private worker: Worker | undefined;
  /** The scans the worker holds, by photo id. */
  private readonly scans = new Map<number, TailScan>();
  private readonly deliver: DeliverTail;

  constructor(deliver: DeliverTail) {
    this.deliver = deliver;
  }

  /** Scans the file from `at` to its end for the photo `id`. */
  scan(request: TailScan) {
    this.scans.set(request.id, request);
    this.post(request);
  }

  /** Starts the worker and loads its wasm ahead of the first big photo; a failure shows later. */
  preload(id: number) {
    try {
      this.start().postMessage({ id, preload: true });
    } catch {
      // The Worker constructor failed: the next scan tries again (and delivers null if it fails).
    }
  }

  /** Stops the worker and forgets its scans without delivering anything. */
  stop() {
    this.worker?.terminate();
    this.worker = undefined;
    this.scans.clear();
  }

  private start(): Worker {
    this.worker ??= spawnPhotoWorker(
      (from, reply) => this.onReply(from, reply),
      (from) => this.onError(from),
    );
    return this.worker;
  }

  private post(request: TailScan) {
    try {
      this.start().postMessage(request);
    } catch {
      // The Worker constructor itself failed (e.g. a blocked script URL).
      this.scans.delete(request.id);
      this.deliver(request.id, null);
    }
  }

  private onReply(from: Worker, reply: PhotoReply) {
    // Preload answers ('ready', a load error) need nothing: a scan retries a failed load.
    if (from !== this.worker || reply.type !== 'tail' || !this.scans.delete(reply.id)) return;
    this.deliver(reply.id, reply.record);
    if (reply.crash) {
      // A trap leaves the wasm instance unusable: replace the worker and hand it the other
      // scans the old one still held.
      from.terminate();
      this.worker = undefined;
      for (const other of this.scans.values()) this.post(other);
    }
  }

  /** The script failed to load or the worker died: no record for any scan it held. */
  private onError(from: Worker) {
    if (from !== this.worker) return;
    from.terminate();
    this.worker = undefined;
    const held = [...this.scans.keys()];
    this.scans.clear();
    for (const id of held) this.deliver(id, null);
  }
}
