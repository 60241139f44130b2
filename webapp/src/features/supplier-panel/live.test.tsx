/**
 * The live order stream's connection: a single-use ticket per connection (never the session token
 * in the URL), a fresh ticket after every drop with a growing pause, a counter bump so missed
 * orders are fetched again, and no more tries once the session is gone.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, storeSession } from '@/test/fixtures';
import { FakeEventSource, SUPPLIER } from './testing';
import { EVENTS_PATH, RECONNECT_MS, useOrderEvents } from './live';

describe('useOrderEvents', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    FakeEventSource.last = null;
    storeSession({ token: 'tok-secreto', userinfo: SUPPLIER });
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the stream with a ticket, never the session token', async () => {
    const { calls } = mockApi({ pegar_ticket_eventos: { body: { ticket: 't1', validade_segundos: 60 } } });
    const { result } = renderHook(() => useOrderEvents());
    await waitFor(() => expect(FakeEventSource.last?.url).toBe(`${EVENTS_PATH}?ticket=t1`));
    expect(FakeEventSource.last!.url).not.toContain('tok-secreto');
    expect(calls[0].headers.Authorization).toBe('Bearer tok-secreto');
    const before = result.current;
    act(() => FakeEventSource.last!.fire('novo_pedido', { idpedido: 'o1', pendentes: 1 }));
    expect(result.current).toBe(before + 1);
    // An order's Pix paid (the PSP's webhook): the open views check again.
    act(() => FakeEventSource.last!.fire('pagamento', { idpedido: 'o1', status_pix: '2', pendentes: 1 }));
    expect(result.current).toBe(before + 2);
  });

  it('after a drop, reconnects with a fresh ticket after a pause and refetches', async () => {
    let n = 0;
    mockApi({ pegar_ticket_eventos: () => ({ body: { ticket: `t${++n}`, validade_segundos: 60 } }) });
    const { result } = renderHook(() => useOrderEvents());
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    vi.useFakeTimers();
    const first = FakeEventSource.all[0];
    const before = result.current;
    act(() => first.fail());
    expect(first.closed).toBe(true);
    expect(result.current).toBe(before + 1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RECONNECT_MS[0] - 1);
    });
    expect(FakeEventSource.all).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(2));
    expect(FakeEventSource.all[1].url).toBe(`${EVENTS_PATH}?ticket=t2`);
    // A second drop in a row waits longer.
    act(() => FakeEventSource.all[1].fail());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RECONNECT_MS[1] - 1);
    });
    expect(FakeEventSource.all).toHaveLength(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(3));
  });

  it('stops once the session is gone (401) and closes on unmount', async () => {
    let status = 200;
    const { calls } = mockApi({ pegar_ticket_eventos: () => ({ status, body: status === 200 ? { ticket: 'a' } : { error: 'x' } }) });
    const { unmount } = renderHook(() => useOrderEvents());
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    vi.useFakeTimers();
    status = 401;
    act(() => FakeEventSource.all[0].fail());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RECONNECT_MS[RECONNECT_MS.length - 1] * 3);
    });
    expect(calls.filter((c) => c.codigo === 'pegar_ticket_eventos')).toHaveLength(2);
    expect(FakeEventSource.all).toHaveLength(1);
    unmount();
  });

  it('closes its stream when the panel unmounts', async () => {
    mockApi({ pegar_ticket_eventos: { body: { ticket: 'a', validade_segundos: 60 } } });
    const { unmount } = renderHook(() => useOrderEvents());
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    unmount();
    expect(FakeEventSource.all[0].closed).toBe(true);
  });
});
