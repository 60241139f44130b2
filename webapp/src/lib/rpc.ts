/**
 * The one RPC client. Every API action is `POST /api` with a JSON body `{"codigo": action,
 * ...fields}` and, when signed in, `Authorization: Bearer <token>`; except the public catalogue
 * reads (`GET_ACTIONS`, ./cacheable.ts), asked as `GET /api?codigo=…&field=value…` without a
 * token, so that the browser's cache and the service worker can keep them (decisions.md §24).
 *
 * - Read your own writes: for a minute after this browser changed something (any other action
 *   that succeeded, in any tab), reads revalidate with the server (`cache: 'no-cache'`, a 304
 *   when nothing changed) instead of taking a cached copy up to `max-age` old.
 * - Offline (the browser says so), an action that needs the server is not sent: it answers
 *   `{error: 'Sem conexão. Conecte-se à internet e tente de novo.'}` at once. Reads are still
 *   asked: the service worker answers them from its saved copy, and the page says so.
 * - Whether the network answered is noted for the banner (./online.ts): a read the service worker
 *   answered from its saved copy because the network did not, or a request that failed in transit,
 *   says it did not; any answer from the server says it did.
 *
 * - Success: the parsed JSON.
 * - Failure answered by the server: its JSON, which carries `error` (a generic Portuguese message
 *   is supplied when the body has none).
 * - Transport failure (offline, aborted, unreadable answer): `{error: 'Ocorreu um erro de
 *   comunicação.'}` (spec §8).
 * - 401: the session is gone; it is cleared locally (unless another sign-in replaced it meanwhile).
 *
 * Never throws.
 */
import { GET_ACTIONS, readUrl, SAVED_COPY_HEADER, SAVED_COPY_RECENT, SAVED_COPY_STALE } from './cacheable';
import { browserOffline, isOffline, noteNetwork, SEM_CONEXAO } from './online';
import { clearSession, getSession } from './session';

export const API_PATH = '/api';
export const ERRO_COMUNICACAO = 'Ocorreu um erro de comunicação.';
export const ERRO_GENERICO = 'Algum erro ocorreu!';

/** An action's answer: its fields on success, or an `error` message. */
export type RpcResult<T> = (T & { error?: undefined }) | { error: string };

/** The answer with the HTTP status (0 for a transport failure). */
export interface RpcResponse<T> {
  status: number;
  data: RpcResult<T>;
}

export interface RpcOptions {
  signal?: AbortSignal;
  /**
   * Extra request headers of an action sent as `POST` (e.g. `finalizar_pedido`'s
   * `Idempotency-Key`); they never replace `Content-Type` or `Authorization`. The reads sent as
   * `GET` take none: the caches key them by URL alone.
   */
  headers?: Record<string, string>;
}

/** Where the time of this browser's last change is kept (shared by its tabs). */
export const LAST_WRITE_KEY = 'feira:ultima-alteracao';
/** How long after a change reads skip cached copies: the API's max-age plus stale-while-revalidate (30 + 30 s). */
export const READ_YOUR_WRITES_MS = 60_000;
/** Actions that change nothing (besides the reads sent as GET). */
const NO_CHANGE = /^(pegar_|loading_|start_site_admin$|validar_|verificar_|consultar_|login_site$|iniciar_login$)/;

function lastWrite(): number {
  try {
    return Number(localStorage.getItem(LAST_WRITE_KEY)) || 0;
  } catch {
    return 0;
  }
}

function noteWrite() {
  try {
    localStorage.setItem(LAST_WRITE_KEY, String(Date.now()));
  } catch {
    /* storage unavailable: reads may be up to max-age old */
  }
}

/** The request for one action: a GET for a public read, otherwise the POST. */
function requestFor(codigo: string, fields: Record<string, unknown>, options: RpcOptions): [string, RequestInit] {
  if (GET_ACTIONS.includes(codigo)) {
    const fresh = Date.now() - lastWrite() < READ_YOUR_WRITES_MS;
    return [readUrl(codigo, fields), { method: 'GET', signal: options.signal, ...(fresh ? { cache: 'no-cache' } : {}) }];
  }
  const token = getSession()?.token;
  const extra = Object.entries(options.headers ?? {}).filter(([name]) => !/^(content-type|authorization)$/i.test(name));
  const headers: Record<string, string> = { ...Object.fromEntries(extra), 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  return [API_PATH, { method: 'POST', headers, body: JSON.stringify({ ...fields, codigo }), signal: options.signal }];
}

/** Sends one action and reports the HTTP status alongside the answer. */
export async function rpcRequest<T = Record<string, unknown>>(
  codigo: string,
  fields: Record<string, unknown> = {},
  options: RpcOptions = {},
): Promise<RpcResponse<T>> {
  const isRead = GET_ACTIONS.includes(codigo);
  if (!isRead && browserOffline()) return { status: 0, data: { error: SEM_CONEXAO } };
  const token = isRead ? undefined : getSession()?.token;
  const [url, init] = requestFor(codigo, fields, options);

  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    console.error(`rpc ${codigo}:`, err);
    // The spec's message, unless the network was already known not to answer.
    const known = isOffline();
    if (!options.signal?.aborted) noteNetwork(false);
    return { status: 0, data: { error: known ? SEM_CONEXAO : ERRO_COMUNICACAO } };
  }

  if (res.status === 401 && token && getSession()?.token === token) clearSession();
  const copy = res.headers.get(SAVED_COPY_HEADER);
  if (copy !== SAVED_COPY_RECENT) noteNetwork(copy !== SAVED_COPY_STALE);
  if (!isRead && res.ok && !NO_CHANGE.test(codigo)) noteWrite();

  let body: unknown;
  try {
    body = await res.json();
  } catch (err) {
    console.error(`rpc ${codigo}: resposta ilegível (HTTP ${res.status})`, err);
    return { status: res.ok ? 0 : res.status, data: { error: res.ok ? ERRO_COMUNICACAO : ERRO_GENERICO } };
  }

  if (!res.ok) {
    const msg =
      body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string'
        ? (body as { error: string }).error
        : ERRO_GENERICO;
    console.error(`rpc ${codigo}: HTTP ${res.status}: ${msg}`);
    return { status: res.status, data: { ...(body as object), error: msg } };
  }
  if (body === null || typeof body !== 'object') {
    return { status: res.status, data: { error: ERRO_COMUNICACAO } };
  }
  return { status: res.status, data: body as RpcResult<T> };
}

/** Sends one action; resolves to the parsed answer (with `error` on failure). */
export async function rpc<T = Record<string, unknown>>(
  codigo: string,
  fields: Record<string, unknown> = {},
  options: RpcOptions = {},
): Promise<RpcResult<T>> {
  return (await rpcRequest<T>(codigo, fields, options)).data;
}
