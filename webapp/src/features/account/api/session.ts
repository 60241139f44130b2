/**
 * Session actions: confirm a stored session at start (`login_site` without `user`) and sign out
 * (`logout_site`).
 */
import { rpcRequest } from '@/lib/rpc';
import { clearSession, getSession, setSession, type UserInfo } from '@/lib/session';

/**
 * Asks the API whether the stored session still stands and refreshes the stored user. The user
 * is signed out when the API answers without `userinfo` (or 401). A network failure or a server
 * error (5xx) keeps the session: the API being unreachable says nothing about it.
 */
export async function revalidateSession(): Promise<void> {
  const s = getSession();
  if (!s) return;
  const { status, data } = await rpcRequest<{ userinfo?: UserInfo | null }>('login_site');
  if (getSession()?.token !== s.token) return; // replaced or cleared meanwhile
  if (status === 0 || status >= 500) return;
  if (data.error !== undefined || !data.userinfo) {
    clearSession();
    return;
  }
  setSession({ token: s.token, userinfo: data.userinfo });
}

/** Signs out on the server, then locally. Resolves false on failure (session kept). */
export async function signOut(): Promise<boolean> {
  const { status, data } = await rpcRequest('logout_site');
  if (status === 401) return true; // already gone; the RPC client cleared it
  if (data.error !== undefined) return false;
  clearSession();
  return true;
}
