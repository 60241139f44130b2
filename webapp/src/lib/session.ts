/**
 * The signed-in session: `{token, userinfo}` kept in `localStorage` under `sessao`, shared by
 * every tab (the `storage` event), read by the RPC client (bearer token) and by React through
 * `useSession()`.
 *
 * The store keeps no copy of its own beyond a parse cache keyed by the stored string, so a change
 * made by another tab is seen as soon as the `storage` event arrives.
 */
import { useSyncExternalStore } from 'react';
import type { UserInfo } from '@/types/wire';
import { onStorageKey, readRaw, removeKey, writeJSON } from './storage';

export const SESSION_KEY = 'sessao';

/** The signed-in user as the API describes it (`userinfo`). */
export type { UserInfo };

export interface Session {
  token: string;
  userinfo: UserInfo;
}

const listeners = new Set<() => void>();
let cacheRaw: string | null = null;
let cacheValue: Session | null = null;

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<Session> | null;
    if (
      v &&
      typeof v.token === 'string' &&
      v.token &&
      v.userinfo &&
      typeof v.userinfo === 'object' &&
      typeof v.userinfo.usuario === 'string'
    ) {
      return v as Session;
    }
  } catch {
    /* invalid JSON: no session */
  }
  return null;
}

/** The current session, or `null` when signed out. Stable between changes. */
export function getSession(): Session | null {
  const raw = readRaw(SESSION_KEY);
  if (raw !== cacheRaw) {
    cacheRaw = raw;
    cacheValue = parse(raw);
  }
  return cacheValue;
}

function emit() {
  for (const l of [...listeners]) l();
}

/** Stores a new session (after sign-in). */
export function setSession(session: Session): void {
  writeJSON(SESSION_KEY, session);
  emit();
}

/** Merges `patch` into the stored user (after the user changed their data). */
export function updateUserInfo(patch: Partial<UserInfo>): void {
  const s = getSession();
  if (!s) return;
  setSession({ ...s, userinfo: { ...s.userinfo, ...patch } });
}

/** Signs out locally. */
export function clearSession(): void {
  removeKey(SESSION_KEY);
  emit();
}

let unlistenStorage: (() => void) | null = null;

/** Subscribes to session changes, in this tab and in others. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  unlistenStorage ??= onStorageKey(SESSION_KEY, emit);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && unlistenStorage) {
      unlistenStorage();
      unlistenStorage = null;
    }
  };
}

/** React hook: the current session (re-renders on change, including from other tabs). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
