/**
 * /anuncios: first page, 'Carregar mais' with the cursors until an empty page, the category tabs,
 * search on Enter or the icon, the clear button, and a reset on region change.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anuncio, produto } from '@/test/catalog';
import { mockApi } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import AdsPage from './AdsPage';

const primeira = {
  produtos: [produto({ id: 'p1', titulo: 'alface' })],
  anuncios: [anuncio({ id: 'a1', titulo: 'trator' })],
  produtos_lastIds: 'cp1',
  anuncios_lastIds: 'ca1',
};

const cards = () => screen.queryAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/detalhes/'));

describe('AdsPage', () => {
  it("loads more with the cursors and stops at an empty page", async () => {
    const user = userEvent.setup();
    const paginas = [
      { produtos: [produto({ id: 'p2', titulo: 'couve' })], anuncios: [], nextp: 'cp2', nexta: 'ca2' },
      { produtos: [], anuncios: [], nextp: 'cp3', nexta: 'ca3' },
    ];
    const { calls } = mockApi({
      pegar_produtos_anuncios_site2: { body: primeira },
      pegar_produtos_anuncios_local: () => ({ body: paginas.shift()! }),
    });
    renderPage(<AdsPage />, { path: '/anuncios?categoria=Alimentos&regiao=Piracicaba%2C+SP' });
    expect(await screen.findByRole('link', { name: /Alface/ })).toBeTruthy();
    expect(cards()).toHaveLength(2);
    expect(calls[0].body).toEqual({ codigo: 'pegar_produtos_anuncios_site2', regiao: 'Piracicaba, SP', categoria: 'Alimentos' });

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('link', { name: /Couve/ })).toBeTruthy();
    expect(cards()).toHaveLength(3);
    expect(calls[1].body).toEqual({
      codigo: 'pegar_produtos_anuncios_local',
      cidade: 'Piracicaba, SP',
      categoria: 'Alimentos',
      nextp: 'cp1',
      nexta: 'ca1',
    });

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Carregar mais|Carregando/ })).toBeNull());
    expect(calls[2].body).toMatchObject({ nextp: 'cp2', nexta: 'ca2' });
    expect(cards()).toHaveLength(3);
    expect(calls).toHaveLength(3);
  });

  it("shows no 'Carregar mais' when the first page is empty", async () => {
    mockApi({
      pegar_produtos_anuncios_site2: {
        body: { produtos: [], anuncios: [], produtos_lastIds: null, anuncios_lastIds: null },
      },
    });
    renderPage(<AdsPage />, { path: '/anuncios?categoria=Alimentos' });
    expect(await screen.findByText('Não há produtos nessa região: Piracicaba, SP')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('has the four category tabs and reloads for the chosen one', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ pegar_produtos_anuncios_site2: { body: primeira } });
    renderPage(<AdsPage />, { path: '/anuncios?categoria=Alimentos' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Alimentos',
      'Produtos, Coprodutos, Subprodutos',
      'Sementes e Mudas',
      'Variedades',
    ]);
    expect(screen.getByRole('tab', { name: 'Alimentos' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('link', { name: /Alface/ });
    await user.click(screen.getByRole('tab', { name: 'Sementes e Mudas' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].body).toMatchObject({ categoria: 'Sementes e Mudas', regiao: 'Piracicaba, SP' });
    expect(screen.getByRole('tab', { name: 'Sementes e Mudas' }).getAttribute('aria-selected')).toBe('true');
  });

  it('searches every category on Enter and on the icon, and the clear button goes back to the list', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      pegar_produtos_anuncios_site2: { body: primeira },
      search: (body) => ({
        body: {
          produtos: body.all === 'couve' ? [produto({ id: 'p9', titulo: 'couve manteiga' })] : [],
          anuncios: [],
          nextp: null,
          nexta: null,
          categorias: body.all === 'couve' ? [{ categoria: 'Alimentos', produtos: 1, anuncios: 0 }] : [],
          palavras: [String(body.all)],
        },
      }),
    });
    renderPage(<AdsPage />, { path: '/anuncios?categoria=Alimentos' });
    await screen.findByRole('link', { name: /Alface/ });

    const box = screen.getByRole('searchbox', { name: 'Pesquisar' });
    await user.type(box, 'couve{Enter}');
    expect(await screen.findByRole('link', { name: /Couve manteiga/ })).toBeTruthy();
    expect(calls[1].body).toEqual({ codigo: 'search', all: 'couve', cidade: 'Piracicaba, SP' });
    expect(screen.getByTestId('local').textContent).toBe('/anuncios?q=couve');
    expect(screen.getByRole('tab', { name: 'Todas (1)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Alimentos (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Variedades (0)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();

    await user.clear(box);
    await user.type(box, 'nada');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Nenhum produto encontrado.')).toBeTruthy();
    expect(calls[2].body).toMatchObject({ codigo: 'search', all: 'nada' });

    await user.click(screen.getByRole('button', { name: 'Limpar pesquisa' }));
    expect(await screen.findByRole('link', { name: /Alface/ })).toBeTruthy();
    expect((box as HTMLInputElement).value).toBe('');
    expect(calls[3].body.codigo).toBe('pegar_produtos_anuncios_site2');
  });

  it('filters a search by category and loads its next pages with the cursors', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      search: (body) => {
        if (body.nextp === 'cp1') {
          return { body: { produtos: [produto({ id: 'p3', titulo: 'tomate cereja' })], anuncios: [], nextp: null, nexta: null, categorias: null, palavras: ['tomat'] } };
        }
        return {
          body: {
            produtos: [produto({ id: 'p1', titulo: 'tomate italiano' })],
            anuncios: body.categoria ? [] : [anuncio({ id: 'a1', titulo: 'muda de tomate' })],
            nextp: 'cp1',
            nexta: null,
            categorias: [
              { categoria: 'Alimentos', produtos: 2, anuncios: 0 },
              { categoria: 'Sementes e Mudas', produtos: 0, anuncios: 1 },
            ],
            palavras: ['tomat'],
          },
        };
      },
    });
    renderPage(<AdsPage />, { path: '/anuncios?q=tomates' });
    expect(await screen.findByRole('link', { name: /Tomate italiano/ })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Pesquisar' })).toHaveProperty('value', 'tomates');
    expect(screen.getByRole('tab', { name: 'Todas (3)' })).toBeTruthy();
    expect(cards()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('link', { name: /Tomate cereja/ })).toBeTruthy();
    expect(calls[1].body).toEqual({ codigo: 'search', all: 'tomates', cidade: 'Piracicaba, SP', nextp: 'cp1' });
    expect(cards()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Alimentos (2)' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2].body).toEqual({ codigo: 'search', all: 'tomates', cidade: 'Piracicaba, SP', categoria: 'Alimentos' });
    expect(screen.getByTestId('local').textContent).toBe('/anuncios?q=tomates&categoria=Alimentos');
  });

  it("says 'mais de 1.000' when the search counted only its first matches", async () => {
    mockApi({
      search: {
        body: {
          produtos: [produto({ id: 'p1', titulo: 'tomate italiano' })],
          anuncios: [],
          nextp: 'cp1',
          nexta: null,
          categorias: [
            { categoria: 'Alimentos', produtos: 1000, anuncios: 0 },
            { categoria: 'Sementes e Mudas', produtos: 1, anuncios: 0 },
          ],
          contagemparcial: true,
          palavras: ['tomat'],
        },
      },
    });
    renderPage(<AdsPage />, { path: '/anuncios?q=tomate' });
    expect(await screen.findByRole('link', { name: /Tomate italiano/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Todas (mais de 1.000)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Alimentos (1.000+)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sementes e Mudas (1+)' })).toBeTruthy();
  });

  it('resets and reloads for a new region', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      pegar_produtos_anuncios_site2: (body) => ({
        body:
          body.regiao === 'Limeira, SP'
            ? { produtos: [produto({ id: 'p7', titulo: 'laranja' })], anuncios: [], produtos_lastIds: null, anuncios_lastIds: null }
            : primeira,
      }),
      pegar_produtos_anuncios_local: { body: { produtos: [produto({ id: 'p2', titulo: 'couve' })], anuncios: [], nextp: 'x', nexta: null } },
    });
    const { setRegiao } = renderPage(<AdsPage />, { path: '/anuncios?categoria=Alimentos&regiao=Piracicaba%2C+SP' });
    await screen.findByRole('link', { name: /Alface/ });
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await screen.findByRole('link', { name: /Couve/ });

    setRegiao('Limeira, SP');
    expect(await screen.findByRole('link', { name: /Laranja/ })).toBeTruthy();
    expect(cards()).toHaveLength(1);
    expect(calls.at(-1)!.body).toEqual({ codigo: 'pegar_produtos_anuncios_site2', regiao: 'Limeira, SP', categoria: 'Alimentos' });
    expect(screen.getByTestId('local').textContent).toBe('/anuncios?categoria=Alimentos&regiao=Limeira%2C+SP');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });
});
