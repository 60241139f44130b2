/**
 * The one RPC client. Every API action is `POST /api` with a JSON body `{"codigo": action,
 * ...fields}` and, when signed in, `Authorization: Bearer <token>`.
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
}

/** Sends one action and reports the HTTP status alongside the answer. */
export async function rpcRequest<T = Record<string, unknown>>(
  codigo: string,
  fields: Record<string, unknown> = {},
  options: RpcOptions = {},
): Promise<RpcResponse<T>> {
  const token = getSession()?.token;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;

  let res: Response;
  try {
    res = await fetch(API_PATH, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...fields, codigo }),
      signal: options.signal,
    });
  } catch (err) {
    console.error(`rpc ${codigo}:`, err);
    return { status: 0, data: { error: ERRO_COMUNICACAO } };
  }

  if (res.status === 401 && token && getSession()?.token === token) clearSession();

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
