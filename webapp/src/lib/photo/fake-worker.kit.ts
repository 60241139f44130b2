/**
 * The fake Worker of the photo client's tests (index.test.ts): it records what it is sent (and
 * the transfer lists) and answers or fails when a test says so.
 */
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
