/**
 * Small, failure-tolerant helpers around `localStorage` (private mode, quota and disabled storage
 * must never break the page) and the cross-tab `storage` event.
 */

/** Reads and parses a JSON value; `null` when absent, unreadable or invalid. */
export function readJSON<T = unknown>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw == null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

/** The raw string stored under `key`, or `null`. */
export function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` as JSON; returns false when the browser refused. */
export function writeJSON(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** Removes `key`; silently ignores a refusing browser. */
export function removeKey(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    /* ignored */
  }
}

/**
 * Calls `onChange` when another tab changes `key` (or clears the whole storage). Returns the
 * unsubscribe function.
 */
export function onStorageKey(key: string, onChange: () => void): () => void {
  const handler = (e: StorageEvent) => {
    if (e.key === key || e.key === null) onChange();
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}
