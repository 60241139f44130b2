/**
 * The RPC client: body and headers, the answer or its typed error (`codigo_erro`: the server's,
 * one derived from the status when the body has none, or the client's own for what the server
 * never answered), the 401 sign-out; the catalogue reads as GET and the reads that note no change,
 * both as the generated contract says; offline.
 */
import { describe, expect, it, vi } from 'vitest';
import { mockApi, SESSION, storeSession } from '@/test/fixtures';
import { ERROR_CODES, GET_ACTIONS, READ_ACTIONS, type Actions, type Codigo, type components } from '@/types/api.gen';
import { SAVED_COPY_HEADER, SAVED_COPY_RECENT, SAVED_COPY_STALE } from './cacheable';
import { isOffline, SEM_CONEXAO } from './online';
import {
  codeOfStatus,
  ERRO_COMUNICACAO,
  ERRO_GENERICO,
  isReadAction,
  isRefusal,
  LAST_WRITE_KEY,
  outcomeUnknown,
  READ_YOUR_WRITES_MS,
  rpc,
  type ErrorCode,
} from './rpc';
import { getSession, SESSION_KEY } from './session';

/** A `finalizar_pedido` payload (the client does not care what is in it). */
const PEDIDO = { total: 10, sacola: [{ id: 'p1', quantidade: 1 }] };

describe('rpc', () => {
  it('posts {codigo, ...payload} as JSON to /api and returns the parsed answer', async () => {
    const { calls, fetchMock } = mockApi({ alterar_nome: { body: { ok: true, nome: 'Ana' } } });
    const res = await rpc('alterar_nome', { nome: ' Ana ' });
    expect(res).toEqual({ ok: true, nome: 'Ana' });
    expect(fetchMock).toHaveBeenCalledWith('/api', expect.objectContaining({ method: 'POST' }));
    expect(calls[0].body).toEqual({ codigo: 'alterar_nome', nome: ' Ana ' });
    expect(calls[0].headers['Content-Type']).toBe('application/json');
  });

  it('does not let a field override codigo', async () => {
    const { calls } = mockApi();
    // A payload that names another action (only a cast gets it past the types).
    await rpc('pegar_pedidos', { codigo: 'y' } as unknown as Record<string, never>);
    expect(calls[0].body.codigo).toBe('pegar_pedidos');
  });

  it('sends no Authorization header when signed out', async () => {
    const { calls } = mockApi();
    await rpc('pegar_pedidos');
    expect(calls[0].headers.Authorization).toBeUndefined();
  });

  it('sends the bearer token when signed in', async () => {
    storeSession();
    const { calls } = mockApi();
    await rpc('pegar_pedidos');
    expect(calls[0].headers.Authorization).toBe(`Bearer ${SESSION.token}`);
  });

  it("adds the caller's headers to a POST (an Idempotency-Key), never replacing its own", async () => {
    storeSession();
    const { calls } = mockApi();
    await rpc('finalizar_pedido', PEDIDO, { headers: { 'Idempotency-Key': 'k-1', Authorization: 'Bearer forjado', 'content-type': 'text/plain' } });
    expect(calls[0].headers['Idempotency-Key']).toBe('k-1');
    expect(calls[0].headers.Authorization).toBe(`Bearer ${SESSION.token}`);
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[0].headers['content-type']).toBeUndefined();
  });

  it("returns the server's error text and its codigo_erro", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ finalizar_pedido: { status: 409, body: { error: 'Os preços mudaram. Revise o pedido.', codigo_erro: 'precos_mudaram' } } });
    const r = await rpc('finalizar_pedido', PEDIDO);
    expect(r).toEqual({ error: 'Os preços mudaram. Revise o pedido.', codigo_erro: 'precos_mudaram' });
    // The type narrows on `error`: the answer's fields on one side, the code on the other.
    if (r.error === undefined) throw new Error(`answered ${r.all.id}`);
    else expect(r.codigo_erro satisfies ErrorCode).toBe('precos_mudaram');
  });

  it("passes every code the API publishes through as itself (the coupon's refusals too)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // ERROR_CODES is the API's ErrorCode enum, whole: a code missing from it fails this line's type.
    const every: readonly components['schemas']['ErrorCode'][] = ERROR_CODES;
    const missing: Exclude<components['schemas']['ErrorCode'], (typeof ERROR_CODES)[number]>[] = [];
    expect(missing).toEqual([]);
    expect(every.length).toBeGreaterThanOrEqual(22);
    for (const codigo_erro of ERROR_CODES) {
      mockApi({ validar_cupom: { status: 400, body: { error: `Recusado: ${codigo_erro}.`, codigo_erro } } });
      expect(await rpc('validar_cupom', { userforn: 'u1', cupom: 'X' }), codigo_erro).toEqual({ error: `Recusado: ${codigo_erro}.`, codigo_erro });
    }
  });

  it('derives the code from the status when the failure body carries none (or an unknown one)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      alterar_nome: { status: 409, body: { error: 'Não.' } },
      alterar_pix: { status: 503, body: { error: 'Tente de novo.', codigo_erro: 'codigo_que_nao_existe' } },
      alterar_compras: { status: 502, body: {} },
    });
    expect(await rpc('alterar_nome', { nome: 'x' })).toEqual({ error: 'Não.', codigo_erro: 'conflito' });
    expect(await rpc('alterar_pix', { pix: 'x' })).toEqual({ error: 'Tente de novo.', codigo_erro: 'indisponivel' });
    expect(await rpc('alterar_compras', { compras: true })).toEqual({ error: ERRO_GENERICO, codigo_erro: 'indisponivel' });
  });

  it('a failure whose body is not JSON (a proxy page) is the generic message, coded by its status', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 500 })));
    expect(await rpc('alterar_nome', { nome: 'x' })).toEqual({ error: ERRO_GENERICO, codigo_erro: 'erro_interno' });
  });

  it("returns 'Ocorreu um erro de comunicação.' (erro_comunicacao) on a transport failure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ alterar_nome: new TypeError('Failed to fetch') });
    expect(ERRO_COMUNICACAO).toBe('Ocorreu um erro de comunicação.');
    expect(await rpc('alterar_nome', { nome: 'x' })).toEqual({ error: 'Ocorreu um erro de comunicação.', codigo_erro: 'erro_comunicacao' });
  });

  it('treats an unreadable success body as a transport failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>', { status: 200 })));
    expect(await rpc('alterar_nome', { nome: 'x' })).toEqual({ error: ERRO_COMUNICACAO, codigo_erro: 'erro_comunicacao' });
  });

  it('clears the session on 401 (nao_autenticado)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession();
    mockApi({ pegar_pedidos: { status: 401, body: { error: 'Sessão expirada', codigo_erro: 'nao_autenticado' } } });
    const res = await rpc('pegar_pedidos');
    expect(res).toEqual({ error: 'Sessão expirada', codigo_erro: 'nao_autenticado' });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('keeps the session on other errors', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession();
    mockApi({ loading_admin: { status: 403, body: { error: 'Proibido', codigo_erro: 'sem_permissao' } } });
    await rpc('loading_admin');
    expect(getSession()?.token).toBe(SESSION.token);
  });

  it('keeps a newer session stored while a 401 was in flight', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession();
    mockApi({
      pegar_pedidos: () => {
        storeSession({ ...SESSION, token: 'tok-2' });
        return { status: 401, body: { error: 'Sessão expirada', codigo_erro: 'nao_autenticado' } };
      },
    });
    await rpc('pegar_pedidos');
    expect(getSession()?.token).toBe('tok-2');
  });
});

describe('rpc: what a code means', () => {
  it('maps the statuses a body without a code may come with', () => {
    const cases: [number, ErrorCode][] = [
      [400, 'dados_invalidos'],
      [401, 'nao_autenticado'],
      [403, 'sem_permissao'],
      [404, 'nao_encontrado'],
      [408, 'erro_comunicacao'],
      [409, 'conflito'],
      [413, 'grande_demais'],
      [418, 'dados_invalidos'],
      [422, 'nao_processavel'],
      [429, 'muitas_tentativas'],
      [500, 'erro_interno'],
      [502, 'indisponivel'],
      [503, 'indisponivel'],
      [504, 'indisponivel'],
    ];
    for (const [status, code] of cases) expect(codeOfStatus(status), String(status)).toBe(code);
  });

  it('an unknown outcome is no answer, a rate limit or the server in trouble; a refusal is anything else but a missing session', () => {
    const unknown: ErrorCode[] = ['sem_conexao', 'erro_comunicacao', 'muitas_tentativas', 'indisponivel', 'erro_interno'];
    // Every code the API publishes (generated, never copied by hand) and the client's own.
    const all: ErrorCode[] = [...ERROR_CODES, 'sem_conexao', 'erro_comunicacao'];
    expect(all).toContain('cupom_expirado');
    for (const c of all) expect(outcomeUnknown(c), c).toBe(unknown.includes(c));
    const notRefusals: ErrorCode[] = ['sem_conexao', 'erro_comunicacao', 'nao_autenticado', 'indisponivel', 'erro_interno'];
    for (const c of all) expect(isRefusal({ error: 'x', codigo_erro: c }), c).toBe(!notRefusals.includes(c));
  });
});

describe('rpc: the facts the generated contract gives', () => {
  it('GET_ACTIONS and READ_ACTIONS are the actions marked get and read in Actions', () => {
    // The same facts twice in api.gen.ts: as types (checked here against the values at compile time) and as values.
    type Marked<K extends 'get' | 'read'> = { [C in Codigo]: Actions[C][K] extends true ? C : never }[Codigo];
    const get: readonly Marked<'get'>[] = GET_ACTIONS;
    const read: readonly Marked<'read'>[] = READ_ACTIONS;
    expect(get.length).toBeGreaterThanOrEqual(9);
    // Every GET read changes nothing.
    for (const c of GET_ACTIONS) expect(READ_ACTIONS as readonly string[], c).toContain(c);
    expect(read).toContain('pegar_pedidos');
    expect(read).not.toContain('finalizar_pedido');
    expect(isReadAction('consultar_pagamento')).toBe(true);
    expect(isReadAction('validar_cupom')).toBe(true);
    expect(isReadAction('cancelar_pedido')).toBe(false);
  });

  it('asks every GET action by GET and every other one by POST', async () => {
    const { calls } = mockApi();
    await rpc('pegar_lojas');
    await rpc('pegar_dadosforn', { usuario: 'u1' });
    await rpc('validar_cupom', { userforn: 'u1', cupom: 'X' });
    await rpc('loading_admin');
    expect(calls.map((c) => [c.codigo, c.method])).toEqual([
      ['pegar_lojas', 'GET'],
      ['pegar_dadosforn', 'GET'],
      ['validar_cupom', 'POST'],
      ['loading_admin', 'POST'],
    ]);
  });
});

describe('rpc: the catalogue reads as GET', () => {
  it('asks a public read as GET /api?codigo=… with its fields in the query, sorted, without a token', async () => {
    storeSession();
    const nada = { produtos: [], anuncios: [], nextp: null, nexta: null, categorias: [], palavras: ['maca'] };
    const { calls } = mockApi({ search: { body: nada } });
    expect(await rpc('search', { cidade: 'São Paulo, SP', all: 'maçã', categoria: 'Alimentos' })).toEqual(nada);
    expect(calls[0].method).toBe('GET');
    expect(calls[0].url).toBe('/api?codigo=search&all=ma%C3%A7%C3%A3&categoria=Alimentos&cidade=S%C3%A3o+Paulo%2C+SP');
    expect(calls[0].body).toEqual({ codigo: 'search', all: 'maçã', categoria: 'Alimentos', cidade: 'São Paulo, SP' });
    expect(calls[0].headers.Authorization).toBeUndefined();
  });

  it('takes cached reads normally, but revalidates them for a minute after a change', async () => {
    const { fetchMock } = mockApi();
    await rpc('pegar_lojas');
    expect(fetchMock.mock.calls[0][1]?.cache).toBeUndefined();
    await rpc('pegar_pedidos'); // a read: changes nothing
    await rpc('pegar_lojas');
    expect(fetchMock.mock.calls[2][1]?.cache).toBeUndefined();
    await rpc('habilitar_produto', { item: 'p1' });
    expect(Number(localStorage.getItem(LAST_WRITE_KEY))).toBeGreaterThan(Date.now() - 5000);
    await rpc('pegar_lojas');
    expect(fetchMock.mock.calls[4][1]?.cache).toBe('no-cache');
    localStorage.setItem(LAST_WRITE_KEY, String(Date.now() - READ_YOUR_WRITES_MS - 1));
    await rpc('pegar_lojas');
    expect(fetchMock.mock.calls[5][1]?.cache).toBeUndefined();
  });

  it('does not count a refused change as a change', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ habilitar_produto: { status: 400, body: { error: 'Dados inválidos.', codigo_erro: 'dados_invalidos' } } });
    await rpc('habilitar_produto', { item: 'p1' });
    expect(localStorage.getItem(LAST_WRITE_KEY)).toBeNull();
  });

  it("notes whether the network answered: a read from the service worker's saved copy says it did not", async () => {
    let mark: string | null = SAVED_COPY_STALE;
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"lojas":[]}', { headers: mark ? { [SAVED_COPY_HEADER]: mark } : {} })));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await rpc('pegar_lojas');
    expect(isOffline()).toBe(true);
    // A fresh copy answered while the server is asked in the background changes nothing.
    mark = SAVED_COPY_RECENT;
    await rpc('pegar_lojas');
    expect(isOffline()).toBe(true);
    mark = null;
    await rpc('pegar_lojas');
    expect(isOffline()).toBe(false);
  });

  it('a request that fails in transit says the network did not answer (not an aborted one); an answer ends it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    let up = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (!up) throw new TypeError('Failed to fetch');
        return new Response('{}');
      }),
    );
    const aborted = new AbortController();
    aborted.abort();
    expect(await rpc('finalizar_pedido', PEDIDO, { signal: aborted.signal })).toEqual({ error: ERRO_COMUNICACAO, codigo_erro: 'erro_comunicacao' });
    expect(isOffline()).toBe(false);
    // The first failure is the spec's communication error; once known, a connection is needed.
    expect((await rpc('finalizar_pedido', PEDIDO)).codigo_erro).toBe('erro_comunicacao');
    expect(isOffline()).toBe(true);
    expect(await rpc('finalizar_pedido', PEDIDO)).toEqual({ error: SEM_CONEXAO, codigo_erro: 'sem_conexao' });
    up = true;
    await rpc('cancelar_pedido', { item: 'o1' });
    expect(isOffline()).toBe(false);
  });
});

describe('rpc offline', () => {
  it('does not send an action that needs the server, and says why (sem_conexao)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { fetchMock } = mockApi();
    expect(await rpc('finalizar_pedido', PEDIDO)).toEqual({ error: SEM_CONEXAO, codigo_erro: 'sem_conexao' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('still asks a read (the service worker answers from its saved copy)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { fetchMock } = mockApi({ pegar_lojas: { body: { lojas: [] } } });
    expect(await rpc('pegar_lojas')).toEqual({ lojas: [] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says there is no connection when a read finds nothing offline', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockApi({ pegar_lojas: new TypeError('Failed to fetch') });
    expect(await rpc('pegar_lojas')).toEqual({ error: SEM_CONEXAO, codigo_erro: 'sem_conexao' });
  });
});
