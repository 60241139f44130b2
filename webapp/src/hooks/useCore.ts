/**
 * React hook: wasm-core for a component, through the cached loader (`loadCore`, one fetch for the
 * whole app). `core` is null while it loads; `failed` turns true when it could not be loaded
 * (logged). Every page or dialog that shows prices, quantities or checks input uses it; the first
 * visit to `/` never does.
 */
import { useEffect, useState } from 'react';
import { loadCore, type Core } from '@/lib/wasm';

export interface CoreState {
  core: Core | null;
  failed: boolean;
}

/**
 * wasm-core for a component; with `enabled` false it waits (a page that first shows what needs no
 * wasm, so the wasm's download does not compete with it).
 */
export function useCore(enabled = true): CoreState {
  const [state, setState] = useState<CoreState>({ core: null, failed: false });
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    loadCore().then(
      (core) => alive && setState({ core, failed: false }),
      (err: unknown) => {
        console.error('wasm-core:', err);
        if (alive) setState({ core: null, failed: true });
      },
    );
    return () => {
      alive = false;
    };
  }, [enabled]);
  return state;
}
