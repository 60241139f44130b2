/**
 * A storefront's search through the API's full-text search (decisions.md §30: the same engine as
 * the marketplace's, within the store): the ids of the store's products matching every word of
 * `busca`, best matches first (title matches, then sales), or null while there is nothing to
 * ask, the answer is on its way, or the API could not answer (offline): the page then filters by
 * the title itself, so searching never stops working.
 */
import { useEffect, useState } from 'react';
import { search } from './api/search';

/** How long typing must pause before the API is asked, in ms. */
const PAUSA_MS = 250;
/** Pages read at most (24 products each: more than a store shows). */
const MAX_PAGINAS = 10;

export function useStoreSearch(loja: string, busca: string): string[] | null {
  const term = busca.trim();
  const [achados, setAchados] = useState<{ termo: string; ids: string[] } | null>(null);

  useEffect(() => {
    if (!term || !loja) return undefined;
    const ctrl = new AbortController();
    const timer = setTimeout(async () => {
      const ids: string[] = [];
      let nextp: string | null | undefined;
      for (let pageNumber = 0; pageNumber < MAX_PAGINAS; pageNumber++) {
        const data = await search({ all: term, loja, nextp }, ctrl.signal);
        if (ctrl.signal.aborted || data.error !== undefined) return;
        ids.push(...(data.produtos ?? []).map((p) => p.id));
        nextp = data.nextp;
        if (!nextp) break;
      }
      setAchados({ termo: term, ids });
    }, PAUSA_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [loja, term]);

  return term && achados?.termo === term ? achados.ids : null;
}
