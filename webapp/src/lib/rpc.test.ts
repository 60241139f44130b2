/**
 * The RPC client: body and headers, the answer or its error, the transport error message and the
 * 401 sign-out.
 */
import { describe, expect, it, vi } from 'vitest';
import { mockApi, SESSION, storeSession } from '@/test/fixtures';
import { ERRO_COMUNICACAO, ERRO_GENERICO, rpc, rpcRequest } from './rpc';
import { getSession, SESSION_KEY } from './session';

describe('rpc', () => {
  it('posts {codigo, ...fields} as JSON to /api and returns the parsed answer', async () => {
    const { calls, fetchMock } = mockApi({ pegar_lojas: { body: { lojas: [{ id: '1' }] } } });
    const res = await rpc<{ lojas: { id: string }[] }>('pegar_lojas', { a: 1 });
    expect(res).toEqual({ lojas: [{ id: '1' }] });
    expect(fetchMock).toHaveBeenCalledWith('/api', expect.objectContaining({ method: 'POST' }));
    expect(calls[0].body).toEqual({ codigo: 'pegar_lojas', a: 1 });
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
    await rpc('pegar_lojas');
    expect(calls[0].headers.Authorization).toBe(`Bearer ${SESSION.token}`);
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
