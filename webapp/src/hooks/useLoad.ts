/**
 * Loads one API answer for the current `key` (e.g. the region): a new key starts a new request
 * and aborts the previous one, whose late answer is ignored. Failures are logged by the RPC client
 * (spec §8: list and detail loads are logged only); `retry` asks again.
 *
 * When the network answers again after it did not (lib/online.ts), what is shown is asked again:
 * a failed load as by `retry`, a shown answer (perhaps the service worker's saved copy) quietly,
 * replaced only by a newer one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { onReconnect } from '@/lib/online';
import type { ErrorCode, Result } from '@/lib/rpc';

/** A load's state; a failure keeps the client's `codigo_erro` (e.g. `nao_encontrado`: the page shows it is not found). */
export type LoadState<T> =
  | { estado: 'carregando' }
  | { estado: 'pronto'; data: T }
  | { estado: 'erro'; erro: string; codigo_erro: ErrorCode };

export function useLoad<T extends object>(
  key: string,
  loader: (signal: AbortSignal) => Promise<Result<T>>,
): [LoadState<T>, () => void] {
  const loaderRef = useRef(loader);
  useEffect(() => {
    loaderRef.current = loader;
  });
  const [attempt, setAttempt] = useState(0);
  const [refresh, setRefresh] = useState(0);
  const current = `${attempt}\u0000${key}`;
  const [result, setResult] = useState<{ key: string; state: LoadState<T> } | null>(null);
  const state: LoadState<T> = result?.key === current ? result.state : { estado: 'carregando' };
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });

  useEffect(() => {
    const ctrl = new AbortController();
    loaderRef.current(ctrl.signal).then((data) => {
      if (ctrl.signal.aborted) return;
      const state: LoadState<T> =
        data.error !== undefined
          ? { estado: 'erro', erro: data.error, codigo_erro: data.codigo_erro }
          : { estado: 'pronto', data: data as T };
      setResult({ key: current, state });
    });
    return () => ctrl.abort();
  }, [current]);

  // The quiet refresh of a shown answer: replaced only by a good one, for the same key.
  useEffect(() => {
    if (refresh === 0) return undefined;
    const ctrl = new AbortController();
    loaderRef.current(ctrl.signal).then((data) => {
      if (ctrl.signal.aborted || data.error !== undefined) return;
      setResult((prev) => (prev?.key === current ? { key: current, state: { estado: 'pronto', data: data as T } } : prev));
    });
    return () => ctrl.abort();
    // Only a reconnection starts it; a new key has its own load above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refresh]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(
    () =>
      onReconnect(() => {
        if (stateRef.current.estado === 'erro') retry();
        else if (stateRef.current.estado === 'pronto') setRefresh((n) => n + 1);
      }),
    [retry],
  );
  return [state, retry];
}
