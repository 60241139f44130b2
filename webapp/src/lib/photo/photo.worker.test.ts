/**
 * The photo worker's script with a fake photo wasm: as the main worker (A) it reads only up to the
 * join, decodes its half before the helper's record arrives (even one that arrives while the wasm
 * loads), joins it or falls back to the whole file; as the helper (B) it scans the second half and answers a record,
 * or `null` on any failure (with `crash` after a trap).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERRO_LER_FOTO, HEAD_BYTES, MARGIN_BYTES, type PhotoReply, type PhotoRequest } from './protocol';

const wasm = vi.hoisted(() => ({
  init: vi.fn(),
  process_photo: vi.fn(),
  scan_photo_tail: vi.fn(),
  /** PhotoSplit.start, and the started split's finish and free. */
  start: vi.fn(),
  finish: vi.fn(),
  free: vi.fn(),
}));

vi.mock('../../wasm/photo/wasm_photo.js', () => ({
  default: wasm.init,
  process_photo: wasm.process_photo,
  scan_photo_tail: wasm.scan_photo_tail,
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
  vi.spyOn(self, 'postMessage').mockImplementation(((message: PhotoReply, transfer: Transferable[]) => {
    posted.push({ message, transfer });
  }) as typeof self.postMessage);
  wasm.init.mockResolvedValue({});
  wasm.start.mockImplementation(() => ({ finish: wasm.finish, free: wasm.free }));
  // A fresh worker script (its wasm not loaded yet) for each test.
  vi.resetModules();
  await import('./photo.worker');
});

afterEach(() => {
  for (const f of Object.values(wasm)) f.mockReset();
});

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

  it("joins the helper's record that arrived while the wasm was loading, reading only up to at + margin", async () => {
    let loaded!: () => void;
    wasm.init.mockReturnValue(new Promise<void>((r) => (loaded = r)));
    wasm.finish.mockReturnValue(processed());
    const bytes = numbered(400_000);
    const at = 200_000;
    const log: ReadLog = { reads: [], failFrom: Infinity };
    send({ id: 7, file: blobOf(bytes, log), kind: 'icone', split: { at } });
    const record = new Uint8Array([1, 2, 3]);
    send({ id: 7, tail: record });
    loaded();
    await posts(2);
    expect(log.reads).toEqual([[0, at + MARGIN_BYTES]]);
    expect(wasm.start).toHaveBeenCalledWith(expect.any(Uint8Array), at, 'icone');
    expect(same(wasm.start.mock.calls[0][0], bytes.slice(0, at + MARGIN_BYTES))).toBe(true);
    expect(wasm.finish).toHaveBeenCalledWith(record);
    expect(wasm.process_photo).not.toHaveBeenCalled();
    expect(posted.map((p) => p.message.type)).toEqual(['resizing', 'done']);
  });

  it('decodes its half without waiting for the record, and joins the record when it comes', async () => {
    wasm.finish.mockReturnValue(processed());
    send({ id: 2, file: blobOf(numbered(300_000)), kind: 'icone', split: { at: 150_000 } });
    await posts(1);
    expect(posted[0].message).toEqual({ id: 2, type: 'resizing' });
    expect(wasm.start).toHaveBeenCalledTimes(1);
    expect(wasm.finish).not.toHaveBeenCalled();
    send({ id: 2, tail: new Uint8Array([9]) });
    await posts(2);
    expect(wasm.finish).toHaveBeenCalledTimes(1);
    expect(posted[1].message).toEqual({ id: 2, type: 'done', ...processed() });
  });

  it('shrinks the whole file at once, without waiting for a record, when the split declines the photo', async () => {
    wasm.start.mockReturnValue(undefined);
    wasm.process_photo.mockReturnValue(processed());
    const bytes = numbered(300_000);
    send({ id: 16, file: blobOf(bytes), kind: 'fundo', split: { at: 150_000 } });
    await posts(2);
    expect(same(wasm.process_photo.mock.calls[0][0], bytes)).toBe(true);
    expect(posted[1].message).toEqual({ id: 16, type: 'done', ...processed() });
    send({ id: 16, tail: new Uint8Array([1]) }); // too late: dropped
    await new Promise((r) => setTimeout(r, 10));
    expect(posted).toHaveLength(2);
  });

  it('decodes the whole file (part + rest of the Blob) when the halves cannot be joined', async () => {
    wasm.finish.mockReturnValue(null);
    wasm.process_photo.mockReturnValue(processed());
    const bytes = numbered(300_000);
    const log: ReadLog = { reads: [], failFrom: Infinity };
    send({ id: 3, file: blobOf(bytes, log), kind: 'icone', split: { at: 100_000 } });
    send({ id: 3, tail: new Uint8Array([1]) });
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

  it('decodes the whole file without trying to join when the helper had no record', async () => {
    wasm.process_photo.mockReturnValue(processed());
    const bytes = numbered(300_000);
    send({ id: 4, file: blobOf(bytes), kind: 'icone', split: { at: 150_000 } });
    send({ id: 4, tail: null });
    await posts(2);
    expect(wasm.finish).not.toHaveBeenCalled();
    expect(wasm.free).toHaveBeenCalledTimes(1);
    expect(same(wasm.process_photo.mock.calls[0][0], bytes)).toBe(true);
  });

  it('reports a failed read of the rest of the file with the Portuguese reading error', async () => {
    const log: ReadLog = { reads: [], failFrom: 1 };
    send({ id: 15, file: blobOf(numbered(300_000), log), kind: 'icone', split: { at: 150_000 } });
    send({ id: 15, tail: null });
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
    send({ id: 5, file, kind: 'icone', split: { at: 100_000 } });
    send({ id: 5, tail: new Uint8Array([1]) });
    await posts(2);
    send({ id: 6, file, kind: 'icone', split: { at: 100_000 } });
    send({ id: 6, tail: new Uint8Array([1]) });
    await posts(4);
    expect(posted[1].message).toEqual({ id: 5, type: 'error', reason: 'photo', message });
    expect(posted[3].message).toEqual({ id: 6, type: 'error', reason: 'crash', message: 'unreachable' });
    expect(wasm.process_photo).not.toHaveBeenCalled();
  });

  it('reports a load failure and ignores the record that comes afterwards', async () => {
    wasm.init.mockRejectedValue(new Error('Failed to fetch'));
    send({ id: 8, file: blobOf(numbered(10)), kind: 'icone', split: { at: 5 } });
    await posts(1);
    expect(posted[0].message).toEqual({ id: 8, type: 'error', reason: 'load', message: 'Failed to fetch' });
    send({ id: 8, tail: new Uint8Array([1]) });
    await new Promise((r) => setTimeout(r, 10));
    expect(posted).toHaveLength(1);
    expect(wasm.start).not.toHaveBeenCalled();
  });
});

describe('the helper worker (B)', () => {
  it('scans the file from `at` with its first HEAD_BYTES as headers, and transfers the record', async () => {
    const record = new Uint8Array([4, 5, 6]);
    wasm.scan_photo_tail.mockReturnValue(record);
    const bytes = numbered(600_000);
    const at = 300_000;
    const log: ReadLog = { reads: [], failFrom: Infinity };
    send({ id: 9, tail: { file: blobOf(bytes, log), at } });
    await posts(1);
    expect(log.reads).toEqual([
      [0, HEAD_BYTES],
      [at, 600_000],
    ]);
    const [head, tail] = wasm.scan_photo_tail.mock.calls[0];
    expect(same(head, bytes.slice(0, HEAD_BYTES))).toBe(true);
    expect(same(tail, bytes.slice(at))).toBe(true);
    expect(posted[0].message).toEqual({ id: 9, type: 'tail', record });
    expect(posted[0].transfer).toEqual([record.buffer]);
  });

  it('reads no further than `at` for the headers of a small split', async () => {
    wasm.scan_photo_tail.mockReturnValue(new Uint8Array([1]));
    const bytes = numbered(1000);
    send({ id: 10, tail: { file: blobOf(bytes), at: 400 } });
    await posts(1);
    expect(wasm.scan_photo_tail).toHaveBeenCalledWith(bytes.slice(0, 400), bytes.slice(400));
  });

  it('answers a null record when the file cannot be split, and flags a trap as a crash', async () => {
    wasm.scan_photo_tail.mockImplementationOnce(() => {
      throw new Error('não é um JPEG');
    });
    wasm.scan_photo_tail.mockImplementationOnce(() => {
      throw new WebAssembly.RuntimeError('unreachable');
    });
    const file = blobOf(numbered(1000));
    send({ id: 11, tail: { file, at: 500 } });
    await posts(1);
    send({ id: 12, tail: { file, at: 500 } });
    await posts(2);
    expect(posted.map((p) => p.message)).toEqual([
      { id: 11, type: 'tail', record: null },
      { id: 12, type: 'tail', record: null, crash: true },
    ]);
  });

  it('answers a null record when the file cannot be read', async () => {
    send({ id: 16, tail: { file: blobOf(numbered(1000), { reads: [], failFrom: 500 }), at: 500 } });
    await posts(1);
    expect(posted[0].message).toEqual({ id: 16, type: 'tail', record: null });
    expect(wasm.scan_photo_tail).not.toHaveBeenCalled();
  });

  it('answers a null record when the wasm cannot be loaded, and retries the load next time', async () => {
    wasm.init.mockRejectedValueOnce(new Error('Failed to fetch'));
    wasm.scan_photo_tail.mockReturnValue(new Uint8Array([1]));
    const file = blobOf(numbered(1000));
    send({ id: 13, tail: { file, at: 500 } });
    await posts(1);
    expect(posted[0].message).toEqual({ id: 13, type: 'tail', record: null });
    send({ id: 14, tail: { file, at: 500 } });
    await posts(2);
    expect(posted[1].message).toEqual({ id: 14, type: 'tail', record: new Uint8Array([1]) });
    expect(wasm.init).toHaveBeenCalledTimes(2);
  });
});
