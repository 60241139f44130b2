/**
 * The search results of /anuncios?q=… (decisions.md §30): the region's products and ads matching
 * every word, across the categories — tabs 'Todas' and each category with its count filter them —
 * and 'Carregar mais' for the next page of each list until both are done. Filters (price range,
 * delivery in the region, organic) and the order narrow and sort them (SearchFilters). A query
 * the index finds little for comes back with the closest words' results and 'Você quis dizer …?'
 * (`sugestao`); its later pages are asked with the suggestion.
 */
import { useEffect, useState } from 'react';
import { LoadError, Loading } from '@/components/LoadStates';
import { CATEGORIAS } from '@/config/categories';
import { itemPath } from '@/lib/display';
import type { Categoria } from '@/config/categories';
import type { ItemCatalogo } from '@/types/wire';
import { Link } from 'react-router-dom';
import { search, type ContagemCategoria } from '../api/search';
import { ProductCard } from './ProductCard';
import { camposDosFiltros, SearchFilters, SEM_FILTROS, type Filtros } from './SearchFilters';

interface Resultados {
  key: string;
  items: ItemCatalogo[];
  nextp: string | null;
  nexta: string | null;
  contagens: ContagemCategoria[];
  /** More than 1,000 matches: the counts are of the first 1,001 ('mais de 1.000'). */
  parcial: boolean;
  erro: boolean;
  /** The corrected query these results are for ('Você quis dizer …?'), if any. */
  sugestao: string | null;
}

interface Props {
  termo: string;
  regiao: string;
  /** The category filter; null: every category. */
  categoria: Categoria | null;
  onCategoria: (c: Categoria | null) => void;
}

export function SearchResults({ termo, regiao, categoria, onCategoria }: Props) {
  const [attempt, setAttempt] = useState(0);
  const [filters, setFilters] = useState<Filtros>(SEM_FILTROS);
  const campos = camposDosFiltros(filters);
  const camposJson = JSON.stringify(campos);
  const key = JSON.stringify([termo, regiao, categoria, attempt, camposJson]);
  const [res, setRes] = useState<Resultados | null>(null);
  const [hasMore, setHasMore] = useState<{ key: string; estado: 'carregando' | 'erro' } | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    search({ all: termo, cidade: regiao, categoria, ...(JSON.parse(camposJson) as typeof campos) }, ctrl.signal).then((data) => {
      if (ctrl.signal.aborted) return;
      setRes(
        data.error !== undefined
          ? { key, items: [], nextp: null, nexta: null, contagens: [], parcial: false, erro: true, sugestao: null }
          : {
              sugestao: data.sugestao ?? null,
              key,
              items: [...(data.produtos ?? []), ...(data.anuncios ?? [])],
              nextp: data.nextp ?? null,
              nexta: data.nexta ?? null,
              contagens: data.categorias ?? [],
              parcial: data.contagemparcial ?? false,
              erro: false,
            },
      );
    });
    return () => ctrl.abort();
  }, [key, termo, regiao, categoria, camposJson]);

  const current = res?.key === key ? res : null;
  const loading = hasMore?.key === key && hasMore.estado === 'carregando';
  const moreError = hasMore?.key === key && hasMore.estado === 'erro';
  const total = (c: ContagemCategoria) => c.produtos + c.anuncios;
  const todas = current?.contagens.reduce((n, c) => n + total(c), 0) ?? 0;
  // Past 1,000 matches the API counts the first 1,001 only: each count is then a lower bound.
  const contagem = (n: number) => (current?.parcial ? `${n.toLocaleString('pt-BR')}+` : String(n));
  const contagemTodas = current?.parcial ? `mais de ${(1000).toLocaleString('pt-BR')}` : String(todas);

  async function loadMore() {
    if (!current || loading || (current.nextp === null && current.nexta === null)) return;
    const pedido = key;
    setHasMore({ key: pedido, estado: 'carregando' });
    // A list that is done is not asked again (an absent cursor gives nothing).
    const data = await search({
      all: current.sugestao ?? termo,
      cidade: regiao,
      categoria,
      ...campos,
      nextp: current.nextp ?? undefined,
      nexta: current.nexta ?? undefined,
    });
    if (data.error !== undefined) {
      setHasMore({ key: pedido, estado: 'erro' });
      return;
    }
    setHasMore(null);
    setRes((r) =>
      r && r.key === pedido
        ? {
            ...r,
            items: [...r.items, ...(data.produtos ?? []), ...(data.anuncios ?? [])],
            nextp: data.nextp ?? null,
            nexta: data.nexta ?? null,
          }
        : r,
    );
  }

  return (
    <>
      <div className="tabs" role="tablist" aria-label="Categorias">
        <button type="button" role="tab" aria-selected={categoria === null} className="tab" onClick={() => onCategoria(null)}>
          Todas{current ? ` (${contagemTodas})` : ''}
        </button>
        {CATEGORIAS.map((c) => {
          const n = current?.contagens.find((x) => x.categoria === c);
          return (
            <button key={c} type="button" role="tab" aria-selected={c === categoria} className="tab" onClick={() => onCategoria(c)}>
              {c}
              {current ? ` (${n ? contagem(total(n)) : 0})` : ''}
            </button>
          );
        })}
      </div>
      <SearchFilters value={filters} onChange={setFilters} />
      {current?.sugestao && (
        <p className="search-suggestion" data-testid="voce-quis-dizer">
          Você quis dizer <Link to={`/anuncios?q=${encodeURIComponent(current.sugestao)}`}>{current.sugestao}</Link>? Mostrando resultados para “{current.sugestao}”.
        </p>
      )}
      {!current && <Loading />}
      {current?.erro && <LoadError onRetry={() => setAttempt((n) => n + 1)} />}
      {current && !current.erro && (
        <>
          {current.items.length === 0 ? (
            <p className="empty-list">Nenhum produto encontrado.</p>
          ) : (
            <div className="card-grid">
              {current.items.map((item) => (
                <ProductCard key={`${item.anuncio ? 'a' : 'p'}:${item.id}`} item={item} href={itemPath(item)} />
              ))}
            </div>
          )}
          {moreError && <LoadError onRetry={loadMore} />}
          {(current.nextp !== null || current.nexta !== null) && !moreError && (
            <div className="load-more">
              <button type="button" className="btn btn--ghost" disabled={loading} onClick={loadMore}>
                {loading ? 'Carregando...' : 'Carregar mais'}
              </button>
            </div>
          )}
        </>
      )}
    </>
  );
}
