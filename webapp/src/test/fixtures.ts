/**
 * Test helpers: a sample user, a stored session and a `fetch` mock that answers RPC actions.
 */
import { vi } from 'vitest';
import type { Answer, Codigo } from '@/lib/rpc';
import { SESSION_KEY, type Session, type UserInfo } from '@/lib/session';

export const USER: UserInfo = {
  usuario: 'u_abc123',
  nome: 'Maria Silva',
  email: 'maria@example.com',
  telefone: null,
  cidade: null,
  rua: null,
  numero: null,
  complemento: null,
  latitude: null,
  longitude: null,
  cep: null,
  bairro: null,
  aviso_localizacao: null,
  type: null,
  admin: false,
};

export const SESSION: Session = { token: 'tok-1', userinfo: USER };

/** Stores a session the way the app does. */
export function storeSession(session: Session = SESSION) {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
}

export interface MockCall {
  codigo: string;
  /** `{codigo, ...fields}`: the POST's JSON body, or a GET's query (values as strings). */
  body: Record<string, unknown>;
  headers: Record<string, string>;
  method: string;
  url: string;
}

/**
 * What the mock answers an action `C` with: its answer as the generated contract describes it
 * (`Answer<C>`: a mock cannot answer what the API would not), a failure with its status and body
 * (`{error, codigo_erro}`, or anything a proxy might send), or a transport failure (`Error`).
 */
export type MockReply<C extends Codigo> = { status?: 200; body: Answer<C> } | { status: number; body: unknown } | Error;

/** The answers by action: a reply, or a function of the request's `{codigo, ...fields}` giving one. */
export type MockAnswers = { [C in Codigo]?: MockReply<C> | ((body: Record<string, unknown>) => MockReply<C>) };

/** `{codigo, ...fields}` of a request the RPC client sent: `POST /api` or `GET /api?codigo=…`. */
function decode(url: string, init?: RequestInit): Record<string, unknown> {
  if ((init?.method ?? 'GET') === 'GET') return Object.fromEntries(new URL(url, 'http://127.0.0.1').searchParams);
  return JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
}

/**
 * Replaces `fetch` with a mock answering the API's actions by `codigo` (default: 200 `{}`),
 * whether posted to `/api` or read with `GET /api?codigo=…`, recording each call.
 */
export function mockApi(answers: MockAnswers = {}) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = decode(url, init);
    calls.push({
      codigo: String(body.codigo),
      body,
      headers: (init?.headers ?? {}) as Record<string, string>,
      method: init?.method ?? 'GET',
      url,
    });
    const a = answers[String(body.codigo) as Codigo] as MockReply<Codigo> | ((body: Record<string, unknown>) => MockReply<Codigo>) | undefined;
    const answer: { status?: number; body: unknown } | Error = typeof a === 'function' ? a(body) : (a ?? { body: {} });
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
