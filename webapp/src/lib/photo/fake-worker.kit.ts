/**
 * What the photo client's tests share (index.test.ts: one worker; index.split.test.ts: a big file
 * split between two): the fake Worker, which records what it is sent (and the transfer lists) and
 * answers or fails when a test says so, the files and replies they use, and the hooks that
 * install the fake and reset the client around each test.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { resetPhotoWorker, SPLIT_MIN_BYTES } from './index';
import { blobOf, numbered, type ReadLog } from './photo.worker.kit';
import type { PhotoReply, PhotoRequest } from './protocol';

export class FakeWorker {
  static instances: FakeWorker[] = [];
  onmessage: ((event: MessageEvent<PhotoReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  received: PhotoRequest[] = [];
  /** The transfer list of each message, in the same order. */
  transfers: Transferable[][] = [];
  terminated = false;

  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.instances.push(this);
  }

  postMessage(message: PhotoRequest, transfer: Transferable[] = []) {
    this.received.push(message);
    this.transfers.push(transfer);
  }

  terminate() {
    this.terminated = true;
  }

  reply(message: PhotoReply) {
    this.onmessage?.(new MessageEvent('message', { data: message }));
  }

  fail() {
    this.onerror?.(new ErrorEvent('error', { message: 'failed to fetch worker script', cancelable: true }));
  }
}

export const jpeg = () => new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
export const file = () => new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });
/** A file big enough to be split (`size` bytes, numbered), whose reads `log` records (jsdom's Blob cannot be read). */
export const bigFile = (size = SPLIT_MIN_BYTES, log?: ReadLog) => blobOf(numbered(size), log);
export const done = (id: number, base64 = 'ok'): PhotoReply => ({ id, type: 'done', jpeg: jpeg(), base64, width: 1, height: 1 });
export const flush = () => new Promise((r) => setTimeout(r, 0));

/** Pretends the device has `n` cores (`undefined`: the browser does not say). */
export const cores = (n: number | undefined) =>
  vi.spyOn(navigator, 'hardwareConcurrency', 'get').mockReturnValue(n as number);

/** Registers the hooks: the fake Worker on a 4-core device before each test; the client reset and every port sent closed after it. */
export function setUpClient() {
  beforeEach(() => {
    FakeWorker.instances = [];
    vi.stubGlobal('Worker', FakeWorker);
    cores(4);
  });

  afterEach(() => {
    resetPhotoWorker();
    // The fake workers keep the ports they were sent: close them all.
    for (const w of FakeWorker.instances) for (const t of w.transfers.flat()) if (t instanceof MessagePort) t.close();
  });
}
