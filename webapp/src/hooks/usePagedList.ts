/**
 * A list the API pages with keyset cursors (docs/rpc.md, 'Lists in pages': a request's `cursor`,
 * an answer's `proximo`, null on the last page), as the catalogue pages: the first page loads when
 * the `key` changes (the previous request aborted, its late answer ignored), and `loadMore`
 * appends the page after the last one shown ('Carregar mais', components/LoadMore.tsx). A first
 * page loaded elsewhere may be handed in (`inicial`; null while it loads): the list then starts
 * again from each new first page it is given (e.g. the live pending deliveries). Rows may be changed in place
 * (`setRows`: a cancelled order, a hidden store). Failures are logged by the RPC client; a failed
 * first load shows an empty list (`failed` set), a failed later page keeps what is shown.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { Result } from '@/lib/rpc';

/** One page: its rows and the cursor of the next (null: the last page). */
export interface Page<T> {
  rows: T[];
  proximo: string | null;
}

/** Loads the page after `cursor` (null: the first page). */
export type PageLoader<T> = (cursor: string | null, signal: AbortSignal) => Promise<Result<Page<T>>>;

export interface PagedList<T> {
  /** What is shown; null while the first page loads. */
  rows: T[] | null;
  setRows: Dispatch<SetStateAction<T[] | null>>;
  /** The next page's cursor: null when every row is shown. */
  proximo: string | null;
  /** The first page failed. */
  failed: boolean;
  loadingMore: boolean;
  /** The last 'Carregar mais' failed (what is shown stays). */
  moreFailed: boolean;
  loadMore: () => void;
}

/** A page from an answer (`rows` its list), or the answer's failure as it came. */
export function pageOf<A extends { proximo?: string | null }, T>(r: Result<A>, rows: (a: A) => T[]): Result<Page<T>> {
  if (r.error !== undefined) return r;
  return { rows: rows(r), proximo: r.proximo ?? null };
}

interface State<T> {
  rows: T[] | null;
  proximo: string | null;
  failed: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  /** Which first page the rows grew from: a later page asked before a new one is dropped. */
  gen: number;
}

const loading = { rows: null, proximo: null, failed: false, loadingMore: false, moreFailed: false, gen: 0 };

const from = <T>(first: Page<T> | null): State<T> => (first ? { ...loading, rows: first.rows, proximo: first.proximo } : loading);

export function usePagedList<T>(key: string, load: PageLoader<T>, inicial?: Page<T> | null): PagedList<T> {
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const controlled = inicial !== undefined;
  const [state, setState] = useState<State<T>>(() => from(inicial ?? null));
  // A new first page handed in starts the list again (React's state-from-props pattern).
  const [base, setBase] = useState(inicial);
  if (controlled && base !== inicial) {
    setBase(inicial);
    setState((s) => ({ ...from(inicial ?? null), gen: s.gen + 1 }));
  }
  const more = useRef<AbortController | null>(null);

  useEffect(() => {
    more.current?.abort();
    if (controlled) return undefined;
    const ctrl = new AbortController();
    // A new key shows its own first page, not the last key's rows.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setState((s) => ({ ...loading, gen: s.gen + 1 }));
    void loadRef.current(null, ctrl.signal).then((r) => {
      if (ctrl.signal.aborted) return;
      setState((s) => (r.error !== undefined ? { ...loading, rows: [], failed: true, gen: s.gen } : { ...loading, rows: r.rows, proximo: r.proximo, gen: s.gen }));
    });
    return () => ctrl.abort();
  }, [key, controlled]);

  const { proximo, loadingMore, gen } = state;
  const loadMore = useCallback(() => {
    if (proximo === null || loadingMore) return;
    const ctrl = new AbortController();
    more.current = ctrl;
    setState((s) => ({ ...s, loadingMore: true, moreFailed: false }));
    void loadRef.current(proximo, ctrl.signal).then((r) => {
      if (ctrl.signal.aborted) return;
      setState((s) =>
        s.gen !== gen
          ? s
          : r.error !== undefined
          ? { ...s, loadingMore: false, moreFailed: true }
          : { ...s, loadingMore: false, rows: [...(s.rows ?? []), ...r.rows], proximo: r.proximo },
      );
    });
  }, [proximo, loadingMore, gen]);

  useEffect(() => () => more.current?.abort(), []);

  const setRows = useCallback<Dispatch<SetStateAction<T[] | null>>>(
    (next) => setState((s) => ({ ...s, rows: typeof next === 'function' ? (next as (r: T[] | null) => T[] | null)(s.rows) : next })),
    [],
  );
  const { rows, failed, moreFailed } = state;
  return { rows, setRows, proximo, failed, loadingMore, moreFailed, loadMore };
}

/**
 * While `active` (a search typed over a list the browser filters), loads every page left, one
 * after the other, so the search looks in the whole list and not only in the pages shown (the
 * admin's suppliers and customers: a store found by its CPF on the tenth page). Stops at the
 * last page or at a failed one ('Carregar mais' then tries again).
 */
export function useLoadAllWhile<T>(list: PagedList<T>, active: boolean): boolean {
  const { proximo, loadingMore, moreFailed, rows, loadMore } = list;
  const pending = active && rows !== null && proximo !== null && !moreFailed;
  useEffect(() => {
    if (pending && !loadingMore) loadMore();
  }, [pending, loadingMore, loadMore]);
  return pending;
}
