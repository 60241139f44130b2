/**
 * The IBGE places (cities and states, searched by wasm-core) for a component: `places` is `null`
 * while they load; `failed` turns true when they could not be loaded (logged). Shared by the city
 * field and the places picker.
 */
import { useEffect, useState } from 'react';
import { loadPlaces, type Places } from '@/lib/places';

export function usePlaces(): { places: Places | null; failed: boolean } {
  const [places, setPlaces] = useState<Places | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    loadPlaces().then(
      (p) => alive && setPlaces(p),
      (err: unknown) => {
        console.error('municípios:', err);
        if (alive) setFailed(true);
      },
    );
    return () => {
      alive = false;
    };
  }, []);

  return { places, failed };
}
