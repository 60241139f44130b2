/**
 * The photo worker's script with a fake photo wasm and real MessageChannels: as the main worker
 * (A) it reads only up to the join, decodes its half before the helper's record arrives on its
 * port (even one that arrives while the wasm loads), takes the first of that record and the
 * client's `{tail: null}`, joins it or falls back to the whole file, and closes its port; as the
 * helper (B) it scans the second half, posts the record (or `null` on any failure) on its port,
 * closes it, and tells the client the scan is over (with `crash` after a trap).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERRO_LER_FOTO, HEAD_BYTES, MARGIN_BYTES, type PhotoReply, type PhotoRequest } from './protocol';

const wasm = vi.hoisted(() => ({
  init: vi.fn(),
  process_photo: vi.fn(),
  /** TailScan.start, and the started scan's push, finish and free. */
  tailStart: vi.fn(),
  tailPush: vi.fn(),
  tailFinish: vi.fn(),
  tailFree: vi.fn(),
  warm_up_photo: vi.fn(),
  /** PhotoSplit.start, and the started split's finish and free. */
  start: vi.fn(),
  finish: vi.fn(),
  free: vi.fn(),
}));

vi.mock('../../wasm/photo/wasm_photo.js', () => ({
  default: wasm.init,
  process_photo: wasm.process_photo,
  TailScan: { start: wasm.tailStart },
  warm_up_photo: wasm.warm_up_photo,
  PhotoSplit: { start: wasm.start },
}));
vi.mock('../../wasm/photo/wasm_photo_bg.wasm?url', () => ({ default: '/wasm_photo_bg.wasm' }));

/** What the worker posted, with the transfer lists. */
let posted: { message: PhotoReply; transfer: Transferable[] }[];

/** Sends the worker a message, as the client would. */
const send = (data: PhotoRequest) => {
  const handler = (self as unknown as { onmessage: (event: { data: PhotoRequest }) => void }).onmessage;
  handler({ data });
};

/** Waits until the worker has posted `n` messages. */
const posts = (n: number) => vi.waitFor(() => expect(posted).toHaveLength(n));

/** The channels made by a test, closed after it. */
let channels: MessageChannel[];

/** A new channel: `port1` plays B's end, `port2` A's. */
const channel = () => {
  const c = new MessageChannel();
  channels.push(c);
  return c;
};

/** Resolves when `port` is closed (by the port at its other end). */
const closed = (port: MessagePort) => new Promise((r) => port.addEventListener('close', r, { once: true }));

/** The first message that arrives on `port`. */
const next = (port: MessagePort) => new Promise<unknown>((r) => (port.onmessage = (e) => r(e.data)));

/** Lets pending port messages and timers run. */
const settle = () => new Promise((r) => setTimeout(r, 20));

/** A file of `size` bytes numbered 0, 1, … 250, 0, 1, … so that slices can be told apart. */
const numbered = (size: number) => new Uint8Array(size).map((_, i) => i % 251);

interface ReadLog {
  reads: [number, number][];
  failFrom: number;
}

/**
 * The part of a Blob the worker uses (jsdom's Blob cannot be read): `reads` lists the ranges
 * read, `failFrom` makes reads starting at or after that offset fail.
 */
class FakeBlob {
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

const blobOf = (bytes: Uint8Array, log?: ReadLog) => new FakeBlob(bytes, log) as unknown as Blob;

/** Whether two byte arrays are equal (cheaper than toEqual's diff on large arrays). */
const same = (a: unknown, b: Uint8Array) =>
  a instanceof Uint8Array && a.length === b.length && a.every((x, i) => x === b[i]);

const processed = () => ({ jpeg: new Uint8Array([0xff, 0xd8]), base64: '/9g=', width: 225, height: 300 });

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

/** Sends A a split photo and returns B's end of its port. */
const split = (id: number, file: Blob, at: number, kind: 'icone' | 'fundo' = 'icone') => {
  const { port1, port2 } = channel();
  send({ id, file, kind, split: { at, port: port2 } });
  return port1;
};

/** Sends B a tail scan and returns the first message it posts on its port. */
const scan = (id: number, file: Blob, at: number) => {
  const { port1, port2 } = channel();
  const message = next(port2);
  send({ id, tail: { file, at, port: port1 } });
  return message;
};

/** The values of a byte array (anything else as it is), to compare arrays from another realm. */
const bytesOf = (a: unknown) => (ArrayBuffer.isView(a) ? Array.from(a as Uint8Array) : a);

describe('the main worker (A)', () => {
  it('shrinks a photo that is not split from the whole file', async () => {
    const bytes = numbered(1000);
    wasm.process_photo.mockReturnValue(processed());
    send({ id: 1, file: blobOf(bytes), kind: 'fundo' });
    await posts(2);
    expect(wasm.process_photo).toHaveBeenCalledWith(bytes, 'fundo');
    expect(wasm.start).not.toHaveBeenCalled();
    expect(posted.map((p) => p.message)).toEqual([{ id: 1, type: 'resizing' }, { id: 1, type: 'done', ...processed() }]);
    const done = posted[1].message as Extract<PhotoReply, { type: 'done' }>;
    expect(posted[1].transfer).toEqual([done.jpeg.buffer]);
  });

  it('joins the record B posted on its port while the wasm was loading, reading only up to at + margin', async () => {
    let loaded!: () => void;
    wasm.init.mockReturnValue(new Promise<void>((r) => (loaded = r)));
    wasm.finish.mockReturnValue(processed());
    const bytes = numbered(400_000);
    const at = 200_000;
    const log: ReadLog = { reads: [], failFrom: Infinity };
    const { port1, port2 } = channel();
    send({ id: 7, file: blobOf(bytes, log), kind: 'icone', split: { at, port: port2 } });
    // The record is delivered while the wasm still loads: A must already listen on its port.
    const delivered = new Promise((r) => port2.addEventListener('message', r, { once: true }));
    port1.postMessage(new Uint8Array([1, 2, 3]));
    await delivered;
    expect(wasm.start).not.toHaveBeenCalled();
    loaded();
    await posts(2);
    expect(log.reads).toEqual([[0, at + MARGIN_BYTES]]);
    expect(wasm.start).toHaveBeenCalledWith(expect.any(Uint8Array), at, 'icone');
    expect(same(wasm.start.mock.calls[0][0], bytes.slice(0, at + MARGIN_BYTES))).toBe(true);
    expect(bytesOf(wasm.finish.mock.calls[0][0])).toEqual([1, 2, 3]);
    expect(wasm.process_photo).not.toHaveBeenCalled();
    expect(posted.map((p) => p.message.type)).toEqual(['resizing', 'done']);
  });

  it('decodes its half without waiting for the record, joins the record when it comes, and closes its port', async () => {
    wasm.finish.mockReturnValue(processed());
    const portB = split(2, blobOf(numbered(300_000)), 150_000);
    const portClosed = closed(portB);
    await posts(1);
    expect(posted[0].message).toEqual({ id: 2, type: 'resizing' });
    expect(wasm.start).toHaveBeenCalledTimes(1);
    expect(wasm.finish).not.toHaveBeenCalled();
    portB.postMessage(new Uint8Array([9]));
    await posts(2);
    expect(wasm.finish).toHaveBeenCalledTimes(1);
    expect(posted[1].message).toEqual({ id: 2, type: 'done', ...processed() });
    await portClosed;
  });

  it('shrinks the whole file at once, without waiting for a record, when the split declines the photo', async () => {
    wasm.start.mockReturnValue(undefined);
    wasm.process_photo.mockReturnValue(processed());
    const bytes = numbered(300_000);
    const portB = split(16, blobOf(bytes), 150_000, 'fundo');
    const portClosed = closed(portB);
    await posts(2);
    expect(same(wasm.process_photo.mock.calls[0][0], bytes)).toBe(true);
    expect(posted[1].message).toEqual({ id: 16, type: 'done', ...processed() });
    await portClosed;
    portB.postMessage(new Uint8Array([1])); // too late: dropped
    send({ id: 16, tail: null });
    await settle();
    expect(posted).toHaveLength(2);
  });

  it('decodes the whole file (part + rest of the Blob) when the halves cannot be joined', async () => {
    wasm.finish.mockReturnValue(null);
    wasm.process_photo.mockReturnValue(processed());
    const bytes = numbered(300_000);
    const log: ReadLog = { reads: [], failFrom: Infinity };
    split(3, blobOf(bytes, log), 100_000).postMessage(new Uint8Array([1]));
    await posts(2);
    expect(wasm.finish).toHaveBeenCalledTimes(1);
    const join = 100_000 + MARGIN_BYTES;
    expect(log.reads).toEqual([
      [0, join],
      [join, 300_000],
    ]);
    expect(wasm.process_photo).toHaveBeenCalledWith(expect.any(Uint8Array), 'icone');
    expect(same(wasm.process_photo.mock.calls[0][0], bytes)).toBe(true);
    expect(posted.map((p) => p.message)).toEqual([{ id: 3, type: 'resizing' }, { id: 3, type: 'done', ...processed() }]);
  });

  it('decodes the whole file without trying to join when B posts null on the port', async () => {
    wasm.process_photo.mockReturnValue(processed());
    const bytes = numbered(300_000);
    split(4, blobOf(bytes), 150_000).postMessage(null);
    await posts(2);
    expect(wasm.finish).not.toHaveBeenCalled();
    expect(wasm.free).toHaveBeenCalledTimes(1);
    expect(same(wasm.process_photo.mock.calls[0][0], bytes)).toBe(true);
  });

  it("decodes the whole file on the client's {tail: null} when its port stays silent, and closes the port", async () => {
    wasm.process_photo.mockReturnValue(processed());
    const bytes = numbered(300_000);
    const portB = split(17, blobOf(bytes), 150_000);
    const portClosed = closed(portB);
    send({ id: 17, tail: null });
    await posts(2);
    expect(wasm.finish).not.toHaveBeenCalled();
    expect(same(wasm.process_photo.mock.calls[0][0], bytes)).toBe(true);
    expect(posted[1].message).toEqual({ id: 17, type: 'done', ...processed() });
    await portClosed;
  });

  it("joins the record from its port even when the client's {tail: null} follows it", async () => {
    wasm.finish.mockReturnValue(processed());
    const { port1, port2 } = channel();
    send({ id: 18, file: blobOf(numbered(300_000)), kind: 'icone', split: { at: 150_000, port: port2 } });
    const delivered = new Promise((r) => port2.addEventListener('message', r, { once: true }));
    port1.postMessage(new Uint8Array([5]));
    await delivered;
    send({ id: 18, tail: null });
    await posts(2);
    expect(bytesOf(wasm.finish.mock.calls[0]?.[0])).toEqual([5]);
    expect(wasm.process_photo).not.toHaveBeenCalled();
  });

  it('reports a failed read of the rest of the file with the Portuguese reading error', async () => {
    const log: ReadLog = { reads: [], failFrom: 1 };
    split(15, blobOf(numbered(300_000), log), 150_000).postMessage(null);
    await posts(2);
    expect(posted[1].message).toEqual({ id: 15, type: 'error', reason: 'photo', message: ERRO_LER_FOTO });
    expect(wasm.process_photo).not.toHaveBeenCalled();
  });

  it("reports the join's Portuguese error as a photo error, and a trap as a crash", async () => {
    const message = 'Não foi possível ler esta imagem: o arquivo está incompleto.';
    wasm.finish.mockImplementationOnce(() => {
      throw new Error(message);
    });
    wasm.finish.mockImplementationOnce(() => {
      throw new WebAssembly.RuntimeError('unreachable');
    });
    const file = blobOf(numbered(200_000));
    split(5, file, 100_000).postMessage(new Uint8Array([1]));
    await posts(2);
    split(6, file, 100_000).postMessage(new Uint8Array([1]));
    await posts(4);
    expect(posted[1].message).toEqual({ id: 5, type: 'error', reason: 'photo', message });
    expect(posted[3].message).toEqual({ id: 6, type: 'error', reason: 'crash', message: 'unreachable' });
    expect(wasm.process_photo).not.toHaveBeenCalled();
  });

  it('reports a load failure, closes its port and ignores the record that comes afterwards', async () => {
    wasm.init.mockRejectedValue(new Error('Failed to fetch'));
    const portB = split(8, blobOf(numbered(10)), 5);
    const portClosed = closed(portB);
    await posts(1);
    expect(posted[0].message).toEqual({ id: 8, type: 'error', reason: 'load', message: 'Failed to fetch' });
    await portClosed;
    portB.postMessage(new Uint8Array([1]));
    send({ id: 8, tail: null });
    await settle();
    expect(posted).toHaveLength(1);
    expect(wasm.start).not.toHaveBeenCalled();
  });
});

describe('preloading', () => {
  it('loads the wasm, runs the warm-up, then answers ready, even when the warm-up fails', async () => {
    send({ id: 20, preload: true });
    await posts(1);
    expect(wasm.init).toHaveBeenCalledTimes(1);
    expect(wasm.warm_up_photo).toHaveBeenCalledTimes(1);
    expect(posted[0].message).toEqual({ id: 20, type: 'ready' });
    wasm.warm_up_photo.mockImplementationOnce(() => {
      throw new WebAssembly.RuntimeError('unreachable');
    });
    send({ id: 21, preload: true });
    await posts(2);
    expect(posted[1].message).toEqual({ id: 21, type: 'ready' });
  });

  it('answers a load error without warming up', async () => {
    wasm.init.mockRejectedValueOnce(new Error('Failed to fetch'));
    send({ id: 22, preload: true });
    await posts(1);
    expect(posted[0].message).toEqual({ id: 22, type: 'error', reason: 'load', message: 'Failed to fetch' });
    expect(wasm.warm_up_photo).not.toHaveBeenCalled();
  });
});

describe('the helper worker (B)', () => {
  it('scans the file from `at` with its first HEAD_BYTES as headers, posts the record on its port (transferred), closes it and tells the client', async () => {
    const record = new Uint8Array([4, 5, 6]);
    wasm.tailFinish.mockReturnValue(record);
    const bytes = numbered(600_000);
    const at = 300_000;
    const log: ReadLog = { reads: [], failFrom: Infinity };
    const { port1, port2 } = channel();
    const arrived = next(port2);
    const portClosed = closed(port2);
    send({ id: 9, tail: { file: blobOf(bytes, log), at, port: port1 } });
    await posts(1);
    expect(log.reads).toEqual([
      [0, HEAD_BYTES],
      [at, 600_000],
    ]);
    expect(same(wasm.tailStart.mock.calls[0][0], bytes.slice(0, HEAD_BYTES))).toBe(true);
    expect(same(wasm.tailPush.mock.calls[0][0], bytes.slice(at))).toBe(true);
    expect(wasm.tailFinish).toHaveBeenCalledTimes(1);
    expect(posted[0]).toEqual({ message: { id: 9, type: 'tail' }, transfer: [] });
    expect(bytesOf(await arrived)).toEqual([4, 5, 6]);
    // Transferred, not copied: B's buffer is detached.
    expect(record.byteLength).toBe(0);
    await portClosed;
  });

  it('reads no further than `at` for the headers of a small split', async () => {
    wasm.tailFinish.mockReturnValue(new Uint8Array([1]));
    const bytes = numbered(1000);
    void scan(10, blobOf(bytes), 400);
    await posts(1);
    expect(wasm.tailStart).toHaveBeenCalledWith(bytes.slice(0, 400));
    expect(wasm.tailPush).toHaveBeenCalledWith(bytes.slice(400));
  });

  it('posts null when the file cannot be split, and flags a trap as a crash to the client', async () => {
    wasm.tailStart.mockReturnValueOnce(undefined);
    wasm.tailFinish.mockImplementationOnce(() => {
      throw new WebAssembly.RuntimeError('unreachable');
    });
    const file = blobOf(numbered(1000));
    const first = scan(11, file, 500);
    await posts(1);
    const second = scan(12, file, 500);
    await posts(2);
    expect(posted.map((p) => p.message)).toEqual([
      { id: 11, type: 'tail' },
      { id: 12, type: 'tail', crash: true },
    ]);
    expect([await first, await second]).toEqual([null, null]);
    expect(wasm.tailPush).toHaveBeenCalledTimes(1);
  });

  it('posts null and frees the scan when the tail cannot be decoded', async () => {
    wasm.tailPush.mockReturnValueOnce(false);
    const message = scan(17, blobOf(numbered(1000)), 500);
    await posts(1);
    expect(await message).toBeNull();
    expect(wasm.tailFinish).not.toHaveBeenCalled();
    expect(wasm.tailFree).toHaveBeenCalledTimes(1);
  });

  it('posts null when the file cannot be read', async () => {
    const message = scan(16, blobOf(numbered(1000), { reads: [], failFrom: 500 }), 500);
    await posts(1);
    expect(posted[0].message).toEqual({ id: 16, type: 'tail' });
    expect(await message).toBeNull();
    expect(wasm.tailStart).not.toHaveBeenCalled();
  });

  it('posts null when the wasm cannot be loaded, and retries the load next time', async () => {
    wasm.init.mockRejectedValueOnce(new Error('Failed to fetch'));
    wasm.tailFinish.mockReturnValue(new Uint8Array([1]));
    const file = blobOf(numbered(1000));
    const first = scan(13, file, 500);
    await posts(1);
    expect(await first).toBeNull();
    const second = scan(14, file, 500);
    await posts(2);
    expect(posted[1].message).toEqual({ id: 14, type: 'tail' });
    expect(bytesOf(await second)).toEqual([1]);
    expect(wasm.init).toHaveBeenCalledTimes(2);
  });
});
