/**
 * The one RPC client, typed by `codigo` from the API's own description. Every API action is
 * `POST /api` with a JSON body `{"codigo": action, ...payload}` and, when signed in,
 * `Authorization: Bearer <token>`; except the public catalogue reads (`get: true` in the generated
 * `Actions`), asked as `GET /api?codigo=…&field=value…` without a token, so that the browser's
 * cache and the service worker can keep them (decisions.md §24).
 *
 * `rpc('finalizar_pedido', payload, options)` takes the action's payload as the API describes it
 * (`Actions[C]['payload']` in ../types/api.gen.ts, generated from its OpenAPI document: a
 * misspelt or unknown field, or a missing one, fails `tsc`) and resolves to its answer
 * (`Actions[C]['answer']`: reading a field the API does not send fails `tsc`), or to an `RpcError`
 * `{error, codigo_erro}`. Never throws.
 *
 * - Success: the parsed JSON.
 * - Failure answered by the server: its `error` (the Portuguese text to show; 'Algum erro
 *   ocorreu!' when the body has none) and its `codigo_erro` (the stable code the UI branches on,
 *   never on the text; derived from the HTTP status when the body has none, e.g. a proxy's page).
 * - Transport failure (aborted, no answer, an unreadable answer): 'Ocorreu um erro de
 *   comunicação.' (spec §8), `erro_comunicacao`; once the network is known not to answer,
 *   'Sem conexão. Conecte-se à internet e tente de novo.', `sem_conexao`.
 * - Offline (the browser says so), an action that needs the server is not sent: it answers
 *   `sem_conexao` at once. Reads are still asked: the service worker answers them from its saved
 *   copy, and the page says so.
 * - Whether the network answered is noted for the banner (./online.ts): a read the service worker
 *   answered from its saved copy because the network did not, or a request that failed in transit,
 *   says it did not; any answer from the server says it did.
 * - Read your own writes: for a minute after this browser changed something (an action that is
 *   not `read: true` and succeeded, in any tab), the GET reads revalidate with the server
 *   (`cache: 'no-cache'`, a 304 when nothing changed) instead of taking a cached copy up to
 *   `max-age` old.
 * - 401: the session is gone; it is cleared locally (unless another sign-in replaced it meanwhile).
 */
import { ERROR_CODES, READ_ACTIONS, type Actions, type Codigo, type components } from '@/types/api.gen';
import { isGetAction, readUrl, SAVED_COPY_HEADER, SAVED_COPY_RECENT, SAVED_COPY_STALE } from './cacheable';
import { browserOffline, isOffline, noteNetwork, SEM_CONEXAO } from './online';
import { clearSession, getSession } from './session';

export type { Codigo };

export const API_PATH = '/api';
export const ERRO_COMUNICACAO = 'Ocorreu um erro de comunicação.';
export const ERRO_GENERICO = 'Algum erro ocorreu!';

/** What action `C` takes (without `codigo`), as the API describes it. */
export type Payload<C extends Codigo> = Actions[C]['payload'];
/** What action `C` answers on success, as the API describes it. */
export type Answer<C extends Codigo> = Actions[C]['answer'];

/** The server's stable failure codes (`codigo_erro` of every failure body; every one is in `ERROR_CODES`). */
export type ServerErrorCode = components['schemas']['ErrorCode'];
/**
 * The client's own codes, for what the server never answered: `sem_conexao` (offline: not sent,
 * or the network is known not to answer) and `erro_comunicacao` (no answer, or an unreadable one).
 */
export type ClientErrorCode = 'sem_conexao' | 'erro_comunicacao';
export type ErrorCode = ServerErrorCode | ClientErrorCode;

/** A failed action: the text to show and the code to branch on. */
export interface RpcError {
  error: string;
  codigo_erro: ErrorCode;
}

/** Action `C`'s answer, or an `RpcError` (tell them apart with `r.error !== undefined`). */
export type RpcResult<C extends Codigo> = Result<Answer<C>>;
/** A value (an answer, or a view model derived from one), or an `RpcError`. */
export type Result<T> = Ok<T> | RpcError;
type Ok<T> = T & { error?: undefined; codigo_erro?: undefined };

export interface RpcOptions {
  signal?: AbortSignal;
  /**
   * Extra request headers of an action sent as `POST` (e.g. `finalizar_pedido`'s
   * `Idempotency-Key`); they never replace `Content-Type` or `Authorization`. The reads sent as
   * `GET` take none: the caches key them by URL alone.
   */
  headers?: Record<string, string>;
}

/** The payload may be left out when the action needs no field. */
type Args<C extends Codigo> =
  Record<never, never> extends Payload<C>
    ? [payload?: Payload<C>, options?: RpcOptions]
    : [payload: Payload<C>, options?: RpcOptions];

/** Where the time of this browser's last change is kept (shared by its tabs). */
export const LAST_WRITE_KEY = 'feira:ultima-alteracao';
/** How long after a change reads skip cached copies: the API's max-age plus stale-while-revalidate (30 + 30 s). */
export const READ_YOUR_WRITES_MS = 60_000;

const READS: ReadonlySet<string> = new Set(READ_ACTIONS);

/** Whether action `codigo` changes nothing (`read: true` in the generated `Actions`). */
export function isReadAction(codigo: string): boolean {
  return READS.has(codigo);
}

/** The code of a failure whose body carries none (a proxy's error page, an older server): by its status. */
export function codeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'dados_invalidos';
    case 401:
      return 'nao_autenticado';
    case 403:
      return 'sem_permissao';
    case 404:
      return 'nao_encontrado';
    case 408:
      return 'erro_comunicacao';
    case 409:
      return 'conflito';
    case 413:
      return 'grande_demais';
    case 422:
      return 'nao_processavel';
    case 429:
      return 'muitas_tentativas';
    case 502:
    case 503:
    case 504:
      return 'indisponivel';
    default:
      return status >= 500 ? 'erro_interno' : 'dados_invalidos';
  }
}

/**
 * What each code means here, one entry per code: a code the API adds (`ERROR_CODES`, generated
 * from its `ErrorCode` schema) fails `tsc` until it is placed, and a misspelt one too.
 * - `recusa`: the server refused for a reason its message names (shown as it is: 'Cupom
 *   expirado.', 'Estoque insuficiente para …');
 * - `limite`: a rate limit, its message shown; the request may or may not have been done;
 * - `sessao`: the session is gone (the spec's generic message; the client signs out);
 * - `sem_resposta`: no answer, or the server in trouble; the request may or may not have been done.
 */
type Meaning = 'recusa' | 'limite' | 'sessao' | 'sem_resposta';
const MEANING: { readonly [C in ErrorCode]: Meaning } = {
  dados_invalidos: 'recusa',
  acao_desconhecida: 'recusa',
  nao_autenticado: 'sessao',
  sem_permissao: 'recusa',
  nao_encontrado: 'recusa',
  conflito: 'recusa',
  nao_processavel: 'recusa',
  grande_demais: 'recusa',
  muitas_tentativas: 'limite',
  indisponivel: 'sem_resposta',
  erro_interno: 'sem_resposta',
  precos_mudaram: 'recusa',
  estoque_insuficiente: 'recusa',
  estoque_mudou: 'recusa',
  chave_reusada: 'recusa',
  pix_nao_pago: 'recusa',
  cupom_ainda_nao_valido: 'recusa',
  cupom_expirado: 'recusa',
  cupom_esgotado: 'recusa',
  cupom_ja_usado: 'recusa',
  cupom_pedido_minimo: 'recusa',
  conta_com_pendencias: 'recusa',
  documento_em_uso: 'recusa',
  data_indisponivel: 'recusa',
  sem_conexao: 'sem_resposta',
  erro_comunicacao: 'sem_resposta',
};

const SERVER_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** Whether `codigo` is one of the codes the API answers (`ERROR_CODES`). */
export function isServerErrorCode(codigo: unknown): codigo is ServerErrorCode {
  return typeof codigo === 'string' && SERVER_CODES.has(codigo);
}

/** The code of a failure: the body's own when the API has it, otherwise derived from the status. */
export function errorCodeOf(codigo: unknown, status: number): ErrorCode {
  return isServerErrorCode(codigo) ? codigo : codeOfStatus(status);
}

/**
 * Whether the request may or may not have been done: no answer, a timeout, a rate limit, a server
 * failure (sending it again must be safe: the same `Idempotency-Key`).
 */
export function outcomeUnknown(codigo: ErrorCode): boolean {
  const m = MEANING[codigo];
  return m === 'sem_resposta' || m === 'limite';
}

/**
 * Whether the server refused the action for a reason its message names (shown as it is): any
 * answered failure but a missing session and the server's own trouble (then the spec's generic
 * message, §8).
 */
export function isRefusal(e: RpcError): boolean {
  const m = MEANING[e.codigo_erro];
  return m === 'recusa' || m === 'limite';
}

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
function requestFor(codigo: Codigo, fields: Record<string, unknown>, options: RpcOptions): [string, RequestInit] {
  if (isGetAction(codigo)) {
    const fresh = Date.now() - lastWrite() < READ_YOUR_WRITES_MS;
    return [readUrl(codigo, fields), { method: 'GET', signal: options.signal, ...(fresh ? { cache: 'no-cache' } : {}) }];
  }
  const token = getSession()?.token;
  const extra = Object.entries(options.headers ?? {}).filter(([name]) => !/^(content-type|authorization)$/i.test(name));
  const headers: Record<string, string> = { ...Object.fromEntries(extra), 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  return [API_PATH, { method: 'POST', headers, body: JSON.stringify({ ...fields, codigo }), signal: options.signal }];
}

const failure = (error: string, codigo_erro: ErrorCode): RpcError => ({ error, codigo_erro });

/** Sends action `codigo` with its payload; resolves to its answer or an `RpcError`. */
export async function rpc<C extends Codigo>(codigo: C, ...args: Args<C>): Promise<RpcResult<C>> {
  const [payload, options = {}] = args;
  const fields = (payload ?? {}) as Record<string, unknown>;
  const isGet = isGetAction(codigo);
  if (!isGet && browserOffline()) return failure(SEM_CONEXAO, 'sem_conexao');
  const token = isGet ? undefined : getSession()?.token;
  const [url, init] = requestFor(codigo, fields, options);

  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    console.error(`rpc ${codigo}:`, err);
    // The spec's message, unless the network was already known not to answer.
    const known = isOffline();
    if (!options.signal?.aborted) noteNetwork(false);
    return known ? failure(SEM_CONEXAO, 'sem_conexao') : failure(ERRO_COMUNICACAO, 'erro_comunicacao');
  }

  if (res.status === 401 && token && getSession()?.token === token) clearSession();
  const copy = res.headers.get(SAVED_COPY_HEADER);
  if (copy !== SAVED_COPY_RECENT) noteNetwork(copy !== SAVED_COPY_STALE);
  if (!isGet && res.ok && !isReadAction(codigo)) noteWrite();

  let body: unknown;
  try {
    body = await res.json();
  } catch (err) {
    console.error(`rpc ${codigo}: resposta ilegível (HTTP ${res.status})`, err);
    return res.ok ? failure(ERRO_COMUNICACAO, 'erro_comunicacao') : failure(ERRO_GENERICO, codeOfStatus(res.status));
  }

  if (!res.ok) {
    const b = (body && typeof body === 'object' ? body : {}) as { error?: unknown; codigo_erro?: unknown };
    const msg = typeof b.error === 'string' ? b.error : ERRO_GENERICO;
    const code = errorCodeOf(b.codigo_erro, res.status);
    console.error(`rpc ${codigo}: HTTP ${res.status} ${code}: ${msg}`);
    return failure(msg, code);
  }
  if (body === null || typeof body !== 'object') return failure(ERRO_COMUNICACAO, 'erro_comunicacao');
  return body as Ok<Answer<C>>;
}
