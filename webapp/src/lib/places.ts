/**
 * Brazilian places for pickers: fetches `/municipios.txt` (generated from the seeds at build time)
 * and loads it into wasm-core once, on first use. Searches are then synchronous and
 * accent/case-insensitive.
 */
import { loadCore, type Core } from './wasm';

export const MUNICIPIOS_URL = '/municipios.txt';

export interface Places {
  /** Municipalities 'City, UF' containing `query`, at most `limit`. */
  search(query: string, limit: number): string[];
  /** State codes containing `query`, at most `limit`. */
  searchStates(query: string, limit: number): string[];
}

let ready: Promise<Places> | undefined;

async function load(): Promise<Places> {
  const [core, text]: [Core, string] = await Promise.all([
    loadCore(),
    fetch(MUNICIPIOS_URL).then((r) => {
      if (!r.ok) throw new Error(`${MUNICIPIOS_URL}: HTTP ${r.status}`);
      return r.text();
    }),
  ]);
  core.places_load(text);
  return {
    search: (q, limit) => (q.trim() ? core.places_search(q, limit) : []),
    searchStates: (q, limit) => (q.trim() ? core.states_search(q, limit) : []),
  };
}

/** The municipalities, loaded once; a failed load can be retried by calling again. */
export function loadPlaces(): Promise<Places> {
  return (ready ??= load().catch((err: unknown) => {
    ready = undefined;
    throw err;
  }));
}

/** Test hook: forget the loaded list. */
export function resetPlacesForTests(): void {
  ready = undefined;
}
