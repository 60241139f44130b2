/**
 * The RPC client: body and headers, the answer or its error, the transport error message and the
 * 401 sign-out; the catalogue reads as GET (read your own writes, the saved copy); offline.
 */
import { describe, expect, it, vi } from 'vitest';
import { mockApi, SESSION, storeSession } from '@/test/fixtures';
import { SAVED_COPY_HEADER, SAVED_COPY_RECENT, SAVED_COPY_STALE } from './cacheable';
import { isOffline, SEM_CONEXAO } from './online';
import { ERRO_COMUNICACAO, ERRO_GENERICO, LAST_WRITE_KEY, READ_YOUR_WRITES_MS, rpc, rpcRequest } from './rpc';
import { getSession, SESSION_KEY } from './session';

describe('rpc', () => {
  it('posts {codigo, ...fields} as JSON to /api and returns the parsed answer', async () => {
    const { calls, fetchMock } = mockApi({ pegar_pedidos: { body: { pedidos: 1 } } });
    const res = await rpc<{ pedidos: number }>('pegar_pedidos', { a: 1 });
    expect(res).toEqual({ pedidos: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api', expect.objectContaining({ method: 'POST' }));
    expect(calls[0].body).toEqual({ codigo: 'pegar_pedidos', a: 1 });
    expect(calls[0].headers['Content-Type']).toBe('application/json');
  });

  it('does not let a field override codigo', async () => {
    const { calls } = mockApi();
    await rpc('x', { codigo: 'y' });
    expect(calls[0].body.codigo).toBe('x');
  });

  it('sends no Authorization header when signed out', async () => {
    const { calls } = mockApi();
    await rpc('pegar_lojas');
    expect(calls[0].headers.Authorization).toBeUndefined();
  });

  it('sends the bearer token when signed in', async () => {
    storeSession();
    const { calls } = mockApi();
    await rpc('pegar_pedidos');
    expect(calls[0].headers.Authorization).toBe(`Bearer ${SESSION.token}`);
  });

  it('adds the caller\'s headers to a POST (an Idempotency-Key), never replacing its own', async () => {
    storeSession();
    const { calls } = mockApi();
    await rpc('finalizar_pedido', {}, { headers: { 'Idempotency-Key': 'k-1', Authorization: 'Bearer forjado', 'content-type': 'text/plain' } });
    expect(calls[0].headers['Idempotency-Key']).toBe('k-1');
    expect(calls[0].headers.Authorization).toBe(`Bearer ${SESSION.token}`);
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[0].headers['content-type']).toBeUndefined();
  });

  it("returns the server's error field with the status", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ alterar_nome: { status: 400, body: { error: 'Nome inválido' } } });
    expect(await rpcRequest('alterar_nome', { nome: '' })).toEqual({ status: 400, data: { error: 'Nome inválido' } });
  });

  it('supplies a generic error when a failure has no error field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ x: { status: 500, body: {} } });
    expect(await rpc('x')).toEqual({ error: ERRO_GENERICO });
  });

  it("returns {error: 'Ocorreu um erro de comunicação.'} on a transport failure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ x: new TypeError('Failed to fetch') });
    expect(ERRO_COMUNICACAO).toBe('Ocorreu um erro de comunicação.');
    expect(await rpcRequest('x')).toEqual({ status: 0, data: { error: 'Ocorreu um erro de comunicação.' } });
  });

  it('treats an unreadable success body as a transport failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>', { status: 200 })));
    expect(await rpc('x')).toEqual({ error: ERRO_COMUNICACAO });
  });

  it('clears the session on 401', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession();
    mockApi({ pegar_pedidos: { status: 401, body: { error: 'Sessão expirada' } } });
    const res = await rpc('pegar_pedidos');
    expect(res.error).toBe('Sessão expirada');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('keeps the session on other errors', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession();
    mockApi({ x: { status: 403, body: { error: 'Proibido' } } });
    await rpc('x');
    expect(getSession()?.token).toBe(SESSION.token);
  });

  it('keeps a newer session stored while a 401 was in flight', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession();
    mockApi({
      x: () => {
        storeSession({ ...SESSION, token: 'tok-2' });
        return { status: 401, body: { error: 'Sessão expirada' } };
      },
    });
    await rpc('x');
    expect(getSession()?.token).toBe('tok-2');
  });
});

describe('rpc: the catalogue reads as GET', () => {
  it('asks a public read as GET /api?codigo=… with its fields in the query, sorted, without a token', async () => {
    storeSession();
    const { calls } = mockApi({ search: { body: { produtos: [], anuncios: [] } } });
    expect(await rpc('search', { cidade: 'São Paulo, SP', all: 'maçã', categoria: 'Alimentos', nada: null })).toEqual({
      produtos: [],
      anuncios: [],
    });
    expect(calls[0].method).toBe('GET');
    expect(calls[0].url).toBe('/api?codigo=search&all=ma%C3%A7%C3%A3&categoria=Alimentos&cidade=S%C3%A3o+Paulo%2C+SP');
    expect(calls[0].body).toEqual({ codigo: 'search', all: 'maçã', categoria: 'Alimentos', cidade: 'São Paulo, SP' });
    expect(calls[0].headers.Authorization).toBeUndefined();
  });

  it('keeps the coupon check (and every other action) a POST', async () => {
    const { calls } = mockApi();
    await rpc('validar_cupom', { userforn: 'u1', cupom: 'X' });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].url).toBe('/api');
  });

  it('takes cached reads normally, but revalidates them for a minute after a change', async () => {
    const { fetchMock } = mockApi();
    await rpc('pegar_lojas');
    expect(fetchMock.mock.calls[0][1]?.cache).toBeUndefined();
    await rpc('pegar_pedidos'); // a read: changes nothing
    await rpc('pegar_lojas');
    expect(fetchMock.mock.calls[2][1]?.cache).toBeUndefined();
    await rpc('editar_produto_site', { id: 'p1' });
    expect(Number(localStorage.getItem(LAST_WRITE_KEY))).toBeGreaterThan(Date.now() - 5000);
    await rpc('pegar_lojas');
    expect(fetchMock.mock.calls[4][1]?.cache).toBe('no-cache');
    localStorage.setItem(LAST_WRITE_KEY, String(Date.now() - READ_YOUR_WRITES_MS - 1));
    await rpc('pegar_lojas');
    expect(fetchMock.mock.calls[5][1]?.cache).toBeUndefined();
  });

  it('does not count a refused change as a change', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ editar_produto_site: { status: 400, body: { error: 'Dados inválidos.' } } });
    await rpc('editar_produto_site');
    expect(localStorage.getItem(LAST_WRITE_KEY)).toBeNull();
  });

  it("notes whether the network answered: a read from the service worker's saved copy says it did not", async () => {
    let mark: string | null = SAVED_COPY_STALE;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"lojas":[]}', { headers: mark ? { [SAVED_COPY_HEADER]: mark } : {} })),
    );
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
    expect((await rpcRequest('finalizar_pedido', {}, { signal: aborted.signal })).data.error).toBe(ERRO_COMUNICACAO);
    expect(isOffline()).toBe(false);
    // The first failure is the spec's communication error; once known, a connection is needed.
    expect((await rpcRequest('finalizar_pedido', {})).data.error).toBe(ERRO_COMUNICACAO);
    expect(isOffline()).toBe(true);
    expect((await rpcRequest('finalizar_pedido', {})).data.error).toBe(SEM_CONEXAO);
    up = true;
    await rpc('cancelar_pedido', {});
    expect(isOffline()).toBe(false);
  });
});

describe('rpc offline', () => {
  it('does not send an action that needs the server, and says why', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { fetchMock } = mockApi();
    expect(await rpcRequest('finalizar_pedido', {})).toEqual({ status: 0, data: { error: SEM_CONEXAO } });
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
    expect(await rpcRequest('pegar_lojas')).toEqual({ status: 0, data: { error: SEM_CONEXAO } });
  });
});

