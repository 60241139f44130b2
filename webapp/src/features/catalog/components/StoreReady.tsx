/**
 * A ready storefront: header with the store's logo and name (opens the info modal), the sign-in
 * button ('Entre ou cadastre-se' or the user's name) and the bag button; the search 'Pesquisar
 * produtos...' (the API's full-text search within the store, `useStoreSearch`, its best matches
 * first; the titles filtered here while it answers or when it cannot); the side filter menu (sort 'Mais vendidos' / 'Alfabética', the store's categories
 * with 'Todas'); the product grid; the product modal; the floating 'Meu Pedido'. Palettes 2 to 5
 * change the theme colours.
 *
 * Prices in the product modal come from wasm-core, loaded with the store. A sold-out product's
 * card and modal say 'Esgotado' (its add button disabled). The store's products bring the bag's
 * lines of this store up to date (sold out, unavailable, prices): the bag learns from what the
 * page read anyway.
 */
import { useEffect, useMemo, useReducer } from 'react';
import { Link } from 'react-router-dom';
import { BagButton, BagIcon } from '@/components/BagButton';
import { Dialog } from '@/components/Dialog';
import { WhatsAppIcon } from '@/components/icons';
import { Loading } from '@/components/LoadStates';
import { StoreIcon } from '@/components/StoreIcon';
import { displayName, useAccount } from '@/hooks/useAccount';
import { useCore } from '@/hooks/useCore';
import { usePageTitle } from '@/hooks/usePageTitle';
import { syncBagWith, useBag } from '@/lib/bag';
import { capitalizeWords, instagramHandle, instagramUrl, whatsappUrl } from '@/lib/display';
import { ERRO_GENERICO } from '@/lib/rpc';
import type { DadosForn, Produto } from '@/types/wire';
import { useStoreSearch } from '../useStoreSearch';
import { ProductCard } from './ProductCard';
import { ProductPurchase } from './ProductPurchase';
import { StoreReviews, type StoreReviewsProps } from './StoreReviews';
import { ShareButton } from './ShareButton';
import { ALL_CATEGORIES, INITIAL_VIEW, reduceStorefront, type SortOrder } from './storefrontState';
import '../storefront.css';

export { ALL_CATEGORIES, type SortOrder };

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The grid's products: matching the search text and the category, in the chosen order. `found`
 * are the search's matches from the API, best first (null: filter the titles here); 'Mais
 * vendidos' keeps the search's order while searching.
 */
export function filterProducts(
  products: Produto[],
  search: string,
  category: string,
  sort: SortOrder,
  found: string[] | null = null,
): Produto[] {
  const q = fold(search.trim());
  const rank = new Map((found ?? []).map((id, i) => [id, i]));
  const matches = (p: Produto) => (!q ? true : found ? rank.has(p.id) : fold(p.titulo).includes(q));
  const out = products.filter((p) => !p.status && matches(p) && (category === ALL_CATEGORIES || p.subcategoria === category));
  if (sort === 'alfabetica') return out.sort((a, b) => a.titulo.localeCompare(b.titulo, 'pt-BR'));
  if (q && found) return out.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
  return out.sort((a, b) => (b.vendas ?? 0) - (a.vendas ?? 0));
}

export interface StoreReadyProps {
  dadosforn: DadosForn;
  produtos: Produto[];
  paleta: number | null;
  /** View only (the admin's storefront, /admin/{urlforn}): no sign-in, bag or add-to-bag. */
  somenteVer?: boolean;
  /** What the admin may do with each review (StoreReviews). */
  acoesAvaliacao?: StoreReviewsProps['acoes'];
}

export function StoreReady({ dadosforn: d, produtos, paleta, somenteVer = false, acoesAvaliacao }: StoreReadyProps) {
  usePageTitle(d.nomeforn);
  const { user, signIn, openAccountMenu } = useAccount();
  const bag = useBag();
  const { core, failed } = useCore();
  const [view, dispatch] = useReducer(reduceStorefront, INITIAL_VIEW);
  const { search, sort, category, filtersOpen, open, added } = view;
  const selected = open.kind === 'product' ? open.product : null;
  const close = () => dispatch({ type: 'close' });

  useEffect(() => {
    if (!somenteVer) syncBagWith(produtos);
  }, [produtos, somenteVer]);

  const categorias = Object.keys(d.extensoes?.categorias ?? {});
  const found = useStoreSearch(d.usuario, search);
  const items = useMemo(
    () => filterProducts(produtos, search, category, sort, found),
    [produtos, search, category, sort, found],
  );
  const tema = paleta != null && paleta >= 2 && paleta <= 5 ? ` store--p${paleta}` : '';

  return (
    <div className={`store${tema}`} data-testid="loja">
      <header className="store__header">
        <div className="store__header-inner container">
          <button type="button" className="store__brand" onClick={() => dispatch({ type: 'openInfo' })} aria-haspopup="dialog">
            <StoreIcon src={d.iconeforn} size={44} />
            <span className="store__name">{d.nomeforn}</span>
          </button>
          {!somenteVer && (
            <div className="store__actions">
              {user ? (
                <button type="button" className="store__login" onClick={openAccountMenu}>
                  {displayName(user)}
                </button>
              ) : (
                <button type="button" className="store__login" onClick={signIn}>
                  Entre ou cadastre-se
                </button>
              )}
              <BagButton className="store__bag" />
            </div>
          )}
        </div>
      </header>

      <div className="container store__body">
        <h1 className="sr-only">{d.nomeforn}</h1>
        <StoreReviews userforn={d.usuario} avaliacao={d.avaliacao} acoes={acoesAvaliacao} />
        <div className="store__toolbar">
          <input
            className="input store__search"
            type="search"
            placeholder="Pesquisar produtos..."
            aria-label="Pesquisar produtos"
            value={search}
            onChange={(e) => dispatch({ type: 'search', search: e.target.value })}
          />
          <button
            type="button"
            className="btn btn--ghost store__filter-toggle"
            aria-expanded={filtersOpen}
            aria-controls="filtros-loja"
            onClick={() => dispatch({ type: 'toggleFilters' })}
          >
            Filtros
          </button>
          {!somenteVer && d.url && (
            <ShareButton path={`/${encodeURIComponent(d.url)}`} titulo={d.nomeforn} texto={`${d.nomeforn}, na Feira:`} />
          )}
        </div>

        <div className="store__layout">
          <aside id="filtros-loja" className={`store__filters${filtersOpen ? ' store__filters--open' : ''}`} aria-label="Filtros">
            <fieldset className="filter-group">
              <legend>Ordenar por</legend>
              {(
                [
                  ['vendidos', 'Mais vendidos'],
                  ['alfabetica', 'Alfabética'],
                ] as const
              ).map(([valor, rotulo]) => (
                <label key={valor} className="filter-opt">
                  <input type="radio" name="ordem" checked={sort === valor} onChange={() => dispatch({ type: 'sort', sort: valor })} />
                  {rotulo}
                </label>
              ))}
            </fieldset>
            {categorias.length > 0 && (
              <fieldset className="filter-group">
                <legend>Categorias</legend>
                {[ALL_CATEGORIES, ...categorias].map((c) => (
                  <label key={c} className="filter-opt">
                    <input type="radio" name="categoria" checked={category === c} onChange={() => dispatch({ type: 'category', category: c })} />
                    {c}
                  </label>
                ))}
              </fieldset>
            )}
          </aside>

          <div className="store__grid-wrap">
            {items.length === 0 ? (
              <p className="empty-list">Nenhum produto encontrado.</p>
            ) : (
              <div className="card-grid">
                {items.map((p) => (
                  <ProductCard
                    key={p.id}
                    item={p}
                    onClick={() => dispatch({ type: 'openProduct', product: p })}
                  />
                ))}
              </div>
            )}
          </div>
        </div>
      </div>

      <footer className="store__footer">
        <Link to="/">Feira — produtos do campo direto de quem produz</Link>
      </footer>

      {!somenteVer && (
        <div className="store__float">
          {added && (
            <p className="store__added" role="status">
              Produto adicionado ao carrinho!
            </p>
          )}
          <button type="button" className="store__meu-pedido" onClick={bag.open}>
            <BagIcon /> Meu Pedido {bag.count > 0 && <span className="store__count">{bag.count}</span>}
          </button>
        </div>
      )}

      {selected && (
        <Dialog title={capitalizeWords(selected.titulo)} untitled onClose={close} className={`dlg--product store-theme${tema}`}>
          {core === null && !failed && <Loading />}
          {failed && <p>{ERRO_GENERICO}</p>}
          {core !== null && (
            <ProductPurchase
              key={selected.id}
              produto={selected}
              dadosforn={d}
              core={core}
              nivel={2}
              somenteVer={somenteVer}
              onAdded={() => dispatch({ type: 'added' })}
            />
          )}
        </Dialog>
      )}

      {open.kind === 'info' && (
        <Dialog title={d.nomeforn} onClose={close} className={`store-theme${tema}`}>
          {d.descricaoforn && <p className="store-info__desc">{d.descricaoforn}</p>}
          <ul className="store-info__links">
            {d.telefone && (
              <li>
                <a href={whatsappUrl(d.telefone)} target="_blank" rel="noopener noreferrer">
                  <WhatsAppIcon /> {d.telefone}
                </a>
              </li>
            )}
            {d.instagram && (
              <li>
                <a href={instagramUrl(d.instagram)} target="_blank" rel="noopener noreferrer">
                  Instagram {instagramHandle(d.instagram)}
                </a>
              </li>
            )}
          </ul>
        </Dialog>
      )}
    </div>
  );
}
