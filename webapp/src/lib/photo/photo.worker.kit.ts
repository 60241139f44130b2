/**
 * What the photo tests share (photo.worker.test.ts: the main worker and preloading;
 * photo.worker.helper.test.ts: the helper; index.test.ts: the fake Blob): a fake Blob that logs
 * its reads, the worker's posts, message channels, and the hooks that load a fresh worker script
 * for each test.
 */
import { afterEach, beforeEach, expect, vi, type Mock } from 'vitest';
import { HEAD_BYTES, type PhotoReply, type PhotoRequest } from './protocol';

/** What the worker posted, with the transfer lists. */
export let posted: { message: PhotoReply; transfer: Transferable[] }[];

/** Sends the worker a message, as the client would. */
export const send = (data: PhotoRequest) => {
  const handler = (self as unknown as { onmessage: (event: { data: PhotoRequest }) => void }).onmessage;
  handler({ data });
};

/** Waits until the worker has posted `n` messages. */
export const posts = (n: number) => vi.waitFor(() => expect(posted).toHaveLength(n));

/** The channels made by a test, closed after it. */
export let channels: MessageChannel[];

/** A new channel: `port1` plays B's end, `port2` A's. */
export const channel = () => {
  const c = new MessageChannel();
  channels.push(c);
  return c;
};

/** Resolves when `port` is closed (by the port at its other end). */
export const closed = (port: MessagePort) => new Promise((r) => port.addEventListener('close', r, { once: true }));

/** The first message that arrives on `port`. */
export const next = (port: MessagePort) => new Promise<unknown>((r) => (port.onmessage = (e) => r(e.data)));

/** Lets pending port messages and timers run. */
export const settle = () => new Promise((r) => setTimeout(r, 20));

/** A file of `size` bytes numbered 0, 1, … 250, 0, 1, … so that slices can be told apart. */
export const numbered = (size: number) => new Uint8Array(size).map((_, i) => i % 251);

export interface ReadLog {
  reads: [number, number][];
  failFrom: number;
}

/**
 * The part of a Blob the worker uses (jsdom's Blob cannot be read): `reads` lists the ranges
 * read, `failFrom` makes reads starting at or after that offset fail.
 */
export class FakeBlob {
  constructor(
    readonly bytes: Uint8Array,
    readonly log: ReadLog = { reads: [], failFrom: Infinity },
    readonly offset = 0,
  ) {}

  get size() {
    return this.bytes.length;
  }

  slice(start = 0, end = this.bytes.length) {
    return new FakeBlob(this.bytes.slice(start, end), this.log, this.offset + start);
  }

  arrayBuffer() {
    this.log.reads.push([this.offset, this.offset + this.bytes.length]);
    if (this.offset >= this.log.failFrom) return Promise.reject(new DOMException('gone', 'NotReadableError'));
    return Promise.resolve(this.bytes.slice().buffer);
  }
}

export const blobOf = (bytes: Uint8Array, log?: ReadLog) => new FakeBlob(bytes, log) as unknown as Blob;

/** Whether two byte arrays are equal (cheaper than toEqual's diff on large arrays). */
export const same = (a: unknown, b: Uint8Array) =>
  a instanceof Uint8Array && a.length === b.length && a.every((x, i) => x === b[i]);

export const processed = () => ({ jpeg: new Uint8Array([0xff, 0xd8]), base64: '/9g=', width: 225, height: 300 });

/** Sends A a split photo, all its `bytes` as the client read them, and returns B's end of its port. */
export const split = (id: number, bytes: Uint8Array, at: number, kind: 'icone' | 'fundo' = 'icone') => {
  const { port1, port2 } = channel();
  send({ id, bytes: bytes.slice().buffer, kind, split: { at, port: port2 } });
  return port1;
};

/** Sends B the tail scan of `bytes` split at `at`, as the client cuts it, and returns the first message B posts on its port. */
export const scan = (id: number, bytes: Uint8Array, at: number) => {
  const { port1, port2 } = channel();
  const message = next(port2);
  const head = bytes.slice(0, Math.min(at, HEAD_BYTES)).buffer;
  send({ id, tail: { head, rest: bytes.slice(at).buffer, port: port1 } });
  return message;
};

/** The values of a byte array (anything else as it is), to compare arrays from another realm. */
export const bytesOf = (a: unknown) => (ArrayBuffer.isView(a) ? Array.from(a as Uint8Array) : a);

/** The fake photo wasm's functions (each test file mocks the wasm module with them). */
export type WasmMocks = Record<
  'init' | 'process_photo' | 'tailStart' | 'tailPush' | 'tailFinish' | 'tailFree' | 'warm_up_photo' | 'start' | 'finish' | 'free',
  Mock
>;

/**
 * Registers the hooks: before each test, a fresh worker script (its wasm not loaded yet) whose
 * `postMessage` lands in `posted`, and the wasm's objects wired to `wasm`; after it, the mocks
 * reset and the test's channels closed.
 */
export function setUpWorker(wasm: WasmMocks) {
  beforeEach(async () => {
    posted = [];
    channels = [];
    vi.spyOn(self, 'postMessage').mockImplementation(((message: PhotoReply, transfer: Transferable[]) => {
      posted.push({ message, transfer });
    }) as typeof self.postMessage);
    wasm.init.mockResolvedValue({});
    wasm.start.mockImplementation(() => ({ finish: wasm.finish, free: wasm.free }));
    wasm.tailStart.mockImplementation(() => ({ push: wasm.tailPush, finish: wasm.tailFinish, free: wasm.tailFree }));
    wasm.tailPush.mockReturnValue(true);
    // A fresh worker script (its wasm not loaded yet) for each test.
    vi.resetModules();
    await import('./photo.worker');
  });

  afterEach(() => {
    for (const f of Object.values(wasm)) f.mockReset();
    for (const c of channels) [c.port1, c.port2].forEach((p) => p.close());
  });
}

