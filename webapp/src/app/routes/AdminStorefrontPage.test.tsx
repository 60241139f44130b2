/**
 * /admin/:urlforn: the public storefront's ready screen for a supplier hidden from the public,
 * asked with `start_site_admin`; the moderation of each of its products (hidden ones too); the
 * sign-in card for anyone else; not found and load failure.
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
          moderacao_produtos: [],
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
        body: { exist: 1, infos: { paleta: 1 }, dadosforn: { ...dadosforn(), oculto: false }, allprods: [produto({ id: 'p1', titulo: 'alface crespa' })], moderacao_produtos: [] },
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

  it('lists every product of the store for the moderation, hides one with a reason and shows a hidden one again', async () => {
    const { calls } = mockApi({
      start_site_admin: {
        body: {
          exist: 1,
          infos: { paleta: 1 },
          dadosforn: { ...dadosforn(), oculto: false },
          allprods: [produto({ id: 'p1', titulo: 'alface crespa' })],
          moderacao_produtos: [
            { id: 'p1', titulo: 'alface crespa', categoria: 'Alimentos', icone: null, desabilitado: false, moderacao: null },
            { id: 'p9', titulo: 'mel falso', categoria: 'Alimentos', icone: null, desabilitado: true, moderacao: 'Produto irregular' },
          ],
        },
      },
      moderar_produto: (body) => ({ body: { oculto: body.oculto === true, alterado: true } }),
    });
    renderPage(<AdminStorefrontPage />, { path: '/admin/demo-joao', route: ROUTE, user: ADMIN });
    const section = await screen.findByRole('region', { name: 'Moderação de produtos' });
    const alface = within(section).getByRole('region', { name: 'Moderação de Alface crespa' });
    const mel = within(section).getByRole('region', { name: 'Moderação de Mel falso' });
    expect(within(section).getByText('Motivo: Produto irregular')).toBeTruthy();
    expect(within(mel).getByText('Oculto pela moderação')).toBeTruthy();

    await userEvent.click(within(alface).getByRole('button', { name: 'Ocultar produto' }));
    const dlg = await screen.findByRole('dialog', { name: 'Ocultar produto?' });
    await userEvent.type(within(dlg).getByRole('textbox'), 'Foto de terceiros');
    await userEvent.click(within(dlg).getByRole('button', { name: 'Ocultar' }));
    await within(alface).findByRole('button', { name: 'Mostrar de novo' });
    expect(calls.find((c) => c.codigo === 'moderar_produto')?.body).toMatchObject({ id: 'p1', oculto: true, motivo: 'Foto de terceiros' });

    await userEvent.click(within(mel).getByRole('button', { name: 'Mostrar de novo' }));
    await within(mel).findByRole('button', { name: 'Ocultar produto' });
    expect(calls.filter((c) => c.codigo === 'moderar_produto').at(-1)?.body).toMatchObject({ id: 'p9', oculto: false });
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
