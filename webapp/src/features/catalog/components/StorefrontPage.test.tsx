/**
 * The public storefront's states (loading, 'Página não encontrada', 'Em manutenção', ready with
 * its palette, load failure) and the ready store: search, sort, categories with 'Todas', product
 * modal (prices from the real wasm-core), a sold-out product ('Esgotado', add disabled, the bag
 * told), info modal, 'Meu Pedido'.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '@/lib/rpc';
import { dadosforn, produto } from '@/test/catalog';
import { USER, mockApi } from '@/test/fixtures';
import { loadRealCore } from '@/test/realCore';
import { renderPage } from '@/test/render';
import StorefrontPage from './StorefrontPage';

const loadCore = vi.hoisted(() => vi.fn());
vi.mock('@/lib/wasm', () => ({ loadCore }));
const bag = vi.hoisted(() => ({ addToBag: vi.fn(), open: vi.fn(), syncBagWith: vi.fn() }));
vi.mock('@/lib/bag', () => ({
  OUTRO_FORNECEDOR: 'Você já possui produtos de outro fornecedor no carrinho',
  addToBag: bag.addToBag,
  syncBagWith: bag.syncBagWith,
  useBag: () => ({ items: [], count: 2, open: bag.open }),
}));
vi.mock('@/components/BagButton', () => ({
  BagIcon: () => null,
  BagButton: () => (
    <button type="button" onClick={bag.open}>
      Sacola
    </button>
  ),
}));

const ROUTE = '/:urlforn';

const PRODUTOS = [
  produto({ id: 'p1', titulo: 'alface crespa', subcategoria: 'Verduras', vendas: 5 }),
  produto({ id: 'p2', titulo: 'banana prata', subcategoria: 'Frutas', vendas: 50, precopromo: null, desconto: null, preco: 6 }),
  produto({ id: 'p3', titulo: 'abóbora', subcategoria: 'Verduras', vendas: 20 }),
];

function pronto(over: Partial<Extract<Answer<'start_site'>, { allprods: unknown }>> = {}) {
  return { exist: 1 as const, infos: { paleta: 3 }, dadosforn: dadosforn(), allprods: PRODUTOS, ...over };
}

const titulos = () =>
  within(screen.getByTestId('loja'))
    .queryAllByRole('button')
    .filter((b) => b.classList.contains('pcard'))
    .map((b) => b.querySelector('.pcard__title')!.textContent);

beforeEach(() => {
  loadCore.mockReset().mockImplementation(loadRealCore);
  bag.addToBag.mockReset().mockReturnValue('added');
  bag.open.mockReset();
  bag.syncBagWith.mockReset();
});

describe('StorefrontPage states', () => {
  it('shows a spinner while loading, then the ready store with its palette', async () => {
    let answer!: (r: Response) => void;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((r) => (answer = r))));
    renderPage(<StorefrontPage />, { path: '/sitio-boa-vista', route: ROUTE });
    expect(screen.getByRole('status').textContent).toBe('Carregando...');
    expect(vi.mocked(fetch).mock.calls[0][0]).toBe('/api?codigo=start_site&urlforn=sitio-boa-vista');
    expect(vi.mocked(fetch).mock.calls[0][1]!.method).toBe('GET');
    answer(new Response(JSON.stringify(pronto()), { headers: { 'Content-Type': 'application/json' } }));
    const loja = await screen.findByTestId('loja');
    expect(loja.className).toContain('store--p3');
    expect(screen.getByRole('button', { name: /Sítio Boa Vista/ })).toBeTruthy();
  });

  it("shows 'Página não encontrada' with a link home when no store has the URL (exist 0)", async () => {
    mockApi({ start_site: { body: { exist: 0 } } });
    renderPage(<StorefrontPage />, { path: '/loja-x', route: ROUTE });
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar para o início' }).getAttribute('href')).toBe('/');
  });

  it('does not ask the API for a path that cannot be a store URL', async () => {
    const { calls } = mockApi();
    renderPage(<StorefrontPage />, { path: '/Loja_X', route: ROUTE });
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows 'Em manutenção' for a hidden supplier", async () => {
    mockApi({ start_site: { body: { exist: 1, manutencao: true, dadosforn: { nomeforn: 'Sítio Boa Vista', iconeforn: null } } } });
    renderPage(<StorefrontPage />, { path: '/sitio-boa-vista', route: ROUTE });
    expect(await screen.findByRole('heading', { name: 'Em manutenção' })).toBeTruthy();
    expect(screen.getByText('Sítio Boa Vista')).toBeTruthy();
  });

  it("says 'Algum erro ocorreu!' when the server cannot load the store", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ start_site: { status: 500, body: { error: 'Erro interno.' } } });
    renderPage(<StorefrontPage />, { path: '/sitio-boa-vista', route: ROUTE });
    expect(await screen.findByRole('dialog', { name: 'Algum erro ocorreu!' })).toBeTruthy();
  });

  it('says a connection is needed when the network did not answer (lib/online.ts)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ start_site: new TypeError('Failed to fetch') });
    renderPage(<StorefrontPage />, { path: '/sitio-boa-vista', route: ROUTE });
    expect(await screen.findByRole('dialog', { name: 'Sem conexão. Conecte-se à internet e tente de novo.' })).toBeTruthy();
  });

  it.each([
    [2, 'store--p2'],
    [5, 'store--p5'],
    [1, null],
  ])('palette %s gives the theme class %s', async (paleta, cls) => {
    mockApi({ start_site: { body: pronto({ infos: { paleta }, dadosforn: dadosforn({ paleta }) }) } });
    renderPage(<StorefrontPage />, { path: '/sitio-boa-vista', route: ROUTE });
    const loja = await screen.findByTestId('loja');
    const temas = [...loja.classList].filter((c) => c.startsWith('store--p'));
    expect(temas).toEqual(cls ? [cls] : []);
  });
});

describe('StorefrontPage ready', () => {
  /** The store's search as the API answers it: 'verdura' finds what its description says. */
  const buscaDaLoja = (body: Record<string, unknown>) => {
    const q = String(body.all).toLowerCase();
    const ids = q.includes('verdura') ? ['p3', 'p1'] : q.includes('abobora') ? ['p3'] : [];
    return { body: { produtos: PRODUTOS.filter((p) => ids.includes(p.id)).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)), anuncios: [], nextp: null, nexta: null, categorias: null, palavras: [] } };
  };

  async function openDialog(user: typeof USER | null = null) {
    mockApi({ start_site: { body: pronto() }, search: buscaDaLoja });
    const r = renderPage(<StorefrontPage />, { path: '/sitio-boa-vista', route: ROUTE, user });
    await screen.findByTestId('loja');
    return r;
  }

  it("sorts by 'Mais vendidos' by default, or 'Alfabética'", async () => {
    const user = userEvent.setup();
    await openDialog();
    expect(titulos()).toEqual(['Banana prata', 'Abóbora', 'Alface crespa']);
    await user.click(screen.getByRole('radio', { name: 'Alfabética' }));
    expect(titulos()).toEqual(['Abóbora', 'Alface crespa', 'Banana prata']);
    await user.click(screen.getByRole('radio', { name: 'Mais vendidos' }));
    expect(titulos()).toEqual(['Banana prata', 'Abóbora', 'Alface crespa']);
  });

  it("filters by the store's categories, with 'Todas'", async () => {
    const user = userEvent.setup();
    await openDialog();
    const cats = within(screen.getByRole('group', { name: 'Categorias' })).getAllByRole('radio');
    expect(cats.map((c) => c.parentElement!.textContent)).toEqual(['Todas', 'Verduras', 'Frutas']);
    await user.click(screen.getByRole('radio', { name: 'Frutas' }));
    expect(titulos()).toEqual(['Banana prata']);
    await user.click(screen.getByRole('radio', { name: 'Todas' }));
    expect(titulos()).toHaveLength(3);
  });

  it("searches with 'Pesquisar produtos...' through the API, in its order", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ start_site: { body: pronto() }, search: buscaDaLoja });
    renderPage(<StorefrontPage />, { path: '/sitio-boa-vista', route: ROUTE });
    await screen.findByTestId('loja');
    const box = screen.getByPlaceholderText('Pesquisar produtos...');
    await user.type(box, 'ABOBORA');
    // At once the titles are filtered here; the API's answer then keeps the same match.
    expect(titulos()).toEqual(['Abóbora']);
    await waitFor(() => expect(calls.some((c) => c.codigo === 'search')).toBe(true));
    expect(calls.find((c) => c.codigo === 'search')!.body).toMatchObject({ all: 'ABOBORA', loja: 'u1' });
    // Words the titles do not have: the API's matches (by description), best first.
    await user.clear(box);
    await user.type(box, 'verduras');
    await waitFor(() => expect(titulos()).toEqual(['Abóbora', 'Alface crespa']));
    await user.clear(box);
    await user.type(box, 'xyz');
    expect(await screen.findByText('Nenhum produto encontrado.')).toBeTruthy();
  });

  it('opens the product modal with wasm-core prices and adds to the bag', async () => {
    const user = userEvent.setup();
    await openDialog();
    await user.click(screen.getByRole('button', { name: /Alface crespa/ }));
    const dlg = await screen.findByRole('dialog', { name: 'Alface crespa' });
    expect(await within(dlg).findByTestId('preco-total')).toBeTruthy();
    expect(within(dlg).getByTestId('quantidade').textContent).toBe('2');
    expect(within(dlg).getByTestId('preco-total').textContent).toBe('R$ 9,00');
    await user.click(within(dlg).getByRole('button', { name: 'Aumentar quantidade' }));
    expect(within(dlg).getByTestId('preco-total').textContent).toBe('R$ 11,70');
    await user.click(within(dlg).getByRole('button', { name: 'Adicionar ao carrinho' }));
    expect(bag.addToBag).toHaveBeenCalledWith(
      expect.objectContaining({ quantidade: 3, opcao: 'Maço', product: expect.objectContaining({ id: 'p1' }) }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Produto adicionado ao carrinho!')).toBeTruthy();
  });

  it("a sold-out product: 'Esgotado' on its card and in its modal, 'Adicionar ao carrinho' disabled; the bag learns it", async () => {
    const user = userEvent.setup();
    const products = [PRODUTOS[0], produto({ id: 'p2', titulo: 'banana prata', estoque: 0, esgotado: true, vendas: 50 })];
    mockApi({ start_site: { body: pronto({ allprods: products }) } });
    renderPage(<StorefrontPage />, { path: '/sitio-boa-vista', route: ROUTE });
    const card = await screen.findByRole('button', { name: /Banana prata/ });
    expect(within(card).getByText('Esgotado')).toBeTruthy();
    expect(within(screen.getByRole('button', { name: /Alface crespa/ })).queryByText('Esgotado')).toBeNull();
    // (The bag learns it in an effect, which may run after the card is shown.)
    await waitFor(() => expect(bag.syncBagWith).toHaveBeenCalledWith(products));
    await user.click(card);
    const dlg = await screen.findByRole('dialog', { name: 'Banana prata' });
    const add = (await within(dlg).findByRole('button', { name: 'Adicionar ao carrinho' })) as HTMLButtonElement;
    expect(within(dlg).getByTestId('esgotado').textContent).toBe('Esgotado');
    expect(add.disabled).toBe(true);
    await user.click(add);
    expect(bag.addToBag).not.toHaveBeenCalled();
  });

  it("keeps the modal and shows the conflict message for another supplier's bag", async () => {
    const user = userEvent.setup();
    bag.addToBag.mockReturnValue('conflict');
    await openDialog();
    await user.click(screen.getByRole('button', { name: /Banana prata/ }));
    const dlg = await screen.findByRole('dialog', { name: 'Banana prata' });
    await user.click(await within(dlg).findByRole('button', { name: 'Adicionar ao carrinho' }));
    expect(screen.getByRole('dialog', { name: 'Você já possui produtos de outro fornecedor no carrinho' })).toBeTruthy();
  });

  it('opens the info modal from the header, with description, phone and instagram', async () => {
    const user = userEvent.setup();
    await openDialog();
    await user.click(screen.getByRole('button', { name: /Sítio Boa Vista/ }));
    const dlg = screen.getByRole('dialog', { name: 'Sítio Boa Vista' });
    expect(dlg.textContent).toContain('Hortaliças orgânicas.');
    expect(within(dlg).getByRole('link', { name: /99876-5432/ }).getAttribute('href')).toBe('https://wa.me/5519998765432');
    expect(within(dlg).getByRole('link', { name: 'Instagram @sitioboavista' })).toBeTruthy();
  });

  it("'Meu Pedido' and the header bag open the bag; the login button signs in", async () => {
    const user = userEvent.setup();
    const { account } = await openDialog();
    await user.click(screen.getByRole('button', { name: /Meu Pedido/ }));
    await user.click(screen.getByRole('button', { name: 'Sacola' }));
    expect(bag.open).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Entre ou cadastre-se' }));
    expect(account.signIn).toHaveBeenCalled();
  });

  it("shows the signed-in user's name", async () => {
    const { account } = await openDialog(USER);
    await userEvent.click(screen.getByRole('button', { name: 'Maria Silva' }));
    expect(account.openAccountMenu).toHaveBeenCalled();
  });
});
