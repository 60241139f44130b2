/**
 * Start-up confirmation of a stored session and sign-out.
 */
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/session';
import { mockApi, SESSION, storeSession, USER } from '@/test/fixtures';
import { revalidateSession, signOut } from './session';

describe('revalidateSession', () => {
  it('does nothing when signed out', async () => {
    const { calls } = mockApi();
    await revalidateSession();
    expect(calls).toHaveLength(0);
  });

  it('sends login_site with the bearer token and no user, and refreshes the user', async () => {
    storeSession();
    const { calls } = mockApi({ login_site: { body: { userinfo: { ...USER, nome: 'Maria Nova' } } } });
    await revalidateSession();
    expect(calls[0].body).toEqual({ codigo: 'login_site' });
    expect(calls[0].headers.Authorization).toBe('Bearer tok-1');
    expect(getSession()).toEqual({ token: SESSION.token, userinfo: { ...USER, nome: 'Maria Nova' } });
  });

  it('signs out when the API refuses the session for another reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession();
    mockApi({ login_site: { status: 403, body: { error: 'Proibido', codigo_erro: 'sem_permissao' } } });
    await revalidateSession();
    expect(getSession()).toBeNull();
  });

  it('signs out on 401', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession();
    mockApi({ login_site: { status: 401, body: { error: 'Sessão expirada' } } });
    await revalidateSession();
    expect(getSession()).toBeNull();
  });

  it('keeps the session when the API cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession();
    mockApi({ login_site: new TypeError('offline') });
    await revalidateSession();
    expect(getSession()).toEqual(SESSION);
  });
});

describe('signOut', () => {
  it('calls logout_site then clears', async () => {
    storeSession();
    const { calls } = mockApi({ logout_site: { body: { ok: true } } });
    expect(await signOut()).toBe(true);
    expect(calls[0].codigo).toBe('logout_site');
    expect(getSession()).toBeNull();
  });

  it('keeps the session on failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession();
    mockApi({ logout_site: new TypeError('offline') });
    expect(await signOut()).toBe(false);
    expect(getSession()).toEqual(SESSION);
  });
});
