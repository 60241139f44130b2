/**
 * The network watch: the service worker's word on its background reads, the probe while the
 * server does not answer, and the pages' refresh when it answers again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_MESSAGE } from './cacheable';
import { isOffline, noteNetwork, onReconnect, PROBE_MS, PROBE_URL, watchNetwork } from './online';

/** A stand-in for `navigator.serviceWorker` (jsdom has none): an event target the test posts to. */
const worker = new EventTarget();
Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });

afterEach(() => {
  vi.useRealTimers();
});

describe('the network watch', () => {
  it("follows the service worker's messages about the reads it asked in the background", () => {
    watchNetwork();
    const post = (data: unknown) => worker.dispatchEvent(new MessageEvent('message', { data }));
    post({ type: NETWORK_MESSAGE, ok: false });
    expect(isOffline()).toBe(true);
    post({ type: 'outra-coisa', ok: true });
    expect(isOffline()).toBe(true);
    post({ type: NETWORK_MESSAGE, ok: true });
    expect(isOffline()).toBe(false);
  });

  it('asks the server every few seconds while it does not answer; its first answer ends it and refreshes the pages', async () => {
    vi.useFakeTimers();
    let up = false;
    const fetchMock = vi.fn(async () => {
      if (!up) throw new TypeError('Failed to fetch');
      return new Response('ok');
    });
    vi.stubGlobal('fetch', fetchMock);
    const refreshed = vi.fn();
    const stop = onReconnect(refreshed);

    noteNetwork(false);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(PROBE_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual([PROBE_URL, { cache: 'no-store' }]);
    expect(isOffline()).toBe(true);
    expect(refreshed).not.toHaveBeenCalled();

    up = true;
    await vi.advanceTimersByTimeAsync(PROBE_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(isOffline()).toBe(false);
    expect(refreshed).toHaveBeenCalledTimes(1);

    // Answered: no more probes.
    await vi.advanceTimersByTimeAsync(PROBE_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stop();
  });

  it("a server error page is not the network failing, but a proxy's 5xx for a stopped server is", async () => {
    vi.useFakeTimers();
    let status = 502;
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status })));
    noteNetwork(false);
    await vi.advanceTimersByTimeAsync(PROBE_MS);
    expect(isOffline()).toBe(true);
    status = 404;
    await vi.advanceTimersByTimeAsync(PROBE_MS);
    expect(isOffline()).toBe(false);
  });
});
