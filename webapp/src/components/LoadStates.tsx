/**
 * The loading and load-failure states: a lazily loaded route arriving, a page's data loading or
 * failed. Load failures are logged by the RPC client (spec §8); the page offers to try again,
 * which matters on a flaky mobile link.
 */
import { SEM_CONEXAO, useOffline } from '@/lib/online';
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

/**
 * Shown while a lazily loaded route arrives: the same skeleton as index.html's first paint (a
 * title and four cards, styles in src/app/critical.css), so nothing moves when it takes over.
 */
export function PageLoading() {
  return (
    <div className="container page skel-page" role="status">
      <span className="sr-only">Carregando...</span>
      <span className="skel skel--title" />
      <div className="skel-grid">
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className="skel skel--card" />
        ))}
      </div>
    </div>
  );
}

/** A failed load: the spec's message, or offline (nothing saved for this page) that a connection is needed. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const offline = useOffline();
  return (
    <div className="cat-error" role="alert">
      <p>{offline ? SEM_CONEXAO : ERRO_GENERICO}</p>
      <button type="button" className="btn btn--ghost" onClick={onRetry}>
        Tentar novamente
      </button>
    </div>
  );
}
