/**
 * The photo client with a fake Worker, for a big file split between the main worker (A) and the
 * helper (B): the file read once here, who gets what, the photo's own MessageChannel (one port
 * to each, transferred) that carries B's record to A, and A never left waiting when B dies,
 * cannot be created or crashes, nor given a dead port after A crashes.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  ERRO_CARREGAR_FOTO,
  ERRO_LER_FOTO,
  ETAPAS_FOTO,
  HEAD_BYTES,
  MARGIN_BYTES,
  processPhoto,
  resetPhotoWorker,
  SPLIT_FRACTION,
  SPLIT_MIN_BYTES,
} from './index';
import { bigFile, cores, done, FakeWorker, flush, setUpClient } from './fake-worker.kit';
import { numbered, same, type ReadLog } from './photo.worker.kit';
import type { SplitJob, TailScan } from './protocol';

setUpClient();

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
