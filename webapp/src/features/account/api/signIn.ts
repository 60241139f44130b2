/**
 * Popup sign-in with the OpenID provider (decisions §3).
 *
 * Must be called synchronously from the click handler: the popup is opened before anything is
 * awaited so popup blockers let it through. Then `iniciar_login` gives the authorize endpoint,
 * client id, scope and nonce; the popup goes to the provider (`response_type=id_token`,
 * `prompt=login`, our random `state`); the API's `/auth/callback` page posts
 * `{type: 'feira-oidc', id_token, state, error}` back to this window and closes; `login_site`
 * exchanges the ID token for `{userinfo, token}`, which becomes the session.
 *
 * A popup closed by the user (or a sign-in the user declined) is ignored silently.
 */
import { rpc, type Answer } from '@/lib/rpc';
import { clearSession, setSession } from '@/lib/session';

export const POPUP_NAME = 'feira-login';
export const POPUP_FEATURES = 'width=500,height=600';
export const CALLBACK_PATH = '/auth/callback';
export const MESSAGE_TYPE = 'feira-oidc';
const POLL_MS = 500;
/** Time left for a message already posted when the popup is seen closed. */
const CLOSE_GRACE_MS = 1000;

/** `ok` signed in; `cancelled` closed or declined by the user; `blocked` no popup; `error`. */
export type SignInResult = 'ok' | 'cancelled' | 'blocked' | 'error';

type IniciarLogin = Answer<'iniciar_login'>;

interface CallbackMessage {
  type: typeof MESSAGE_TYPE;
  id_token?: string | null;
  state?: string;
  error?: string | null;
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The provider's authorize URL for this attempt. */
export function authorizeUrl(start: IniciarLogin, state: string, origin = window.location.origin): string {
  const url = new URL(start.authorization_endpoint);
  url.searchParams.set('client_id', start.client_id);
  url.searchParams.set('response_type', 'id_token');
  url.searchParams.set('scope', start.scope);
  url.searchParams.set('redirect_uri', `${origin}${CALLBACK_PATH}`);
  url.searchParams.set('nonce', start.nonce);
  url.searchParams.set('state', state);
  url.searchParams.set('prompt', 'login');
  return url.toString();
}

/** Resolves with the callback's message, or null once the popup has been closed without one. */
function waitForCallback(popup: Window, state: string): Promise<CallbackMessage | null> {
  return new Promise((resolve) => {
    let grace: ReturnType<typeof setTimeout> | undefined;
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin) return;
      const d = e.data as Partial<CallbackMessage> | null;
      if (!d || typeof d !== 'object' || d.type !== MESSAGE_TYPE || d.state !== state) return;
      done(d as CallbackMessage);
    };
    const timer = setInterval(() => {
      if (popup.closed && grace === undefined) grace = setTimeout(() => done(null), CLOSE_GRACE_MS);
    }, POLL_MS);
    function done(v: CallbackMessage | null) {
      clearInterval(timer);
      clearTimeout(grace);
      window.removeEventListener('message', onMessage);
      resolve(v);
    }
    window.addEventListener('message', onMessage);
  });
}

let inFlight: { popup: Window; promise: Promise<SignInResult> } | null = null;

async function run(popup: Window): Promise<SignInResult> {
  try {
    popup.document.title = 'Feira';
    popup.document.body.textContent = 'Carregando...';
  } catch {
    /* not ours to write: harmless */
  }

  const start = await rpc('iniciar_login');
  if (start.error !== undefined) {
    popup.close();
    return 'error';
  }
  if (popup.closed) return 'cancelled';

  const state = randomState();
  const waiting = waitForCallback(popup, state);
  popup.location.href = authorizeUrl(start, state);
  const msg = await waiting;
  if (!msg) return 'cancelled';
  if (msg.error || !msg.id_token) {
    if (msg.error === 'access_denied') return 'cancelled';
    console.error('login: o provedor de identidade respondeu', msg.error);
    return 'error';
  }

  const res = await rpc('login_site', { user: { id_token: msg.id_token, nonce: start.nonce } });
  if (res.error !== undefined) return 'error';
  if (!res.token) {
    clearSession();
    return 'cancelled';
  }
  setSession({ token: res.token, userinfo: res.userinfo });
  return 'ok';
}

/**
 * Starts (or refocuses) the popup sign-in. Call it directly in a click handler.
 */
export function signInWithPopup(): Promise<SignInResult> {
  if (inFlight && !inFlight.popup.closed) {
    inFlight.popup.focus();
    return inFlight.promise;
  }
  const popup = window.open('', POPUP_NAME, POPUP_FEATURES);
  if (!popup) return Promise.resolve('blocked');
  const promise = run(popup).finally(() => {
    if (inFlight?.popup === popup) inFlight = null;
  });
  inFlight = { popup, promise };
  return promise;
}
