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
import { capitalizar, instagramHandle, instagramUrl, whatsappUrl } from '@/lib/display';
import { ERRO_GENERICO } from '@/lib/rpc';
import type { DadosForn, Produto } from '@/types/wire';
import { useStoreSearch } from '../useStoreSearch';
import { ProductCard } from './ProductCard';
import { ProductPurchase } from './ProductPurchase';
import { StoreReviews, type StoreReviewsProps } from './StoreReviews';
import { ShareButton } from './ShareButton';
import { reduzirVitrine, TODAS, VITRINE_INICIAL, type Ordem } from './storefrontState';
import '../storefront.css';

export { TODAS, type Ordem };

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The grid's products: matching the search text and the category, in the chosen order. `achados`
 * are the search's matches from the API, best first (null: filter the titles here); 'Mais
 * vendidos' keeps the search's order while searching.
 */
export function filtrarProdutos(
  produtos: Produto[],
  busca: string,
  categoria: string,
  ordem: Ordem,
  achados: string[] | null = null,
): Produto[] {
  const q = fold(busca.trim());
  const posicao = new Map((achados ?? []).map((id, i) => [id, i]));
  const casa = (p: Produto) => (!q ? true : achados ? posicao.has(p.id) : fold(p.titulo).includes(q));
  const out = produtos.filter((p) => !p.status && casa(p) && (categoria === TODAS || p.subcategoria === categoria));
  if (ordem === 'alfabetica') return out.sort((a, b) => a.titulo.localeCompare(b.titulo, 'pt-BR'));
  if (q && achados) return out.sort((a, b) => (posicao.get(a.id) ?? 0) - (posicao.get(b.id) ?? 0));
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
  const [vitrine, dispatch] = useReducer(reduzirVitrine, VITRINE_INICIAL);
  const { busca, ordem, categoria, filtrosAbertos, aberto, adicionado } = vitrine;
  const selecionado = aberto.tipo === 'produto' ? aberto.produto : null;
  const fechar = () => dispatch({ tipo: 'fechar' });

  useEffect(() => {
    if (!somenteVer) syncBagWith(produtos);
  }, [produtos, somenteVer]);

  const categorias = Object.keys(d.extensoes?.categorias ?? {});
  const achados = useStoreSearch(d.usuario, busca);
  const lista = useMemo(
    () => filtrarProdutos(produtos, busca, categoria, ordem, achados),
    [produtos, busca, categoria, ordem, achados],
  );
  const tema = paleta != null && paleta >= 2 && paleta <= 5 ? ` store--p${paleta}` : '';

  return (
    <div className={`store${tema}`} data-testid="loja">
      <header className="store__header">
        <div className="store__header-inner container">
          <button type="button" className="store__brand" onClick={() => dispatch({ tipo: 'abrir_info' })} aria-haspopup="dialog">
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
            value={busca}
            onChange={(e) => dispatch({ tipo: 'buscar', busca: e.target.value })}
          />
          <button
            type="button"
            className="btn btn--ghost store__filter-toggle"
            aria-expanded={filtrosAbertos}
            aria-controls="filtros-loja"
            onClick={() => dispatch({ tipo: 'alternar_filtros' })}
          >
            Filtros
          </button>
          {!somenteVer && d.url && (
            <ShareButton path={`/${encodeURIComponent(d.url)}`} titulo={d.nomeforn} texto={`${d.nomeforn}, na Feira:`} />
          )}
        </div>

        <div className="store__layout">
          <aside id="filtros-loja" className={`store__filters${filtrosAbertos ? ' store__filters--open' : ''}`} aria-label="Filtros">
            <fieldset className="filter-group">
              <legend>Ordenar por</legend>
              {(
                [
                  ['vendidos', 'Mais vendidos'],
                  ['alfabetica', 'Alfabética'],
                ] as const
              ).map(([valor, rotulo]) => (
                <label key={valor} className="filter-opt">
                  <input type="radio" name="ordem" checked={ordem === valor} onChange={() => dispatch({ tipo: 'ordenar', ordem: valor })} />
                  {rotulo}
                </label>
              ))}
            </fieldset>
            {categorias.length > 0 && (
              <fieldset className="filter-group">
                <legend>Categorias</legend>
                {[TODAS, ...categorias].map((c) => (
                  <label key={c} className="filter-opt">
                    <input type="radio" name="categoria" checked={categoria === c} onChange={() => dispatch({ tipo: 'categoria', categoria: c })} />
                    {c}
                  </label>
                ))}
              </fieldset>
            )}
          </aside>

          <div className="store__grid-wrap">
            {lista.length === 0 ? (
              <p className="empty-list">Nenhum produto encontrado.</p>
            ) : (
              <div className="card-grid">
                {lista.map((p) => (
                  <ProductCard
                    key={p.id}
                    item={p}
                    onClick={() => dispatch({ tipo: 'abrir_produto', produto: p })}
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
          {adicionado && (
            <p className="store__added" role="status">
              Produto adicionado ao carrinho!
            </p>
          )}
          <button type="button" className="store__meu-pedido" onClick={bag.open}>
            <BagIcon /> Meu Pedido {bag.count > 0 && <span className="store__count">{bag.count}</span>}
          </button>
        </div>
      )}

      {selecionado && (
        <Dialog title={capitalizar(selecionado.titulo)} untitled onClose={fechar} className={`dlg--product store-theme${tema}`}>
          {core === null && !failed && <Loading />}
          {failed && <p>{ERRO_GENERICO}</p>}
          {core !== null && (
            <ProductPurchase
              key={selecionado.id}
              produto={selecionado}
              dadosforn={d}
              core={core}
              nivel={2}
              somenteVer={somenteVer}
              onAdded={() => dispatch({ tipo: 'adicionado' })}
            />
          )}
        </Dialog>
      )}

      {aberto.tipo === 'info' && (
        <Dialog title={d.nomeforn} onClose={fechar} className={`store-theme${tema}`}>
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
