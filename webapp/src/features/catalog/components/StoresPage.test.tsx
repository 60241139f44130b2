/**
 * /lojas: 'Criar uma loja', the stores with their city, those serving the visitor's region first
 * and the others under their own heading, in the API's order, each opening in a new tab.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import StoresPage from './StoresPage';

describe('StoresPage', () => {
  it('lists the stores of the region first, then the others under a heading', async () => {
    const { calls } = mockApi({
      pegar_lojas: {
        body: {
          lojas: [
            { id: 'u1', url: 'sitio-boa-vista', nomeforn: 'Sítio Boa Vista', iconeforn: '/media/i.jpg', vendasforn: 120, avaliacao: { media: 4.5, quantidade: 2 }, cidade: 'Piracicaba, SP', atende: true },
            { id: 'u2', url: 'emporio', nomeforn: 'Empório', iconeforn: null, vendasforn: 80, avaliacao: { media: 0, quantidade: 0 }, cidade: null, atende: true },
            { id: 'u3', url: 'viveiro', nomeforn: 'Viveiro', iconeforn: null, vendasforn: 200, avaliacao: { media: 0, quantidade: 0 }, cidade: 'Rio Claro, SP', atende: false },
          ],
        },
      },
    });
    renderPage(<StoresPage />, { path: '/lojas' });
    expect(screen.getByRole('heading', { level: 1, name: 'Lojas' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Criar uma loja' }).getAttribute('href')).toBe('/anunciegratis');
    const first = await screen.findByRole('link', { name: /Sítio Boa Vista/ });
    expect(first.getAttribute('href')).toBe('/sitio-boa-vista');
    expect(first.getAttribute('target')).toBe('_blank');
    expect(first.querySelector('img')!.getAttribute('loading')).toBe('lazy');
    expect(within(first).getByText('Piracicaba, SP')).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Lojas que atendem Piracicaba, SP', 'Lojas de outras regiões']);
    const [aqui, outras] = screen.getAllByRole('list');
    expect(within(aqui).getAllByRole('link').map((a) => a.textContent)).toEqual(['Sítio Boa VistaPiracicaba, SP', 'Empório']);
    expect(within(outras).getAllByRole('link').map((a) => a.textContent)).toEqual(['ViveiroRio Claro, SP']);
    expect(calls.find((c) => c.codigo === 'pegar_lojas')?.body.regiao).toBe('Piracicaba, SP');
  });
});
