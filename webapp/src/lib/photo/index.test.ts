/**
 * The photo client with a fake Worker: the main worker created lazily and reused, progress
 * stages, the result, the Portuguese errors, and recovery after a crashed or unloadable worker;
 * then the split of a big file between the main worker (A) and the helper (B): the file read
 * once here, who gets what, the photo's own MessageChannel (one port to each, transferred) that
 * carries B's record to A, and A never left waiting when B dies, cannot be created or crashes,
 * nor given a dead port after A crashes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ERRO_CARREGAR_FOTO,
  ERRO_LER_FOTO,
  ETAPAS_FOTO,
  HEAD_BYTES,
  MARGIN_BYTES,
  preloadPhotoWorker,
  processPhoto,
  resetPhotoWorker,
  SPLIT_FRACTION,
  SPLIT_MIN_BYTES,
} from './index';
import { FakeWorker } from './fake-worker.kit';
import { blobOf, numbered, same, type ReadLog } from './photo.worker.kit';
import type { PhotoReply, SplitJob, TailScan } from './protocol';

const jpeg = () => new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
const file = () => new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });
/** A file big enough to be split (`size` bytes, numbered), whose reads `log` records (jsdom's Blob cannot be read). */
const bigFile = (size = SPLIT_MIN_BYTES, log?: ReadLog) => blobOf(numbered(size), log);
const done = (id: number, base64 = 'ok'): PhotoReply => ({ id, type: 'done', jpeg: jpeg(), base64, width: 1, height: 1 });
const flush = () => new Promise((r) => setTimeout(r, 0));

/** Pretends the device has `n` cores (`undefined`: the browser does not say). */
const cores = (n: number | undefined) =>
  vi.spyOn(navigator, 'hardwareConcurrency', 'get').mockReturnValue(n as number);

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

describe('processPhoto', () => {
  it('creates no worker until a photo is processed', () => {
    expect(FakeWorker.instances).toHaveLength(0);
  });

  it('starts one module worker lazily and reuses it', async () => {
    const a = processPhoto(file(), 'icone');
    const b = processPhoto(file(), 'fundo');
    expect(FakeWorker.instances).toHaveLength(1);
    const w = FakeWorker.instances[0];
    expect(w.options).toEqual({ type: 'module' });
    expect(w.url.pathname).toMatch(/photo\.worker\.ts$/);
    expect(w.received.map((r) => ('kind' in r ? r.kind : 'preload'))).toEqual(['icone', 'fundo']);
    for (const r of w.received) w.reply({ id: r.id, type: 'done', jpeg: jpeg(), base64: '/9j/2Q==', width: 1, height: 1 });
    await Promise.all([a, b]);
    void processPhoto(file(), 'icone');
    expect(FakeWorker.instances).toHaveLength(1);
  });

  it('reports the stages in Portuguese and resolves with the JPEG, its base64 and size', async () => {
    const stages: string[] = [];
    const promise = processPhoto(file(), 'icone', (s) => stages.push(s));
    const w = FakeWorker.instances[0];
    const { id } = w.received[0];
    expect(stages).toEqual(['Lendo a foto...']);
    w.reply({ id, type: 'resizing' });
    expect(stages).toEqual(['Lendo a foto...', 'Reduzindo a foto...']);
    w.reply({ id, type: 'done', jpeg: jpeg(), base64: '/9j/2Q==', width: 225, height: 300 });
    const photo = await promise;
    expect(stages).toEqual([ETAPAS_FOTO.lendo, ETAPAS_FOTO.reduzindo, ETAPAS_FOTO.pronto]);
    expect(photo.base64).toBe('/9j/2Q==');
    expect(photo.base64.startsWith('data:')).toBe(false);
    expect([photo.width, photo.height]).toEqual([225, 300]);
    expect(photo.blob.type).toBe('image/jpeg');
    expect(photo.blob.size).toBe(jpeg().length);
  });

  it('matches replies to their requests by id', async () => {
    const a = processPhoto(file(), 'icone');
    const b = processPhoto(file(), 'icone');
    const w = FakeWorker.instances[0];
    const [ra, rb] = w.received;
    w.reply({ id: rb.id, type: 'done', jpeg: jpeg(), base64: 'B', width: 2, height: 2 });
    w.reply({ id: ra.id, type: 'done', jpeg: jpeg(), base64: 'A', width: 1, height: 1 });
    expect((await a).base64).toBe('A');
    expect((await b).base64).toBe('B');
  });

  it("rejects with the pipeline's Portuguese message", async () => {
    const promise = processPhoto(file(), 'icone');
    const w = FakeWorker.instances[0];
    const message = 'Formato de imagem não suportado. Use JPEG, PNG ou WebP.';
    w.reply({ id: w.received[0].id, type: 'error', reason: 'photo', message });
    await expect(promise).rejects.toThrow(message);
    expect(w.terminated).toBe(false);
  });

  it('rejects with a connection message when the wasm cannot be loaded', async () => {
    const promise = processPhoto(file(), 'icone');
    const w = FakeWorker.instances[0];
    w.reply({ id: w.received[0].id, type: 'error', reason: 'load', message: 'Failed to fetch' });
    await expect(promise).rejects.toThrow(ERRO_CARREGAR_FOTO);
  });

  it('replaces a crashed worker and hands the new one the photos still pending', async () => {
    const a = processPhoto(file(), 'icone');
    const b = processPhoto(file(), 'icone');
    const old = FakeWorker.instances[0];
    const [ra, rb] = old.received;
    old.reply({ id: ra.id, type: 'error', reason: 'crash', message: 'unreachable' });
    await expect(a).rejects.toThrow(ERRO_LER_FOTO);
    expect(old.terminated).toBe(true);
    expect(FakeWorker.instances).toHaveLength(2);
    const fresh = FakeWorker.instances[1];
    expect(fresh.received.map((r) => r.id)).toEqual([rb.id]);
    fresh.reply({ id: rb.id, type: 'done', jpeg: jpeg(), base64: 'B', width: 1, height: 1 });
    expect((await b).base64).toBe('B');
  });

  it('fails pending photos when the worker script cannot load, and retries with a new worker', async () => {
    const a = processPhoto(file(), 'icone');
    FakeWorker.instances[0].fail();
    await expect(a).rejects.toThrow(ERRO_CARREGAR_FOTO);
    expect(FakeWorker.instances[0].terminated).toBe(true);
    const b = processPhoto(file(), 'icone');
    await flush();
    expect(FakeWorker.instances).toHaveLength(2);
    const w = FakeWorker.instances[1];
    w.reply({ id: w.received[0].id, type: 'done', jpeg: jpeg(), base64: 'ok', width: 1, height: 1 });
    expect((await b).base64).toBe('ok');
  });

  it('ignores replies for unknown requests', async () => {
    const promise = processPhoto(file(), 'icone');
    const w = FakeWorker.instances[0];
    w.reply({ id: 999, type: 'done', jpeg: jpeg(), base64: 'x', width: 1, height: 1 });
    w.reply({ id: w.received[0].id, type: 'done', jpeg: jpeg(), base64: 'y', width: 1, height: 1 });
    expect((await promise).base64).toBe('y');
  });

  it('preloads the wasm once on demand in both workers, and photos then reuse them', async () => {
    const first = preloadPhotoWorker();
    expect(preloadPhotoWorker()).toBe(first);
    expect(FakeWorker.instances).toHaveLength(2);
    const [w, helper] = FakeWorker.instances;
    expect(w.received).toEqual([{ id: 1, preload: true }]);
    expect(helper.received).toEqual([{ id: 2, preload: true }]);
    expect(helper.url.pathname).toMatch(/photo\.worker\.ts$/);
    expect(helper.options).toEqual({ type: 'module' });
    // The helper's answer does not settle the preload; the main worker's does.
    helper.reply({ id: 2, type: 'ready' });
    w.reply({ id: 1, type: 'ready' });
    await expect(first).resolves.toBeUndefined();
    const photo = processPhoto(file(), 'icone');
    const big = processPhoto(bigFile(), 'icone');
    await flush();
    expect(FakeWorker.instances).toHaveLength(2);
    expect(helper.received.map((r) => r.id)).toEqual([2, w.received[2].id]);
    w.reply({ id: w.received[1].id, type: 'done', jpeg: jpeg(), base64: 'p', width: 1, height: 1 });
    expect((await photo).base64).toBe('p');
    w.reply({ id: w.received[2].id, type: 'done', jpeg: jpeg(), base64: 'q', width: 1, height: 1 });
    expect((await big).base64).toBe('q');
  });

  it('does not start the helper in a preload on a single-core device', async () => {
    cores(1);
    const ready = preloadPhotoWorker();
    expect(FakeWorker.instances).toHaveLength(1);
    FakeWorker.instances[0].reply({ id: 1, type: 'ready' });
    await expect(ready).resolves.toBeUndefined();
  });

  it('never rejects a preload; a failed one is tried again', async () => {
    const first = preloadPhotoWorker();
    const w = FakeWorker.instances[0];
    w.reply({ id: w.received[0].id, type: 'error', reason: 'load', message: 'Failed to fetch' });
    await expect(first).resolves.toBeUndefined();
    const second = preloadPhotoWorker();
    expect(second).not.toBe(first);
    w.reply({ id: w.received[1].id, type: 'ready' });
    await expect(second).resolves.toBeUndefined();
  });
});

describe('processPhoto with a big file (split between two workers)', () => {
  /**
   * Starts a big photo, lets the client read it, and returns the main worker, the helper, the
   * photo's id, both its ports and what each worker was sent.
   */
  const startBig = async (size = SPLIT_MIN_BYTES, log?: ReadLog) => {
    const blob = bigFile(size, log);
    const promise = processPhoto(blob, 'icone');
    await flush();
    // The current helper is the last worker created (an earlier one may have been replaced).
    const [main, helper] = [FakeWorker.instances[0], FakeWorker.instances.at(-1)!];
    const job = main.received.at(-1) as SplitJob;
    const scan = helper.received.at(-1) as TailScan;
    return { blob, promise, main, helper, id: job.id, job, scan, portA: job.split.port, portB: scan.tail.port };
  };
  /** Makes the `n`-th Worker construction throw (e.g. a blocked script URL). */
  const blockWorker = (n: number) => {
    let created = 0;
    class Blocked extends FakeWorker {
      constructor(url: URL, options: WorkerOptions) {
        if (++created === n) throw new Error('blocked');
        super(url, options);
      }
    }
    vi.stubGlobal('Worker', Blocked);
  };
  /** The first message that arrives on `port` (delivery is asynchronous). */
  const next = (port: MessagePort) => new Promise<unknown>((r) => (port.onmessage = (e) => r(e.data)));

  it("splits so that in even the smallest split file B's headers end before the cut, and A's part before the end", () => {
    const at = Math.floor(SPLIT_MIN_BYTES * SPLIT_FRACTION);
    expect(HEAD_BYTES).toBeLessThanOrEqual(at);
    // The join needs a few KB past the cut (the Rust side keeps 1 KB ahead of its reader).
    expect(MARGIN_BYTES).toBeGreaterThanOrEqual(16 << 10);
    expect(at + MARGIN_BYTES).toBeLessThan(SPLIT_MIN_BYTES);
  });

  it('sends a file just under 1 MiB to the main worker alone, without a split or a port', () => {
    void processPhoto(bigFile(SPLIT_MIN_BYTES - 1), 'fundo');
    expect(FakeWorker.instances).toHaveLength(1);
    const [request] = FakeWorker.instances[0].received;
    expect(request).not.toHaveProperty('split');
    expect(request).toMatchObject({ id: 1, kind: 'fundo' });
    expect(FakeWorker.instances[0].transfers).toEqual([[]]);
  });

  it("reads the file once, sends A all of it with split {at, port} and B its head and the rest with the channel's other port, all transferred", async () => {
    const size = 2_500_001;
    const log: ReadLog = { reads: [], failFrom: Infinity };
    const stages: string[] = [];
    const promise = processPhoto(bigFile(size, log), 'icone', (s) => stages.push(s));
    expect(stages).toEqual([ETAPAS_FOTO.lendo]);
    expect(FakeWorker.instances).toHaveLength(0);
    await flush();
    expect(log.reads).toEqual([[0, size]]);
    expect(FakeWorker.instances).toHaveLength(2);
    const [main, helper] = FakeWorker.instances;
    expect(helper.url.pathname).toMatch(/photo\.worker\.ts$/);
    expect(helper.options).toEqual({ type: 'module' });
    const at = Math.floor(size * SPLIT_FRACTION);
    const job = main.received[0] as SplitJob;
    const { id } = job;
    const { head, rest, port: portB } = (helper.received[0] as TailScan).tail;
    const portA = job.split.port;
    expect(portA).toBeInstanceOf(MessagePort);
    expect(portB).toBeInstanceOf(MessagePort);
    expect(main.received).toEqual([{ id, bytes: job.bytes, kind: 'icone', split: { at, port: portA } }]);
    expect(main.transfers).toEqual([[job.bytes, portA]]);
    expect(helper.received).toEqual([{ id, tail: { head, rest, port: portB } }]);
    expect(helper.transfers).toEqual([[head, rest, portB]]);
    const bytes = numbered(size);
    expect(same(new Uint8Array(job.bytes), bytes)).toBe(true);
    expect(same(new Uint8Array(head), bytes.slice(0, HEAD_BYTES))).toBe(true);
    expect(same(new Uint8Array(rest), bytes.slice(at))).toBe(true);
    // The two ports are the ends of one channel: what B posts reaches A without the client.
    const arrived = next(portA);
    portB.postMessage(new Uint8Array([7, 8, 9]));
    const record = await arrived;
    expect(ArrayBuffer.isView(record) && Array.from(record as Uint8Array)).toEqual([7, 8, 9]);
    main.reply(done(id, 'joined'));
    expect((await promise).base64).toBe('joined');
    // Both workers are reused for the next big photo, which gets a channel of its own.
    const second = await startBig();
    expect(FakeWorker.instances).toHaveLength(2);
    expect(new Set([portA, portB, second.portA, second.portB]).size).toBe(4);
  });

  it("gives B headers no longer than the cut in a small split", async () => {
    const size = SPLIT_MIN_BYTES;
    const at = Math.floor(size * SPLIT_FRACTION);
    const { scan } = await startBig(size);
    expect(same(new Uint8Array(scan.tail.head), numbered(size).slice(0, Math.min(at, HEAD_BYTES)))).toBe(true);
    expect(scan.tail.rest.byteLength).toBe(size - at);
  });

  it('rejects with the Portuguese reading error when the file cannot be read, and starts no worker', async () => {
    const promise = processPhoto(bigFile(SPLIT_MIN_BYTES, { reads: [], failFrom: 0 }), 'icone');
    await expect(promise).rejects.toThrow(ERRO_LER_FOTO);
    expect(FakeWorker.instances).toHaveLength(0);
  });

  it('drops a photo whose file is read after a reset', async () => {
    void processPhoto(bigFile(), 'icone');
    resetPhotoWorker();
    await flush();
    expect(FakeWorker.instances).toHaveLength(0);
  });

  it('does not split on a single-core device, and splits when the core count is unknown', async () => {
    cores(1);
    void processPhoto(bigFile(), 'icone');
    expect(FakeWorker.instances).toHaveLength(1);
    expect(FakeWorker.instances[0].received[0]).not.toHaveProperty('split');
    resetPhotoWorker();
    FakeWorker.instances = [];
    cores(undefined);
    void processPhoto(bigFile(), 'icone');
    await flush();
    expect(FakeWorker.instances).toHaveLength(2);
    expect(FakeWorker.instances[0].received[0]).toHaveProperty('split');
  });

  it("sends A nothing when B's scan ends (its record went on the port), not even if B dies later", async () => {
    const { promise, main, helper, id } = await startBig();
    helper.reply({ id, type: 'tail' });
    helper.fail();
    expect(helper.terminated).toBe(true);
    expect(main.received).toHaveLength(1);
    main.reply(done(id, 'joined'));
    expect((await promise).base64).toBe('joined');
  });

  it('tells A {tail: null} for every photo B held when B dies, then starts a new B', async () => {
    const first = await startBig();
    const second = await startBig();
    const { main, helper } = first;
    helper.fail();
    expect(helper.terminated).toBe(true);
    expect(main.received.slice(2)).toEqual([
      { id: first.id, tail: null },
      { id: second.id, tail: null },
    ]);
    expect(main.transfers.slice(2)).toEqual([[], []]);
    expect(main.terminated).toBe(false);
    // A late answer of the dead helper changes nothing.
    helper.reply({ id: first.id, type: 'tail' });
    expect(main.received).toHaveLength(4);
    const third = await startBig();
    expect(FakeWorker.instances).toHaveLength(3);
    const fresh = FakeWorker.instances[2];
    expect(third.helper).toBe(fresh);
    const { head, rest } = third.scan.tail;
    expect(fresh.received).toEqual([{ id: third.id, tail: { head, rest, port: third.portB } }]);
    expect(rest.byteLength).toBe(SPLIT_MIN_BYTES / 2);
    expect(fresh.transfers).toEqual([[head, rest, third.portB]]);
  });

  it('tells A {tail: null} at once when B cannot be created', async () => {
    blockWorker(2);
    const promise = processPhoto(bigFile(), 'icone');
    await flush();
    expect(FakeWorker.instances).toHaveLength(1);
    const [main] = FakeWorker.instances;
    const { id } = main.received[0];
    expect(main.received[1]).toEqual({ id, tail: null });
    main.reply(done(id, 'alone'));
    expect((await promise).base64).toBe('alone');
  });

  it('asks B for no scan when A cannot be created', async () => {
    blockWorker(1);
    await expect(processPhoto(bigFile(), 'icone')).rejects.toThrow(ERRO_CARREGAR_FOTO);
    expect(FakeWorker.instances).toHaveLength(0);
  });

  it('replaces a crashed B: tells A {tail: null} for the scans it still held, not for the one it posted', async () => {
    const first = await startBig();
    const second = await startBig();
    const { main, helper } = first;
    helper.reply({ id: first.id, type: 'tail', crash: true });
    expect(helper.terminated).toBe(true);
    expect(main.terminated).toBe(false);
    expect(main.received.slice(2)).toEqual([{ id: second.id, tail: null }]);
    // Only a fresh helper's answers count now; it gets the next photo's scan alone.
    helper.reply({ id: second.id, type: 'tail' });
    helper.fail();
    expect(main.received).toHaveLength(3);
    const third = await startBig();
    expect(FakeWorker.instances).toHaveLength(3);
    expect(FakeWorker.instances[2].received.map((r) => r.id)).toEqual([third.id]);
  });

  it("rejects with A's Portuguese photo error, and tells A nothing when B dies afterwards", async () => {
    const { promise, main, helper, id } = await startBig();
    const message = 'Não foi possível ler esta imagem: o arquivo está incompleto.';
    main.reply({ id, type: 'error', reason: 'photo', message });
    await expect(promise).rejects.toThrow(message);
    helper.fail();
    expect(main.received).toHaveLength(1);
    expect(main.terminated).toBe(false);
  });

  it('after a crash of A, resends its other split photos whole (their ports died with it)', async () => {
    const crashed = await startBig();
    const second = await startBig();
    const third = await startBig();
    const { main, helper } = crashed;
    helper.reply({ id: second.id, type: 'tail' });
    main.reply({ id: crashed.id, type: 'error', reason: 'crash', message: 'unreachable' });
    await expect(crashed.promise).rejects.toThrow(ERRO_LER_FOTO);
    expect(main.terminated).toBe(true);
    expect(helper.terminated).toBe(false);
    const fresh = FakeWorker.instances[2];
    expect(fresh.received).toEqual([
      { id: second.id, file: second.blob, kind: 'icone' },
      { id: third.id, file: third.blob, kind: 'icone' },
    ]);
    expect(fresh.transfers).toEqual([[], []]);
    // B dying now sends the fresh A no {tail: null}: it waits for no record.
    helper.fail();
    expect(fresh.received).toHaveLength(2);
    fresh.reply(done(second.id, 'S'));
    fresh.reply(done(third.id, 'T'));
    expect([(await second.promise).base64, (await third.promise).base64]).toEqual(['S', 'T']);
  });

  it('stops both workers on reset', async () => {
    const { main, helper } = await startBig();
    resetPhotoWorker();
    expect([main.terminated, helper.terminated]).toEqual([true, true]);
    // Nothing is sent for the forgotten photo.
    helper.fail();
    expect(main.received).toHaveLength(1);
  });
});
