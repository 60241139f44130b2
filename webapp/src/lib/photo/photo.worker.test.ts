/**
 * The photo worker's script as the main worker (A), with a fake photo wasm and real
 * MessageChannels: it reads a photo that is not split itself; of a split one, which the client
 * read, it decodes only up to the join, and its half before the helper's record arrives on its
 * port (even one that arrives while the wasm loads), takes the first of that record and the
 * client's `{tail: null}`, joins it or falls back to the whole file, and closes its port; and
 * preloading (the wasm, then the warm-up).
 */
import { describe, expect, it, vi } from 'vitest';
import { ERRO_LER_FOTO, MARGIN_BYTES, type PhotoReply } from './protocol';
import {
  posted,
  send,
  posts,
  channel,
  closed,
  settle,
  numbered,
  blobOf,
  same,
  processed,
  split,
  bytesOf,
  setUpWorker,
  type ReadLog,
} from './photo.worker.kit';

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

setUpWorker(wasm);

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

  it('joins the record B posted on its port while the wasm was loading, decoding the bytes up to at + margin', async () => {
    let loaded!: () => void;
    wasm.init.mockReturnValue(new Promise<void>((r) => (loaded = r)));
    wasm.finish.mockReturnValue(processed());
    const bytes = numbered(400_000);
    const at = 200_000;
    const { port1, port2 } = channel();
    send({ id: 7, bytes: bytes.slice().buffer, kind: 'icone', split: { at, port: port2 } });
    // The record is delivered while the wasm still loads: A must already listen on its port.
    const delivered = new Promise((r) => port2.addEventListener('message', r, { once: true }));
    port1.postMessage(new Uint8Array([1, 2, 3]));
    await delivered;
    expect(wasm.start).not.toHaveBeenCalled();
    loaded();
    await posts(2);
    expect(wasm.start).toHaveBeenCalledWith(expect.any(Uint8Array), at, 'icone');
    expect(same(wasm.start.mock.calls[0][0], bytes.slice(0, at + MARGIN_BYTES))).toBe(true);
    expect(bytesOf(wasm.finish.mock.calls[0][0])).toEqual([1, 2, 3]);
    expect(wasm.process_photo).not.toHaveBeenCalled();
    expect(posted.map((p) => p.message.type)).toEqual(['resizing', 'done']);
  });

  it('decodes its half without waiting for the record, joins the record when it comes, and closes its port', async () => {
    wasm.finish.mockReturnValue(processed());
    const portB = split(2, numbered(300_000), 150_000);
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
    const portB = split(16, bytes, 150_000, 'fundo');
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

  it('decodes the whole file when the halves cannot be joined', async () => {
    wasm.finish.mockReturnValue(null);
    wasm.process_photo.mockReturnValue(processed());
    const bytes = numbered(300_000);
    split(3, bytes, 100_000).postMessage(new Uint8Array([1]));
    await posts(2);
    expect(wasm.finish).toHaveBeenCalledTimes(1);
    expect(wasm.process_photo).toHaveBeenCalledWith(expect.any(Uint8Array), 'icone');
    expect(same(wasm.process_photo.mock.calls[0][0], bytes)).toBe(true);
    expect(posted.map((p) => p.message)).toEqual([{ id: 3, type: 'resizing' }, { id: 3, type: 'done', ...processed() }]);
  });

  it('decodes the whole file without trying to join when B posts null on the port', async () => {
    wasm.process_photo.mockReturnValue(processed());
    const bytes = numbered(300_000);
    split(4, bytes, 150_000).postMessage(null);
    await posts(2);
    expect(wasm.finish).not.toHaveBeenCalled();
    expect(wasm.free).toHaveBeenCalledTimes(1);
    expect(same(wasm.process_photo.mock.calls[0][0], bytes)).toBe(true);
  });

  it("decodes the whole file on the client's {tail: null} when its port stays silent, and closes the port", async () => {
    wasm.process_photo.mockReturnValue(processed());
    const bytes = numbered(300_000);
    const portB = split(17, bytes, 150_000);
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
    send({ id: 18, bytes: numbered(300_000).buffer, kind: 'icone', split: { at: 150_000, port: port2 } });
    const delivered = new Promise((r) => port2.addEventListener('message', r, { once: true }));
    port1.postMessage(new Uint8Array([5]));
    await delivered;
    send({ id: 18, tail: null });
    await posts(2);
    expect(bytesOf(wasm.finish.mock.calls[0]?.[0])).toEqual([5]);
    expect(wasm.process_photo).not.toHaveBeenCalled();
  });

  it('reports a file it cannot read with the Portuguese reading error', async () => {
    const log: ReadLog = { reads: [], failFrom: 0 };
    send({ id: 15, file: blobOf(numbered(1000), log), kind: 'icone' });
    await posts(1);
    expect(log.reads).toEqual([[0, 1000]]);
    expect(posted[0].message).toEqual({ id: 15, type: 'error', reason: 'photo', message: ERRO_LER_FOTO });
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
    const bytes = numbered(200_000);
    split(5, bytes, 100_000).postMessage(new Uint8Array([1]));
    await posts(2);
    split(6, bytes, 100_000).postMessage(new Uint8Array([1]));
    await posts(4);
    expect(posted[1].message).toEqual({ id: 5, type: 'error', reason: 'photo', message });
    expect(posted[3].message).toEqual({ id: 6, type: 'error', reason: 'crash', message: 'unreachable' });
    expect(wasm.process_photo).not.toHaveBeenCalled();
  });

  it('reports a load failure, closes its port and ignores the record that comes afterwards', async () => {
    wasm.init.mockRejectedValue(new Error('Failed to fetch'));
    const portB = split(8, numbered(10), 5);
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
