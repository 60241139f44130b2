/**
 * The photo client with a fake Worker: the main worker created lazily and reused, progress
 * stages, the result, the Portuguese errors, recovery after a crashed or unloadable worker, and
 * preloading. The split of a big file between two workers: index.split.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ERRO_CARREGAR_FOTO, ERRO_LER_FOTO, ETAPAS_FOTO, preloadPhotoWorker, processPhoto } from './index';
import { bigFile, cores, FakeWorker, file, flush, jpeg, setUpClient } from './fake-worker.kit';

setUpClient();

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
