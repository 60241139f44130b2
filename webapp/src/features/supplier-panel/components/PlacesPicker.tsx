/**
 * The display scope's places as removable tags: for scope 2 states (searched in the state list),
 * for scope 3 cities (wasm-core's accent- and case-insensitive search over the IBGE
 * municipalities); at most `limit` suggestions (3 in the wizards, 5 in the panel's locations
 * picker); duplicates are not added.
 */
import { useState } from 'react';
import { PlaceSearchInput } from '@/components/places/PlaceSearchInput';
import { PlacesStatus } from '@/components/places/PlacesStatus';
import { usePlaces } from '@/hooks/usePlaces';

export interface PlacesPickerProps {
  /** 2 = states, 3 = cities. */
  local: 2 | 3;
  value: string[];
  onChange: (lugares: string[]) => void;
  limit?: number;
}

export function PlacesPicker({ local, value, onChange, limit = 3 }: PlacesPickerProps) {
  const { places, failed } = usePlaces();
  const [query, setQuery] = useState('');

  const found = places ? (local === 2 ? places.searchStates(query, limit) : places.search(query, limit)) : [];
  const suggestions = found.filter((s) => !value.includes(s));
  const label = local === 2 ? 'Estado' : 'Cidade';

  function add(place: string) {
    if (!value.includes(place)) onChange([...value, place]);
    setQuery('');
  }

  return (
    <div className="places-picker">
      <PlaceSearchInput
        label={label}
        placeholder={local === 2 ? 'Digite a sigla do estado' : 'Digite o nome da cidade'}
        value={query}
        data-autofocus
        onChange={(e) => setQuery(e.target.value)}
      />
      <PlacesStatus places={places} failed={failed} />
      <ul className="suggestions" role="listbox" aria-label={local === 2 ? 'Estados' : 'Cidades'}>
        {suggestions.map((s) => (
          <li key={s} role="option" aria-selected={false} className="suggestion" onMouseDown={(e) => e.preventDefault()} onClick={() => add(s)}>
            {s}
          </li>
        ))}
      </ul>
      <ul className="tags" aria-label="Locais escolhidos">
        {value.map((v) => (
          <li key={v} className="tag">
            {v}
            <button type="button" className="tag__remove" aria-label={`Remover ${v}`} onClick={() => onChange(value.filter((x) => x !== v))}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
