/**
 * Ads list (`/anuncios?categoria={categoria}&regiao={regiao}`): the four category tabs, a search
 * (Enter or the icon) with a clear button, the products and ads of the region, and 'Carregar mais'
 * until an empty page arrives. The region is the address's `regiao` when valid, else the visitor's;
 * when the visitor changes region the list resets and reloads for the new one.
 *
 * A search (`q` in the address, from this page's box or the header's) looks across every category
 * with the full-text search ([`SearchResults`]); `categoria` is then an optional filter.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadError, Loading } from '@/components/LoadStates';
import { CATEGORIAS, categoriaOuPadrao, type Categoria } from '@/config/categories';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useRegion } from '@/hooks/useRegion';
import { itemPath } from '@/lib/display';
import { isRegion } from '@/lib/region';
import type { ItemCatalogo } from '@/types/wire';
import { pegarProdutosAnunciosLocal } from '../api/pegarProdutosAnunciosLocal';
import { pegarProdutosAnunciosSite2 } from '../api/pegarProdutosAnunciosSite2';
import { SearchIcon } from '@/components/icons';
import { ProductCard } from './ProductCard';
import { SearchResults } from './SearchResults';
import '../catalog.css';

interface Lista {
  key: string;
  items: ItemCatalogo[];
  nextp: string | null;
  nexta: string | null;
  /** No more pages: an empty page arrived, the cursors are done, or this is a search. */
  fim: boolean;
  erro: boolean;
}

export default function AdsPage() {
  usePageTitle('Anúncios');
  const [params, setParams] = useSearchParams();
  const { regiao: regiaoVisitante, openRegionDialog } = useRegion();
  const categoria = categoriaOuPadrao(params.get('categoria'));
  const regiaoParam = params.get('regiao');
  const regiao = isRegion(regiaoParam) ? regiaoParam : regiaoVisitante;
  const q = params.get('q');
  const term = q !== null && q.trim() ? q.trim() : null;
  const filterText = (CATEGORIAS as readonly string[]).includes(params.get('categoria') ?? '') ? categoria : null;

  const [bodyText, setBodyText] = useState(term ?? '');
  const [attempt, setAttempt] = useState(0);

  // A new search in the address (the header's): the box shows it.
  const [seenTerm, setSeenTerm] = useState(term);
  if (seenTerm !== term) {
    setSeenTerm(term);
    setBodyText(term ?? '');
  }
  const visitanteAnterior = useRef(regiaoVisitante);
  useEffect(() => {
    if (visitanteAnterior.current === regiaoVisitante) return;
    visitanteAnterior.current = regiaoVisitante;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('regiao', regiaoVisitante);
        return next;
      },
      { replace: true },
    );
  }, [regiaoVisitante, setParams]);

  const key = JSON.stringify([categoria, regiao, term, attempt]);
  const keyRef = useRef(key);
  useEffect(() => {
    keyRef.current = key;
  });

  const [itemList, setItemList] = useState<Lista | null>(null);
  const [hasMore, setHasMore] = useState<{ key: string; estado: 'carregando' | 'erro' } | null>(null);
  const loadingMore = hasMore?.key === key && hasMore.estado === 'carregando';
  const moreError = hasMore?.key === key && hasMore.estado === 'erro';

  useEffect(() => {
    if (term !== null) return undefined;
    const ctrl = new AbortController();
    const done = (l: Omit<Lista, 'key'>) => {
      if (!ctrl.signal.aborted) setItemList({ key, ...l });
    };
    const vazio = { items: [], nextp: null, nexta: null, fim: true };
    pegarProdutosAnunciosSite2(regiao, categoria, ctrl.signal).then((data) => {
      if (data.error !== undefined) return done({ ...vazio, erro: true });
      const items = [...data.produtos, ...data.anuncios];
      const nextp = data.produtos_lastIds;
      const nexta = data.anuncios_lastIds;
      done({ items, nextp, nexta, fim: items.length === 0 || (nextp === null && nexta === null), erro: false });
    });
    return () => ctrl.abort();
  }, [key, categoria, regiao, term]);

  const atual = itemList?.key === key ? itemList : null;

  async function loadMore() {
    if (!atual || atual.fim || loadingMore) return;
    const order = key;
    setHasMore({ key: order, estado: 'carregando' });
    const data = await pegarProdutosAnunciosLocal({
      cidade: regiao,
      categoria,
      nextp: atual.nextp,
      nexta: atual.nexta,
    });
    if (keyRef.current !== order) return;
    if (data.error !== undefined) {
      setHasMore({ key: order, estado: 'erro' });
      return;
    }
    setHasMore(null);
    const novos = [...data.produtos, ...data.anuncios];
    const { nextp, nexta } = data;
    setItemList((l) =>
      l && l.key === order
        ? {
            ...l,
            items: [...l.items, ...novos],
            nextp,
            nexta,
            fim: novos.length === 0 || (nextp === null && nexta === null),
          }
        : l,
    );
  }

  function chooseCategory(c: Categoria | null) {
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (c === null) next.delete('categoria');
      else next.set('categoria', c);
      return next;
    });
  }

  /** Searches every category: `q` set, the category filter cleared. */
  function runSearch(e: FormEvent) {
    e.preventDefault();
    const t = bodyText.trim();
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (t) {
        next.set('q', t);
        next.delete('categoria');
      } else {
        next.delete('q');
      }
      return next;
    });
  }

  function limpar() {
    setBodyText('');
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('q');
      return next;
    });
  }

  return (
    <section className="container page ads-page">
      <h1>Anúncios</h1>
      <p className="muted ads-page__where">
        {term !== null ? (
          <>
            Resultados para “{term}” em <strong>{regiao}</strong>
          </>
        ) : (
          <>
            {categoria} em <strong>{regiao}</strong>
          </>
        )}
      </p>

      {term === null && (
        <div className="tabs" role="tablist" aria-label="Categorias">
          {CATEGORIAS.map((c) => (
            <button
              key={c}
              type="button"
              role="tab"
              aria-selected={c === categoria}
              className="tab"
              onClick={() => chooseCategory(c)}
            >
              {c}
            </button>
          ))}
        </div>
      )}

      <form className="searchbox" role="search" aria-label="Pesquisar anúncios" onSubmit={runSearch}>
        <input
          className="searchbox__input"
          type="search"
          enterKeyHint="search"
          placeholder="Pesquisar"
          aria-label="Pesquisar"
          value={bodyText}
          onChange={(e) => setBodyText(e.target.value)}
        />
        {(bodyText || term !== null) && (
          <button type="button" className="icon-btn searchbox__clear" aria-label="Limpar pesquisa" onClick={limpar}>
            ×
          </button>
        )}
        <button type="submit" className="icon-btn searchbox__go" aria-label="Buscar">
          <SearchIcon />
        </button>
      </form>

      {term !== null && (
        <SearchResults termo={term} regiao={regiao} categoria={filterText} onCategoria={chooseCategory} />
      )}
      {term === null && !atual && <Loading />}
      {term === null && atual?.erro && <LoadError onRetry={() => setAttempt((n) => n + 1)} />}
      {term === null && atual && !atual.erro && (
        <>
          {atual.items.length === 0 ? (
            <div className="empty-region">
              <p>Não há produtos nessa região: {regiao}</p>
              <button type="button" className="btn" onClick={openRegionDialog}>
                Mudar região
              </button>
            </div>
          ) : (
            <div className="card-grid">
              {atual.items.map((item) => (
                <ProductCard key={`${item.anuncio ? 'a' : 'p'}:${item.id}`} item={item} href={itemPath(item)} />
              ))}
            </div>
          )}
          {moreError && <LoadError onRetry={loadMore} />}
          {!atual.fim && !moreError && (
            <div className="load-more">
              <button type="button" className="btn btn--ghost" disabled={loadingMore} onClick={loadMore}>
                {loadingMore ? 'Carregando...' : 'Carregar mais'}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
