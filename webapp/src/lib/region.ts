/**
 * The visitor's region ('City, UF'): default 'Piracicaba, SP', remembered in `localStorage` under
 * `regiao` as `{"regiao": "São Paulo, SP"}`, shared across tabs.
 */
import { onStorageKey, readJSON, readRaw, writeJSON } from '@/lib/storage';

export const REGION_KEY = 'regiao';
export const DEFAULT_REGION = 'Piracicaba, SP';

/** A region label is 'City, UF' with a two-letter state code. */
export function isRegion(value: unknown): value is string {
  return typeof value === 'string' && /^\S.*, [A-Z]{2}$/.test(value);
}

const listeners = new Set<() => void>();
let cacheRaw: string | null | undefined;
let cacheValue = DEFAULT_REGION;

/** The current region (the default when none or an invalid one is stored). */
export function getRegion(): string {
  const raw = readRaw(REGION_KEY);
  if (raw !== cacheRaw) {
    cacheRaw = raw;
    const stored = readJSON<{ regiao?: unknown }>(REGION_KEY)?.regiao;
    cacheValue = isRegion(stored) ? stored : DEFAULT_REGION;
  }
  return cacheValue;
}

/** Remembers `regiao`; ignores a value that is not 'City, UF'. */
export function setRegion(regiao: string): void {
  if (!isRegion(regiao)) return;
  writeJSON(REGION_KEY, { regiao });
  for (const l of [...listeners]) l();
}

/** Subscribes to region changes (this tab and others). */
export function subscribeRegion(listener: () => void): () => void {
  listeners.add(listener);
  const unlisten = onStorageKey(REGION_KEY, listener);
  return () => {
    listeners.delete(listener);
    unlisten();
  };
}
