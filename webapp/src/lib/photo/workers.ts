/**
 * The photo workers' plumbing for the client (index.ts): starting a worker (both run
 * photo.worker.ts) and the helper worker (B) that scans the second half of a big JPEG for the
 * main worker (A) and posts its record straight to A; see protocol.ts for the split.
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

/** Called when B will post nothing on the port of the photo `id`: A must be told to decode the whole file. */
export type TailLost = (id: number) => void;

/**
 * The helper worker (B), created on the first split photo (or a preload) and reused afterwards.
 * Every scan it is given ends either in B posting its record (or `null`) on the scan's port,
 * which B answers with a 'tail' reply, or in exactly one `lost` call — when B cannot be created,
 * dies, or is replaced after a trap before it got to the scan — so A never waits forever
 * (unless `stop` forgets the scan, which only `resetPhotoWorker` does). A scan's port goes to B
 * and cannot be sent again: a scan is never handed to a second worker.
 */
export class TailHelper {
  private worker: Worker | undefined;
  /** The photo ids of the scans the worker holds. */
  private readonly scans = new Set<number>();
  private readonly lost: TailLost;

  constructor(lost: TailLost) {
    this.lost = lost;
  }

  /** Scans the second half of a split photo for the photo `id` (transferring its bytes and the port to B). */
  scan(request: TailScan) {
    const { head, rest, port } = request.tail;
    try {
      this.start().postMessage(request, [head, rest, port]);
      this.scans.add(request.id);
    } catch {
      // The Worker constructor itself failed (e.g. a blocked script URL): the port stays here.
      port.close();
      this.lost(request.id);
    }
  }

  /** Starts the worker and loads its wasm ahead of the first big photo; a failure shows later. */
  preload(id: number) {
    try {
      this.start().postMessage({ id, preload: true });
    } catch {
      // The Worker constructor failed: the next scan tries again (and reports the scan lost if it fails).
    }
  }

  /** Stops the worker and forgets its scans without reporting them. */
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

  private onReply(from: Worker, reply: PhotoReply) {
    // Preload answers ('ready', a load error) need nothing: a scan retries a failed load.
    if (from !== this.worker || reply.type !== 'tail' || !this.scans.delete(reply.id)) return;
    // B has posted on the scan's port already; after a trap it must be replaced.
    if (reply.crash) this.abandon(from);
  }

  /** The script failed to load or the worker died. */
  private onError(from: Worker) {
    if (from === this.worker) this.abandon(from);
  }

  /**
   * Stops the worker; the scans it still held will never be posted (their ports died with it), so
   * each is reported lost. The next scan starts a fresh worker.
   */
  private abandon(from: Worker) {
    from.terminate();
    this.worker = undefined;
    const held = [...this.scans];
    this.scans.clear();
    for (const id of held) this.lost(id);
  }
}
