/**
 * Provides the region context and owns the region dialog, which is loaded (with wasm-core and the
 * municipalities) only when opened.
 */
import { lazy, Suspense, useCallback, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { RegionContext, type RegionContextValue } from '@/hooks/useRegion';
import { getRegion, setRegion, subscribeRegion } from '@/lib/region';

const RegionDialog = lazy(() => import('./RegionDialog'));

export function RegionProvider({ children }: { children: ReactNode }) {
  const regiao = useSyncExternalStore(subscribeRegion, getRegion, getRegion);
  const [open, setOpen] = useState(false);
  const openRegionDialog = useCallback(() => setOpen(true), []);
  const value = useMemo<RegionContextValue>(
    () => ({ regiao, setRegiao: setRegion, openRegionDialog }),
    [regiao, openRegionDialog],
  );
  return (
    <RegionContext.Provider value={value}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <RegionDialog
            current={regiao}
            onClose={() => setOpen(false)}
            onConfirm={(r) => {
              setRegion(r);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </RegionContext.Provider>
  );
}
