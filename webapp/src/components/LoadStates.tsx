/**
 * The loading and load-failure states of a page's data (the catalogue, the storefront, the admin).
 * Load failures are logged by the RPC client (spec §8); the page offers to try again, which matters
 * on a flaky mobile link.
 */
import { ERRO_GENERICO } from '@/lib/rpc';

export function Loading() {
  return (
    <div className="cat-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">Carregando...</span>
    </div>
  );
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
