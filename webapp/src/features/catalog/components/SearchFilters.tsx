/**
 * The search results' filters (decisions.md §30): a price range ('De R$' / 'Até R$'), 'Com entrega
 * na minha região' (stores that deliver, in the region searched), 'Orgânico', and the order
 * ('Mais relevantes', 'Menor preço', 'Mais vendidos'). Each change asks the first page again.
 */
import type { PedidoBusca } from '../api/search';

export type Ordem = 'relevancia' | 'preco' | 'vendas';

export interface Filtros {
  precomin: string;
  precomax: string;
  organico: boolean;
  comentrega: boolean;
  ordem: Ordem;
}

export const SEM_FILTROS: Filtros = { precomin: '', precomax: '', organico: false, comentrega: false, ordem: 'relevancia' };

/** A typed amount ('5,90', '6') in reais, or undefined when empty or not a number. */
export function reaisDigitados(text: string): number | undefined {
  const t = text.trim().replace(/\./g, '').replace(',', '.');
  if (!t) return undefined;
  const n = Number(t);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** The request's fields for `f` (only what differs from no filter). */
export function camposDosFiltros(f: Filtros): Partial<PedidoBusca> {
  const min = reaisDigitados(f.precomin);
  const max = reaisDigitados(f.precomax);
  return {
    ...(min !== undefined ? { precomin: min } : {}),
    ...(max !== undefined ? { precomax: max } : {}),
    ...(f.organico ? { organico: true } : {}),
    ...(f.comentrega ? { comentrega: true } : {}),
    ...(f.ordem !== 'relevancia' ? { ordem: f.ordem } : {}),
  };
}

export function SearchFilters({ value, onChange }: { value: Filtros; onChange: (f: Filtros) => void }) {
  const set = (patch: Partial<Filtros>) => onChange({ ...value, ...patch });
  return (
    <div className="search-filters" role="group" aria-label="Filtros da busca">
      <label className="field search-filters__price">
        <span className="field__label">De R$</span>
        <input className="input" inputMode="decimal" value={value.precomin} onChange={(e) => set({ precomin: e.target.value })} />
      </label>
      <label className="field search-filters__price">
        <span className="field__label">Até R$</span>
        <input className="input" inputMode="decimal" value={value.precomax} onChange={(e) => set({ precomax: e.target.value })} />
      </label>
      <label className="check">
        <input type="checkbox" checked={value.comentrega} onChange={(e) => set({ comentrega: e.target.checked })} />
        Com entrega na minha região
      </label>
      <label className="check">
        <input type="checkbox" checked={value.organico} onChange={(e) => set({ organico: e.target.checked })} />
        Orgânico
      </label>
      <label className="field">
        <span className="field__label">Ordenar por</span>
        <select className="input" value={value.ordem} onChange={(e) => set({ ordem: e.target.value as Ordem })}>
          <option value="relevancia">Mais relevantes</option>
          <option value="preco">Menor preço</option>
          <option value="vendas">Mais vendidos</option>
        </select>
      </label>
    </div>
  );
}
