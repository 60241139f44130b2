/**
 * Loads one API answer for the current `key` (e.g. the region): a new key starts a new request
 * and aborts the previous one, whose late answer is ignored. Failures are logged by the RPC client
 * (spec §8: list and detail loads are logged only); `retry` asks again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RpcResponse } from '@/lib/rpc';

export type LoadState<T> =
  | { estado: 'carregando' }
  | { estado: 'pronto'; data: T }
  | { estado: 'erro'; erro: string; status: number };

export function useLoad<T>(
  key: string,
  loader: (signal: AbortSignal) => Promise<RpcResponse<T>>,
): [LoadState<T>, () => void] {
  const loaderRef = useRef(loader);
  useEffect(() => {
    loaderRef.current = loader;
  });
  const [attempt, setAttempt] = useState(0);
  const current = `${attempt}\u0000${key}`;
  const [result, setResult] = useState<{ key: string; state: LoadState<T> } | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    loaderRef.current(ctrl.signal).then(({ status, data }) => {
      if (ctrl.signal.aborted) return;
      const state: LoadState<T> =
        data.error !== undefined ? { estado: 'erro', erro: data.error, status } : { estado: 'pronto', data: data as T };
      setResult({ key: current, state });
    });
    return () => ctrl.abort();
  }, [current]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return [result?.key === current ? result.state : { estado: 'carregando' }, retry];
}
