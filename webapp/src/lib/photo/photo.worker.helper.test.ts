/**
 * The photo worker's script as the helper worker (B), with a fake photo wasm and real
 * MessageChannels: it scans the second half the client cut for it, posts the record (or `null`
 * on any failure) on its port, closes it, and tells the client the scan is over (with `crash`
 * after a trap).
 */
import { describe, expect, it, vi } from 'vitest';
import { HEAD_BYTES } from './protocol';
import {
  posted,
  send,
  posts,
  channel,
  closed,
  next,
  numbered,
  same,
  scan,
  bytesOf,
  setUpWorker,
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

describe('the helper worker (B)', () => {
  it('scans the tail it is given with the head as headers, posts the record on its port (transferred), closes it and tells the client', async () => {
    const record = new Uint8Array([4, 5, 6]);
    wasm.tailFinish.mockReturnValue(record);
    const bytes = numbered(600_000);
    const at = 300_000;
    const { port1, port2 } = channel();
    const arrived = next(port2);
    const portClosed = closed(port2);
    send({ id: 9, tail: { head: bytes.slice(0, HEAD_BYTES).buffer, rest: bytes.slice(at).buffer, port: port1 } });
    await posts(1);
    expect(same(wasm.tailStart.mock.calls[0][0], bytes.slice(0, HEAD_BYTES))).toBe(true);
    expect(same(wasm.tailPush.mock.calls[0][0], bytes.slice(at))).toBe(true);
    expect(wasm.tailFinish).toHaveBeenCalledTimes(1);
    expect(posted[0]).toEqual({ message: { id: 9, type: 'tail' }, transfer: [] });
    expect(bytesOf(await arrived)).toEqual([4, 5, 6]);
    // Transferred, not copied: B's buffer is detached.
    expect(record.byteLength).toBe(0);
    await portClosed;
  });

  it('posts null when the file cannot be split, and flags a trap as a crash to the client', async () => {
    wasm.tailStart.mockReturnValueOnce(undefined);
    wasm.tailFinish.mockImplementationOnce(() => {
      throw new WebAssembly.RuntimeError('unreachable');
    });
    const bytes = numbered(1000);
    const first = scan(11, bytes, 500);
    await posts(1);
    const second = scan(12, bytes, 500);
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
    const message = scan(17, numbered(1000), 500);
    await posts(1);
    expect(await message).toBeNull();
    expect(wasm.tailFinish).not.toHaveBeenCalled();
    expect(wasm.tailFree).toHaveBeenCalledTimes(1);
  });

  it('posts null when the wasm cannot be loaded, and retries the load next time', async () => {
    wasm.init.mockRejectedValueOnce(new Error('Failed to fetch'));
    wasm.tailFinish.mockReturnValue(new Uint8Array([1]));
    const bytes = numbered(1000);
    const first = scan(13, bytes, 500);
    await posts(1);
    expect(await first).toBeNull();
    const second = scan(14, bytes, 500);
    await posts(2);
    expect(posted[1].message).toEqual({ id: 14, type: 'tail' });
    expect(bytesOf(await second)).toEqual([1]);
    expect(wasm.init).toHaveBeenCalledTimes(2);
  });
});
