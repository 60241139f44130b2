/**
 * Product detail: a supplier product (buying panel with the real wasm-core, seller card) and a
 * direct ad ('Falar com o anunciante' with 55); the breadcrumb; a missing item is not found, a
 * disabled one 'Indisponível', a sold-out one 'Esgotado'; the photos and title before wasm-core
 * has arrived.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { anuncio, dadosforn, produto } from '@/test/catalog';
import { mockApi } from '@/test/fixtures';
import { loadRealCore } from '@/test/realCore';
import { renderPage } from '@/test/render';
import ProductDetailPage from './ProductDetailPage';

const loadCore = vi.hoisted(() => vi.fn());
vi.mock('@/lib/wasm', () => ({ loadCore }));
const syncBagWith = vi.hoisted(() => vi.fn());
vi.mock('@/lib/bag', () => ({
  OUTRO_FORNECEDOR: 'Você já possui produtos de outro fornecedor no carrinho',
  addToBag: vi.fn(() => 'added'),
  syncBagWith,
  useBag: () => ({ items: [], count: 0, open: vi.fn() }),
}));

const ROUTE = '/detalhes/:categoria/:id/:userforn';

/** The main photo has loaded (jsdom loads no image): the page then fetches wasm-core. */
function photoLoaded(name: string) {
  fireEvent.load(screen.getByRole('img', { name }));
}

beforeEach(() => {
  loadCore.mockReset().mockImplementation(loadRealCore);
  syncBagWith.mockReset();
});

describe('ProductDetailPage', () => {
  it('shows the photos and the title while wasm-core arrives, then the prices in the same places', async () => {
    let arrive!: () => void;
    loadCore.mockReset().mockImplementation(() => new Promise((r) => (arrive = () => r(loadRealCore()))));
    mockApi({ pegar_produto_url_site: { body: { item: { ...produto(), dadosforn: dadosforn() } } } });
    renderPage(<ProductDetailPage />, { path: '/detalhes/Alimentos/p1/u1?type=forn', route: ROUTE });
    const title = await screen.findByRole('heading', { level: 1, name: 'Alface crespa' });
    const photo = screen.getByRole('img', { name: 'Alface crespa' });
    expect(screen.getByRole('status').textContent).toBe('Carregando...');
    expect(screen.queryByTestId('preco-total')).toBeNull();
    // wasm-core waits for the main photo, so its download does not compete with it.
    expect(loadCore).not.toHaveBeenCalled();
    photoLoaded('Alface crespa');
    expect(loadCore).toHaveBeenCalledTimes(1);
    arrive();
    expect(await screen.findByTestId('preco-total')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Alface crespa' }).className).toBe(title.className);
    expect(screen.getByRole('img', { name: 'Alface crespa' }).getAttribute('src')).toBe(photo.getAttribute('src'));
  });

  it('shows a supplier product with its buying panel and seller card', async () => {
    const { calls } = mockApi({
      pegar_produto_url_site: { body: { item: { ...produto({ minimo: 2 }), dadosforn: dadosforn() } } },
    });
    renderPage(<ProductDetailPage />, { path: '/detalhes/Alimentos/p1/u1?type=forn', route: ROUTE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alface crespa' })).toBeTruthy();
    photoLoaded('Alface crespa');
    // Ids are unique: the id alone is asked (the URL's store and category are for people).
    expect(calls[0].body).toEqual({ codigo: 'pegar_produto_url_site', id: 'p1' });

    const trail = screen.getByRole('navigation', { name: 'Trilha' });
    expect(trail.textContent).toBe('Início / Anúncios / Alimentos');
    expect(within(trail).getByRole('link', { name: 'Anúncios' }).getAttribute('href')).toBe(
      '/anuncios?categoria=Alimentos&regiao=Piracicaba%2C%20SP',
    );

    expect((await screen.findByTestId('quantidade')).textContent).toBe('2');
    expect(screen.getByTestId('preco-total').textContent).toBe('R$ 9,00');
    expect(screen.getAllByRole('button', { name: /Imagem \d de 2/ })).toHaveLength(2);

    const seller = screen.getByRole('complementary', { name: 'Vendedor' });
    expect(within(seller).getByRole('heading', { name: 'Sítio Boa Vista' })).toBeTruthy();
    expect(seller.textContent).toContain('Entrega, Retirada no local');
    expect(seller.textContent).toContain('Presencial, Pix');
    expect(within(seller).getByTestId('taxa-entrega').textContent).toBe('R$ 7,50');
    expect(seller.textContent).toContain('Entregamos às terças.');
    expect(seller.textContent).toContain('Retire no sítio.');
    expect(seller.textContent).toContain('Hortaliças orgânicas.');
    expect(within(seller).getByRole('link', { name: 'Instagram @sitioboavista' }).getAttribute('href')).toBe(
      'https://instagram.com/sitioboavista',
    );
    expect(within(seller).getByRole('link', { name: /99876-5432/ }).getAttribute('href')).toBe('https://wa.me/5519998765432');
    expect(within(seller).getByRole('link', { name: 'Acessar Loja' }).getAttribute('href')).toBe('/sitio-boa-vista');
  });

  it("takes the supplier from the product's answer (one read); a per-km fee needs an address", async () => {
    const d = dadosforn();
    d.extensoes.delivery = { ...d.extensoes.delivery, taxaTipo: 'porKm', taxaentrega: null, taxaPorKm: 2.5 };
    const { calls } = mockApi({ pegar_produto_url_site: { body: { item: { ...produto({ status: true }), dadosforn: d } } } });
    renderPage(<ProductDetailPage />, { path: '/detalhes/Alimentos/p1/u1?type=forn', route: ROUTE });
    await screen.findByRole('heading', { level: 1, name: 'Alface crespa' });
    photoLoaded('Alface crespa');
    expect((await screen.findByTestId('indisponivel')).textContent).toBe('Indisponível');
    expect(calls.map((c) => c.codigo)).toEqual(['pegar_produto_url_site']);
    expect(screen.getByTestId('taxa-entrega').textContent).toBe('Cadastre seu endereço para calcular (R$ 2,50 por km)');
  });

  it("a product its supplier disabled is 'Indisponível': title, photo and store, no buying panel", async () => {
    const item = { ...produto({ status: true }), dadosforn: dadosforn() };
    mockApi({ pegar_produto_url_site: { body: { item } } });
    renderPage(<ProductDetailPage />, { path: '/detalhes/Alimentos/p1/u1?type=forn', route: ROUTE });
    await screen.findByRole('heading', { level: 1, name: 'Alface crespa' });
    photoLoaded('Alface crespa');
    expect((await screen.findByTestId('indisponivel')).textContent).toBe('Indisponível');
    expect(screen.queryByRole('heading', { name: 'Página não encontrada' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Alface crespa' })).toBeTruthy();
    const seller = screen.getByRole('complementary', { name: 'Vendedor' });
    expect(within(seller).getByRole('heading', { name: 'Sítio Boa Vista' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Adicionar ao carrinho' })).toBeNull();
    expect(screen.queryByTestId('preco-total')).toBeNull();
    // The bag learns it: a line of this product now blocks the checkout.
    // (In an effect, which may run after the page is shown.)
    await waitFor(() => expect(syncBagWith).toHaveBeenCalledWith([item]));
  });

  it("a sold-out product says 'Esgotado' and cannot be added", async () => {
    mockApi({ pegar_produto_url_site: { body: { item: { ...produto({ estoque: 0, esgotado: true }), dadosforn: dadosforn() } } } });
    renderPage(<ProductDetailPage />, { path: '/detalhes/Alimentos/p1/u1?type=forn', route: ROUTE });
    await screen.findByRole('heading', { level: 1, name: 'Alface crespa' });
    photoLoaded('Alface crespa');
    expect((await screen.findByTestId('esgotado')).textContent).toBe('Esgotado');
    expect((screen.getByRole('button', { name: 'Adicionar ao carrinho' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a removed product stays not found', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ pegar_produto_url_site: { status: 404, body: { error: 'Produto não encontrado' } } });
    renderPage(<ProductDetailPage />, { path: '/detalhes/Alimentos/zz/u1?type=forn', route: ROUTE });
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
    expect(screen.queryByTestId('indisponivel')).toBeNull();
  });

  it("shows a direct ad with 'Falar com o anunciante'", async () => {
    const { calls } = mockApi({ pegar_anuncio_url_site: { body: { item: anuncio() } } });
    renderPage(<ProductDetailPage />, { path: '/detalhes/Variedades/a1/u2', route: ROUTE });
    expect(await screen.findByRole('heading', { level: 1, name: "Caixa d'água" })).toBeTruthy();
    // No photo: wasm-core is fetched at once.
    expect(calls[0].body).toEqual({ codigo: 'pegar_anuncio_url_site', id: 'a1' });
    expect((await screen.findByTestId('preco-anuncio')).textContent).toBe('R$ 350,00');
    expect(screen.getByTestId('publicado').textContent).toBe('21/11/2026');
    expect(screen.getByText('Maria Oliveira')).toBeTruthy();
    expect(screen.getByText('Limeira, SP')).toBeTruthy();
    expect(screen.getByText('Caixa de 500 litros.')).toBeTruthy();
    const wa = screen.getByRole('link', { name: 'Falar com o anunciante' });
    expect(wa.getAttribute('href')).toBe('https://wa.me/5519981234567');
    expect(wa.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('button', { name: 'Adicionar ao carrinho' })).toBeNull();
  });

  it('is not found when the API does not know the item', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ pegar_anuncio_url_site: { status: 404, body: { error: 'Anúncio não encontrado' } } });
    renderPage(<ProductDetailPage />, { path: '/detalhes/Variedades/zz/u2', route: ROUTE });
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
  });
});
