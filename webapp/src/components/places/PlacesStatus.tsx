/**
 * What a place search shows while the places load ('Carregando cidades...') or when they could
 * not be loaded ('Algum erro ocorreu!'); nothing once they are there. `announce` gives the loading
 * line the status role (the city field's).
 */
import type { Places } from '@/lib/places';

export function PlacesStatus({ places, failed, announce }: { places: Places | null; failed: boolean; announce?: boolean }) {
  return (
    <>
      {!places && !failed && (
        <p className="muted" role={announce ? 'status' : undefined}>
          Carregando cidades...
        </p>
      )}
      {failed && (
        <p className="form__error" role="alert">
          Algum erro ocorreu!
        </p>
      )}
    </>
  );
}
