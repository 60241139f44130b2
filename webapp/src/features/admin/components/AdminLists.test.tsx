/**
 * The admin's lists come in pages (keyset cursors, docs/rpc.md 'Lists in pages'): the first page
 * with the count of all, 'Carregar mais' asking the page after the last one shown, until none is
 * left.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import AdminPage from './AdminPage';
import { ADMIN, cliente, fornecedor } from './testing';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

describe('admin lists in pages', () => {
  it("suppliers and customers: 'Carregar mais' brings the next page; the totals count every page", async () => {
    const { calls } = mockApi({
      loading_admin: (body) =>
        body.cursor === 'f2'
          ? { body: { fornecedores: [fornecedor({ usuario: 'u-z', nomeforn: 'Zeca Hortas' })], total: 2 } }
          : { body: { fornecedores: [fornecedor()], total: 2, proximo: 'f2' } },
      pegar_clientes: (body) =>
        body.cursor === 'c2'
          ? { body: { clientes: [cliente({ usuario: 'u3', nome: 'Zélia' })], total: 3 } }
          : { body: { clientes: [cliente(), cliente({ usuario: 'u2', nome: 'Beto' })], total: 3, proximo: 'c2' } },
    });
    renderPage(<AdminPage />, { path: '/admin', user: ADMIN });
    // The first page of all of them.
    expect((await screen.findByTestId('total-fornecedores')).textContent).toBe('1 de 2 fornecedores');
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('Zeca Hortas')).toBeTruthy();
    expect(screen.getByTestId('total-fornecedores').textContent).toBe('2 fornecedores');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Clientes' }));
    expect((await screen.findByTestId('total-clientes')).textContent).toBe('3');
    const items = screen.getByRole('list', { name: 'Clientes' });
    expect(within(items).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(within(items).getAllByRole('listitem')).toHaveLength(3));
    expect(within(items).getByText('Zélia')).toBeTruthy();
    expect(calls.filter((c) => c.codigo === 'pegar_clientes').map((c) => c.body.cursor)).toEqual([undefined, 'c2']);
    expect(calls.filter((c) => c.codigo === 'loading_admin').map((c) => c.body.cursor)).toEqual([undefined, 'f2']);
  });

  it('a search looks in every page: a store found by its CPF, typed without the mask, on a page not shown yet', async () => {
    const { calls } = mockApi({
      loading_admin: (body) =>
        body.cursor === 'f2'
          ? { body: { fornecedores: [fornecedor({ usuario: 'u-z', nomeforn: 'Zeca Hortas', cpf: '529.982.247-25' })], total: 2 } }
          : { body: { fornecedores: [fornecedor()], total: 2, proximo: 'f2' } },
    });
    renderPage(<AdminPage />, { path: '/admin', user: ADMIN });
    expect((await screen.findByTestId('total-fornecedores')).textContent).toBe('1 de 2 fornecedores');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar fornecedores' }), '52998224725');
    expect(await screen.findByText('Zeca Hortas')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('total-fornecedores').textContent).toBe('1 de 2 fornecedores'));
    expect(calls.filter((c) => c.codigo === 'loading_admin').map((c) => c.body.cursor)).toEqual([undefined, 'f2']);
  });
});
