/**
 * 'Selecione uma cidade': type part of a city's name, pick one of up to 6 suggestions (searched by
 * wasm-core, accent- and case-insensitive), then 'Continuar' saves the region and closes.
 * wasm-core and /municipios.txt are fetched when this dialog first opens.
 */
import { useEffect, useId, useState } from 'react';
import { Dialog } from '@/components/Dialog';
import { loadPlaces, type Places } from '@/lib/places';

export const SUGGESTIONS = 6;

export interface RegionDialogProps {
  current: string;
  onClose: () => void;
  onConfirm: (regiao: string) => void;
}

export default function RegionDialog({ current, onClose, onConfirm }: RegionDialogProps) {
  const [places, setPlaces] = useState<Places | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const listId = useId();

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

  const suggestions = places && !picked ? places.search(query, SUGGESTIONS) : [];

  function pick(city: string) {
    setPicked(city);
    setQuery(city);
    setActive(-1);
  }

  return (
    <Dialog title="Selecione uma cidade" onClose={onClose} className="dlg--small region-dlg">
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (picked) onConfirm(picked);
        }}
      >
        <p className="muted">
          Região atual: <strong>{current}</strong>
        </p>
        <label className="field">
          <span className="field__label">Cidade</span>
          <input
            type="search"
            className="input"
            placeholder="Digite o nome da cidade"
            autoComplete="off"
            role="combobox"
            aria-expanded={suggestions.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
            value={query}
            data-autofocus
            onChange={(e) => {
              setQuery(e.target.value);
              setPicked(null);
              setActive(-1);
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
        </label>
        {!places && !failed && <p className="muted" role="status">Carregando cidades...</p>}
        {failed && <p className="form__error" role="alert">Algum erro ocorreu!</p>}
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
        {places && query.trim() !== '' && !picked && suggestions.length === 0 && (
          <p className="muted">Nenhuma cidade encontrada.</p>
        )}
        <div className="dlg__actions">
          <button type="submit" className="btn" disabled={!picked}>
            Continuar
          </button>
        </div>
      </form>
    </Dialog>
  );
}
