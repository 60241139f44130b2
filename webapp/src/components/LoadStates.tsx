/**
 * The loading and load-failure states: a lazily loaded route arriving, a page's data loading or
 * failed. Load failures are logged by the RPC client (spec §8); the page offers to try again,
 * which matters on a flaky mobile link.
 */
import { ERRO_GENERICO } from '@/lib/rpc';

/** A spinner announced as 'Carregando...'; `className` sizes its frame (a page's data by default). */
export function Loading({ className = 'cat-loading' }: { className?: string }) {
  return (
    <div className={className} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">Carregando...</span>
    </div>
  );
}

/** Shown while a lazily loaded route arrives. */
export function PageLoading() {
  return <Loading className="page-loading" />;
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="cat-error" role="alert">
      <p>{ERRO_GENERICO}</p>
      <button type="button" className="btn btn--ghost" onClick={onRetry}>
        Tentar novamente
      </button>
    </div>
  );
}
