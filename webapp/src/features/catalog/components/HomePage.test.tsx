/**
 * Home: a section per category with 'Ver mais produtos', the empty-region message with 'Mudar
 * região', a reload when the region changes, and no wasm.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { anuncio, produto } from '@/test/catalog';
import { mockApi } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import HomePage from './HomePage';

const loadCore = vi.hoisted(() => vi.fn());
vi.mock('@/lib/wasm', () => ({ loadCore }));

beforeEach(() => {
  loadCore.mockReset();
});

const sections = {
  categorias: ['Alimentos', 'Variedades'],
  produtos: { Alimentos: [produto(), produto({ id: 'p2', titulo: 'couve', precopromo: null, desconto: null, preco: 3 })] },
  anuncios: { Variedades: [anuncio()] },
};

describe('HomePage', () => {
  it("shows the carousel and a section per category with 'Ver mais produtos', loading no wasm", async () => {
    const { calls } = mockApi({ pegar_produtos_anuncios_site: { body: sections } });
    renderPage(<HomePage />, { path: '/' });
    expect(screen.getByRole('heading', { level: 1, name: 'Do campo direto para você' })).toBeTruthy();
    expect(screen.getAllByRole('group', { name: /de 3/ })).toHaveLength(3);

    const alimentos = await screen.findByRole('region', { name: 'Alimentos' });
    expect(within(alimentos).getByRole('link', { name: /Alface crespa/ }).getAttribute('href')).toBe(
      '/detalhes/Alimentos/p1/u1?type=forn',
    );
    expect(within(alimentos).getByText('R$ 3,00')).toBeTruthy();
    expect(within(alimentos).getByRole('link', { name: 'Ver mais produtos' }).getAttribute('href')).toBe(
      '/anuncios?categoria=Alimentos&regiao=Piracicaba%2C%20SP',
    );
    const variedades = screen.getByRole('region', { name: 'Variedades' });
    expect(within(variedades).getByRole('link', { name: /Caixa d'água/ }).getAttribute('href')).toBe(
      '/detalhes/Variedades/a1/u2',
    );
    expect(screen.queryByRole('region', { name: 'Sementes e Mudas' })).toBeNull();

    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ codigo: 'pegar_produtos_anuncios_site', regiao: 'Piracicaba, SP' });
    expect(loadCore).not.toHaveBeenCalled();
  });

  it("shows 'Não há produtos nessa região' with 'Mudar região' when the region is empty", async () => {
    mockApi({ pegar_produtos_anuncios_site: { body: { categorias: [], produtos: {}, anuncios: {} } } });
    const { openRegionDialog } = renderPage(<HomePage />, { path: '/', regiao: 'Recife, PE' });
    expect(await screen.findByText('Não há produtos nessa região: Recife, PE')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mudar região' }));
    expect(openRegionDialog).toHaveBeenCalledTimes(1);
  });

  it('reloads when the region changes', async () => {
    const { calls } = mockApi({
      pegar_produtos_anuncios_site: (body) =>
        body.regiao === 'Piracicaba, SP'
          ? { body: { categorias: [], produtos: {}, anuncios: {} } }
          : { body: sections },
    });
    const { setRegiao } = renderPage(<HomePage />, { path: '/' });
    await screen.findByText('Não há produtos nessa região: Piracicaba, SP');
    setRegiao('Limeira, SP');
    expect(await screen.findByRole('region', { name: 'Alimentos' })).toBeTruthy();
    expect(screen.queryByText(/Não há produtos nessa região/)).toBeNull();
    expect(calls.map((c) => c.body.regiao)).toEqual(['Piracicaba, SP', 'Limeira, SP']);
  });

  it('offers to try again after a failed load', async () => {
    let n = 0;
    mockApi({
      pegar_produtos_anuncios_site: () => (n++ === 0 ? { status: 500, body: { error: 'x' } } : { body: sections }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(<HomePage />, { path: '/' });
    expect(await screen.findByText('Algum erro ocorreu!')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Alimentos' })).toBeTruthy());
  });
});
