/**
 * /lojas: 'Criar uma loja', the stores in the API's order (by sales), each opening in a new tab.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import StoresPage from './StoresPage';

describe('StoresPage', () => {
  it('lists the stores as the API sorts them, each linking to /{url} in a new tab', async () => {
    mockApi({
      pegar_lojas: {
        body: {
          lojas: [
            { id: 'u1', url: 'sitio-boa-vista', nomeforn: 'Sítio Boa Vista', iconeforn: '/media/i.jpg', vendasforn: 120, avaliacao: { media: 4.5, quantidade: 2 } },
            { id: 'u3', url: 'horta-da-ana', nomeforn: 'Horta da Ana', iconeforn: null, vendasforn: 7, avaliacao: { media: 0, quantidade: 0 } },
          ],
        },
      },
    });
    renderPage(<StoresPage />, { path: '/lojas' });
    expect(screen.getByRole('heading', { level: 1, name: 'Lojas' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Criar uma loja' }).getAttribute('href')).toBe('/anunciegratis');
    const first = await screen.findByRole('link', { name: 'Sítio Boa Vista' });
    const links = screen.getAllByRole('listitem').map((li) => li.querySelector('a')!);
    expect(links.map((a) => a.textContent)).toEqual(['Sítio Boa Vista', 'Horta da Ana']);
    expect(first.getAttribute('href')).toBe('/sitio-boa-vista');
    expect(first.getAttribute('target')).toBe('_blank');
    expect(first.querySelector('img')!.getAttribute('loading')).toBe('lazy');
  });
});
