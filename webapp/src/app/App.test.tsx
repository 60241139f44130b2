/**
 * Routing: the route table's screens, the not-found page for unknown paths, and a first visit to
 * `/` that loads no wasm.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockAnswers } from '@/test/fixtures';
import { App } from './App';

const loadCore = vi.hoisted(() => vi.fn());
vi.mock('@/lib/wasm', () => ({ loadCore }));

function visit(path: string) {
  window.history.pushState({}, '', path);
  return render(<App />);
}

/** The catalogue of an empty region, as the API answers it. */
const VAZIO = {
  pegar_produtos_anuncios_site: { body: { categorias: [], produtos: {}, anuncios: {} } },
  pegar_produtos_anuncios_site2: { body: { produtos: [], anuncios: [], produtos_lastIds: null, anuncios_lastIds: null } },
  pegar_lojas: { body: { lojas: [] } },
} satisfies MockAnswers;

beforeEach(() => {
  mockApi(VAZIO);
});

describe('routes', () => {
  it('home shows header, footer and a heading, and loads no wasm', async () => {
    visit('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Do campo direto para você' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cadastre-se ou Faça login' })).toBeTruthy();
    expect(screen.getByTestId('regiao-atual').textContent).toBe('Piracicaba, SP');
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'contato@feira.agr.br' })).toBeTruthy();
    expect(loadCore).not.toHaveBeenCalled();
    const urls = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    await waitFor(() => expect(urls()).toEqual(['/api?codigo=pegar_produtos_anuncios_site&regiao=Piracicaba%2C+SP']));
  });

  it.each(['/a/b/c', '/termos/x', '/painel/perfil/u/extra', '/detalhes/x'])('%s is not found', async (path) => {
    visit(path);
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar para o início' }).getAttribute('href')).toBe('/');
  });

  it.each([
    ['/termos', 'Termos e condições de uso'],
    ['/privacidade', 'Política de privacidade'],
    ['/links', 'Feira'],
    ['/anunciegratis', 'Anuncie grátis na Feira'],
    ['/lojas', 'Lojas'],
    ['/anuncios?categoria=Alimentos', 'Anúncios'],
    ['/blockchain', 'Registro em blockchain'],
    ['/verificar/tx123', 'Verificar registro'],
    // Signed out: the panel is not found, the admin area shows its sign-in card.
    ['/painel/loja-x', 'Página não encontrada'],
    ['/admin', 'Bem-vindo(a)'],
    ['/admin/loja-x', 'Bem-vindo(a)'],
  ])('%s shows %s', async (path, heading) => {
    visit(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it.each([
    ['/detalhes/Alimentos/abc/loja-x?type=forn', 'pegar_produto_url_site', { status: 404, body: { error: 'x' } }],
    ['/detalhes/Alimentos/abc/u1', 'pegar_anuncio_url_site', { status: 404, body: { error: 'x' } }],
    ['/loja-x', 'start_site', { body: { exist: 0 } }],
  ])('%s asks %s and is not found when the API knows nothing', async (path, codigo, answer) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    loadCore.mockReturnValue(new Promise(() => {}));
    const { calls } = mockApi({ [codigo]: answer });
    visit(path);
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
    expect(calls.map((c) => c.codigo)).toContain(codigo);
  });

  it('a path that cannot be a store URL is not found', async () => {
    visit('/Loja_X');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
  });

  it("another user's profile panel is not found", async () => {
    visit('/painel/perfil/alguem');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
  });

  it('the terms state the 5-day window to object', async () => {
    visit('/termos');
    await screen.findByRole('heading', { level: 1, name: 'Termos e condições de uso' });
    expect(document.body.textContent).toContain('5 (cinco) dias');
  });

  it('scrolls to the top on navigation', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    visit('/lojas');
    await screen.findByRole('heading', { level: 1, name: 'Lojas' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
