/**
 * Popup sign-in: popup opened at once, authorize URL, the callback message (origin and state
 * checked), login_site with the ID token and nonce, and a popup closed by the user.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/session';
import { mockApi, USER } from '@/test/fixtures';
import { signInWithPopup } from './signIn';

const START = {
  nonce: 'n-123',
  authorization_endpoint: 'http://127.0.0.1:8091/auth',
  client_id: 'feira-local',
  scope: 'openid email profile',
};

function fakePopup() {
  return {
    closed: false,
    close() {
      this.closed = true;
    },
    focus: vi.fn(),
    location: { href: '' },
    document: { title: '', body: { textContent: '' } },
  };
}

let popup: ReturnType<typeof fakePopup>;
let open: ReturnType<typeof vi.fn>;

beforeEach(() => {
  popup = fakePopup();
  open = vi.fn(() => popup);
  vi.stubGlobal('open', open);
});

afterEach(() => {
  popup.close();
  vi.useRealTimers();
});

function post(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

async function authorizeParams() {
  await vi.waitFor(() => expect(popup.location.href).not.toBe(''));
  return new URL(popup.location.href);
}

describe('signInWithPopup', () => {
  it('opens the 500x600 popup before anything is awaited', () => {
    mockApi({ iniciar_login: { body: START } });
    void signInWithPopup();
    expect(open).toHaveBeenCalledWith('', 'feira-login', 'width=500,height=600');
  });

  it('signs in through the provider and login_site', async () => {
    const { calls } = mockApi({
      iniciar_login: { body: START },
      login_site: { body: { userinfo: USER, token: 'sess-9' } },
    });
    const result = signInWithPopup();
    const url = await authorizeParams();
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:8091/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'feira-local',
      response_type: 'id_token',
      scope: 'openid email profile',
      redirect_uri: `${window.location.origin}/auth/callback`,
      nonce: 'n-123',
      prompt: 'login',
    });
    const state = url.searchParams.get('state')!;
    expect(state).toMatch(/^[0-9a-f]{32}$/);

    post({ type: 'feira-oidc', id_token: 'evil', state }, 'http://evil.example');
    post({ type: 'feira-oidc', id_token: 'stale', state: 'other' });
    post({ type: 'feira-oidc', id_token: 'jwt.abc', state, error: null });

    expect(await result).toBe('ok');
    const login = calls.find((c) => c.codigo === 'login_site')!;
    expect(login.body.user).toEqual({ id_token: 'jwt.abc', nonce: 'n-123' });
    expect(getSession()).toEqual({ token: 'sess-9', userinfo: USER });
  });

  it('is silently cancelled when the user closes the popup', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const { calls } = mockApi({ iniciar_login: { body: START } });
    const result = signInWithPopup();
    await authorizeParams();
    popup.close();
    await vi.advanceTimersByTimeAsync(2000);
    expect(await result).toBe('cancelled');
    expect(calls.map((c) => c.codigo)).toEqual(['iniciar_login']);
    expect(getSession()).toBeNull();
  });

  it('reports a blocked popup', async () => {
    open.mockReturnValue(null);
    expect(await signInWithPopup()).toBe('blocked');
  });

  it('closes the popup and reports an error when iniciar_login fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ iniciar_login: { status: 500, body: { error: 'x' } } });
    expect(await signInWithPopup()).toBe('error');
    expect(popup.closed).toBe(true);
  });

  it('stays signed out when login_site returns no session token', async () => {
    mockApi({ iniciar_login: { body: START }, login_site: { body: { userinfo: USER } } });
    const result = signInWithPopup();
    const state = (await authorizeParams()).searchParams.get('state');
    post({ type: 'feira-oidc', id_token: 'jwt', state });
    expect(await result).toBe('cancelled');
    expect(getSession()).toBeNull();
  });
});
