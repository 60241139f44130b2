/**
 * /admin/:urlforn: the public storefront's ready screen for a supplier hidden from the public,
 * asked with `start_site_admin`; the sign-in card for anyone else; not found and load failure.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dadosforn, produto } from '@/features/catalog/testing/fixtures';
import { renderPage } from '@/features/catalog/testing/render';
import { USER, mockApi } from '@/test/fixtures';
import AdminStorefrontPage from './AdminStorefrontPage';
import { ADMIN } from './testing';

vi.mock('@/lib/wasm', () => ({ loadCore: vi.fn(() => new Promise(() => {})) }));
vi.mock('@/features/bag/store', () => ({
  addToBag: vi.fn(),
  useBag: () => ({ items: [], count: 0, open: vi.fn() }),
}));
vi.mock('@/features/bag/components/BagButton', () => ({ BagIcon: () => null, BagButton: () => null }));

const ROUTE = '/admin/:urlforn';

describe('AdminStorefrontPage', () => {
  it('shows a hidden store with its products, asked by the path (URL or user id)', async () => {
    const { calls } = mockApi({
      start_site_admin: {
        body: {
          exist: 1,
          infos: { paleta: 2 },
          dadosforn: { ...dadosforn(), oculto: true },
          allprods: [produto({ id: 'p1', titulo: 'alface crespa' }), produto({ id: 'p2', titulo: 'banana prata' })],
        },
      },
    });
    renderPage(<AdminStorefrontPage />, { path: '/admin/demo-joao', route: ROUTE, user: ADMIN });
    const loja = await screen.findByTestId('loja');
    expect(calls.map((c) => c.body)).toEqual([{ codigo: 'start_site_admin', urlforn: 'demo-joao' }]);
    expect(loja.className).toContain('store--p2');
    expect(within(loja).getByPlaceholderText('Pesquisar produtos...')).toBeTruthy();
    expect(within(loja).getByRole('button', { name: /alface crespa/i })).toBeTruthy();
    expect(within(loja).getByRole('button', { name: /banana prata/i })).toBeTruthy();
    expect(screen.getByText('Loja oculta ao público')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar para o painel administrativo' }).getAttribute('href')).toBe('/admin');
  });

  it('shows the sign-in card to anyone but the admin and asks nothing', async () => {
    const { calls } = mockApi();
    renderPage(<AdminStorefrontPage />, { path: '/admin/demo-joao', route: ROUTE, user: USER });
    expect(screen.getByRole('heading', { name: 'Bem-vindo(a)' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows 'Página não encontrada' for no such supplier and 'Algum erro ocorreu!' on failure", async () => {
    mockApi({ start_site_admin: { body: { exist: 0 } } });
    const r = renderPage(<AdminStorefrontPage />, { path: '/admin/ninguem', route: ROUTE, user: ADMIN });
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
    r.unmount();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ start_site_admin: { status: 500, body: { error: 'x' } } });
    renderPage(<AdminStorefrontPage />, { path: '/admin/demo-joao', route: ROUTE, user: ADMIN });
    expect(await screen.findByRole('dialog', { name: 'Algum erro ocorreu!' })).toBeTruthy();
  });
});
