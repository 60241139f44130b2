/**
 * /admin/:urlforn: the public storefront's ready screen for a supplier hidden from the public,
 * asked with `start_site_admin`; the sign-in card for anyone else; not found and load failure.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN } from '@/features/admin/components/testing';
import { dadosforn, produto } from '@/test/catalog';
import { USER, mockApi } from '@/test/fixtures';
import { loadRealCore } from '@/test/realCore';
import { renderPage } from '@/test/render';
import AdminStorefrontPage from './AdminStorefrontPage';

const loadCore = vi.hoisted(() => vi.fn());
vi.mock('@/lib/wasm', () => ({ loadCore }));
vi.mock('@/lib/bag', () => ({
  addToBag: vi.fn(),
  syncBagWith: vi.fn(),
  useBag: () => ({ items: [], count: 0, open: vi.fn() }),
}));
vi.mock('@/components/BagButton', () => ({ BagIcon: () => null, BagButton: () => null }));

const ROUTE = '/admin/:urlforn';

beforeEach(() => {
  loadCore.mockReset().mockImplementation(loadRealCore);
});

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

  it('is view only: the product modal prices the quantity but has no bag, sign-in or add button', async () => {
    mockApi({
      start_site_admin: {
        body: { exist: 1, infos: { paleta: 1 }, dadosforn: { ...dadosforn(), oculto: false }, allprods: [produto({ id: 'p1', titulo: 'alface crespa' })] },
      },
    });
    renderPage(<AdminStorefrontPage />, { path: '/admin/sitio-boa-vista', route: ROUTE, user: ADMIN });
    const loja = await screen.findByTestId('loja');
    expect(within(loja).queryByRole('button', { name: /Meu Pedido/ })).toBeNull();
    expect(within(loja).queryByRole('button', { name: 'Entre ou cadastre-se' })).toBeNull();
    await userEvent.click(within(loja).getByRole('button', { name: /alface crespa/i }));
    const modal = await screen.findByRole('dialog', { name: 'Alface crespa' });
    expect((await within(modal).findByTestId('preco-total')).textContent).toMatch(/^R\$ \d+,\d{2}$/);
    expect(within(modal).queryByRole('button', { name: 'Adicionar ao carrinho' })).toBeNull();
    const antes = within(modal).getByTestId('preco-total').textContent;
    await userEvent.click(within(modal).getByRole('button', { name: 'Aumentar quantidade' }));
    expect(within(modal).getByTestId('preco-total').textContent).not.toBe(antes);
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
