/**
 * React context for the region: the current 'City, UF', a setter, and a way to open the region
 * dialog from any page (e.g. the home's 'Mudar região').
 */
import { createContext, useContext } from 'react';

export interface RegionContextValue {
  regiao: string;
  setRegiao: (regiao: string) => void;
  openRegionDialog: () => void;
}

export const RegionContext = createContext<RegionContextValue | null>(null);

/** The region state; must be used under `RegionProvider`. */
export function useRegion(): RegionContextValue {
  const ctx = useContext(RegionContext);
  if (!ctx) throw new Error('useRegion fora de RegionProvider');
  return ctx;
}
