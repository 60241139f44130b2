/**
 * wasm-core for a component: `null` while it loads, `'erro'` when it could not be loaded (logged).
 * Pages that show prices or quantities (product detail, storefront) use it; the home never does.
 */
import { useEffect, useState } from 'react';
import { loadCore, type Core } from '@/lib/wasm';

export function useCore(): Core | null | 'erro' {
  const [core, setCore] = useState<Core | null | 'erro'>(null);
  useEffect(() => {
    let vivo = true;
    loadCore().then(
      (c) => vivo && setCore(c),
      (err: unknown) => {
        console.error('wasm-core:', err);
        if (vivo) setCore('erro');
      },
    );
    return () => {
      vivo = false;
    };
  }, []);
  return core;
}
