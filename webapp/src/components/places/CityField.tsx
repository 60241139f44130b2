/**
 * A city field with a filtered dropdown: type part of a name, pick one of at most `limit`
 * suggestions (3 in the wizards; wasm-core's accent- and case-insensitive search over the IBGE
 * municipalities), with the keyboard or the pointer. The value is the picked 'City, UF', or ''
 * while the text does not name a picked city; a value given from outside (a CEP's city) shows as
 * picked. Used by the region dialog and the address forms.
 */
import { useId, useState } from 'react';
import { usePlaces } from '@/hooks/usePlaces';
import { PlaceSearchInput } from './PlaceSearchInput';
import { PlacesStatus } from './PlacesStatus';
import './places.css';

export const CITY_SUGGESTIONS = 3;

export interface CityFieldProps {
  label?: string;
  value: string;
  onChange: (cidade: string) => void;
  autoFocus?: boolean;
  /** How many suggestions at most (default 3, the wizards' limit). */
  limit?: number;
}

export function CityField({
  label = 'Cidade',
  value,
  onChange,
  autoFocus,
  limit = CITY_SUGGESTIONS,
}: CityFieldProps) {
  const { places, failed } = usePlaces();
  const [query, setQuery] = useState(value);
  const [active, setActive] = useState(-1);
  const listId = useId();
  // A city set from outside (the CEP's) shows as picked.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (value !== '') setQuery(value);
  }

  const picked = value !== '' && query === value;
  const suggestions = places && !picked ? places.search(query, limit) : [];

  function pick(city: string) {
    setQuery(city);
    setActive(-1);
    onChange(city);
  }

  return (
    <div className="city-field">
      <PlaceSearchInput
        label={label}
        placeholder="Digite o nome da cidade"
        role="combobox"
        aria-expanded={suggestions.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        value={query}
        data-autofocus={autoFocus || undefined}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(-1);
          if (value !== '') onChange('');
        }}
        onKeyDown={(e) => {
          if (suggestions.length === 0) return;
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((i) => (i + 1) % suggestions.length);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
          } else if (e.key === 'Enter' && active >= 0) {
            e.preventDefault();
            pick(suggestions[active]);
          }
        }}
      />
      <PlacesStatus places={places} failed={failed} announce />
      <ul id={listId} role="listbox" aria-label="Cidades" className="suggestions">
        {suggestions.map((city, i) => (
          <li
            key={city}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={`suggestion${i === active ? ' suggestion--active' : ''}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(city)}
          >
            {city}
          </li>
        ))}
      </ul>
      {places && query.trim() !== '' && !picked && suggestions.length === 0 && <p className="muted">Nenhuma cidade encontrada.</p>}
    </div>
  );
}
