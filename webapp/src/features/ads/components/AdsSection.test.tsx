/**
 * The profile's Anúncios section with the RPC mocked: 'Carregando anúncios...', the seven filter
 * buttons, the options sheet and the removal after 'Remover anúncio?'.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatusDialogProvider } from '@/components/status-dialog';
import { mockApi, storeSession, USER } from '@/test/fixtures';
import { anuncio } from '@/test/catalog';
import type { Anuncio } from '@/types/wire';
import { AdsSection } from './AdsSection';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

const ad = (id: string, titulo: string, categoria: string): Anuncio =>
  anuncio({ id, idnormal: id, usuario: USER.usuario, categoria, titulo, descricao: null, preco: 12.5, icone: null, fotos: {} });
const ADS = [ad('a1', 'queijo minas', 'Alimentos'), ad('a2', 'esterco curtido', 'Produtos, Coprodutos, Subprodutos'), ad('a3', 'muda de ipê', 'Sementes e Mudas')];

function show() {
  render(
    <StatusDialogProvider>
      <AdsSection user={USER} />
    </StatusDialogProvider>,
  );
}

const titles = () => screen.queryAllByRole('button').map((b) => b.querySelector('strong')?.textContent).filter(Boolean);

describe('Anúncios section', () => {
  it('loads, filters by category and offers the options', async () => {
    storeSession();
    mockApi({ pegar_anuncios: { body: { anuncios: ADS } } });
    const user = userEvent.setup();
    show();
    expect(screen.getByText('Carregando anúncios...')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Seus anúncios' })).toBeTruthy();
    await screen.findByText('Queijo minas');
    const filters = within(screen.getByRole('group', { name: 'Filtrar por categoria' })).getAllByRole('button');
    expect(filters.map((b) => b.textContent)).toEqual(['Todos', 'Alimentos', 'Produtos', 'Coprodutos', 'Subprodutos', 'Sementes e Mudas', 'Variedades']);
    expect(titles()).toEqual(['Queijo minas', 'Esterco curtido', 'Muda de ipê']);
    await user.click(screen.getByRole('button', { name: 'Coprodutos' }));
    expect(titles()).toEqual(['Esterco curtido']);
    await user.click(screen.getByRole('button', { name: 'Variedades' }));
    expect(screen.getByText('Nenhum anúncio encontrado.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Todos' }));
    await user.click(screen.getByText('Muda de ipê'));
    const sheet = screen.getByRole('dialog', { name: 'Muda de ipê' });
    const view = within(sheet).getByRole('link', { name: 'Visualizar anúncio' });
    expect(view.getAttribute('href')).toBe(`/detalhes/Sementes%20e%20Mudas/a3/${USER.usuario}`);
    expect(view.getAttribute('target')).toBe('_blank');
    expect(within(sheet).getByRole('button', { name: 'Editar anúncio' })).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: 'Adicionar fotos' })).toBeTruthy();
  });

  it('removes an ad after confirming', async () => {
    storeSession();
    const { calls } = mockApi({ pegar_anuncios: { body: { anuncios: ADS } }, excluir_anuncio: { body: { ok: true } } });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByText('Queijo minas'));
    await user.click(screen.getByRole('button', { name: 'Remover anúncio' }));
    const confirm = screen.getByRole('dialog', { name: 'Remover anúncio?' });
    await user.click(within(confirm).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(screen.queryByText('Queijo minas')).toBeNull());
    expect(calls.find((c) => c.codigo === 'excluir_anuncio')?.body).toMatchObject({ item: { id: 'a1' } });
    expect(titles()).toEqual(['Esterco curtido', 'Muda de ipê']);
  });
});
