/**
 * Placeholder shown while a lazily loaded route arrives.
 */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">Carregando...</span>
    </div>
  );
}
