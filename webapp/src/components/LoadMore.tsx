/**
 * 'Carregar mais' under a list that pages (hooks/usePagedList.ts), as the catalogue's: shown while
 * a next page exists, 'Carregando...' while it loads; a failed page says so and may be asked again.
 */
import type { PagedList } from '@/hooks/usePagedList';

export const ERRO_MAIS = 'Não foi possível carregar mais. Tente novamente.';

export function LoadMore({ list }: { list: Pick<PagedList<unknown>, 'proximo' | 'loadingMore' | 'moreFailed' | 'loadMore'> }) {
  if (list.proximo === null) return null;
  return (
    <div className="load-more">
      {list.moreFailed && (
        <p className="form__error" role="alert">
          {ERRO_MAIS}
        </p>
      )}
      <button type="button" className="btn btn--ghost" disabled={list.loadingMore} onClick={list.loadMore}>
        {list.loadingMore ? 'Carregando...' : 'Carregar mais'}
      </button>
    </div>
  );
}
