/**
 * Session actions: confirm a stored session at start (`login_site` without `user`) and sign out
 * (`logout_site`).
 */
import { outcomeUnknown, rpc } from '@/lib/rpc';
import { clearSession, getSession, setSession } from '@/lib/session';

/**
 * Asks the API whether the stored session still stands and refreshes the stored user. The user
 * is signed out when the API refuses it (`nao_autenticado`, or any other refusal). No answer or a
 * server failure (`sem_conexao`, `erro_comunicacao`, `indisponivel`, `erro_interno`) keeps the
 * session: the API being unreachable says nothing about it.
 */
export async function revalidateSession(): Promise<void> {
  const s = getSession();
  if (!s) return;
  const r = await rpc('login_site');
  if (getSession()?.token !== s.token) return; // replaced or cleared meanwhile
  if (r.error !== undefined && outcomeUnknown(r.codigo_erro) && r.codigo_erro !== 'muitas_tentativas') return;
  if (r.error !== undefined) {
    clearSession();
    return;
  }
  setSession({ token: s.token, userinfo: r.userinfo });
}

/** Signs out on the server, then locally. Resolves false on failure (session kept). */
export async function signOut(): Promise<boolean> {
  const r = await rpc('logout_site');
  if (r.codigo_erro === 'nao_autenticado') return true; // already gone; the RPC client cleared it
  if (r.error !== undefined) return false;
  clearSession();
  return true;
}
