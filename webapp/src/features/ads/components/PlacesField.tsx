/**
 * The scope's places as removable tags: cities picked in the city field (at most 3 suggestions),
 * or states searched in the state list; a place already chosen is not added again.
 */
import { useEffect, useState } from 'react';
import { CityField } from '@/components/places/CityField';
import { loadPlaces, type Places } from '@/lib/places';
import { addTag } from '../rules';

export const SUGESTOES = 3;

export function PlacesField({ estados, tags, onChange }: { estados: boolean; tags: string[]; onChange: (t: string[]) => void }) {
  const [added, setAdded] = useState(0);
  const add = (p: string) => {
    if (!p) return;
    onChange(addTag(tags, p));
    setAdded((n) => n + 1);
  };
  return (
    <div className="places-field">
      {estados ? (
        <StateField key={added} onPick={add} />
      ) : (
        <CityField key={added} label="Adicionar cidade" value="" onChange={add} limit={SUGESTOES} />
      )}
      <ul className="tags" aria-label={estados ? 'Estados escolhidos' : 'Cidades escolhidas'}>
        {tags.map((t) => (
          <li key={t} className="tag">
            {t}
            <button type="button" className="tag__x" aria-label={`Remover ${t}`} onClick={() => onChange(tags.filter((x) => x !== t))}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A state search over the 27 codes (wasm-core), at most 3 suggestions. */
function StateField({ onPick }: { onPick: (uf: string) => void }) {
  const [places, setPlaces] = useState<Places | null>(null);
  const [query, setQuery] = useState('');
  useEffect(() => {
    let alive = true;
    loadPlaces().then(
      (p) => alive && setPlaces(p),
      (err: unknown) => console.error('estados:', err),
    );
    return () => {
      alive = false;
    };
  }, []);
  const suggestions = places ? places.searchStates(query, SUGESTOES) : [];
  return (
    <div className="city-field">
      <label className="field">
        <span className="field__label">Adicionar estado</span>
        <input className="input" type="search" placeholder="Digite a sigla do estado" autoComplete="off" value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      <ul role="listbox" aria-label="Estados" className="suggestions">
        {suggestions.map((uf) => (
          <li key={uf} role="option" aria-selected={false} className="suggestion" onClick={() => onPick(uf)}>
            {uf}
          </li>
        ))}
      </ul>
    </div>
  );
}
