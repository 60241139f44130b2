/**
 * The ad wizards' rules, all from wasm-core (the server checks the same): each step's message,
 * the price field's filter, and the place tags (no duplicates). No message is written here.
 */
import type { Core } from '@/lib/wasm';
import type { AdFields, Locais } from './api/anuncios';
import { errorText } from '@/lib/errorText';

/** The wizard steps whose fields are checked before moving on. */
export type CheckedStep = 'categoria' | 'tituloPreco' | 'descricao' | 'origem' | 'alcance' | 'locais' | 'tudo';

function adError(core: Core, f: Partial<AdFields>): string | null {
  try {
    core.ad_validate({ ...f });
    return null;
  } catch (err) {
    return errorText(err);
  }
}

/**
 * The message that stops `step`, or null. The origin and scope steps run the whole-ad check on
 * the fields typed so far: the earlier steps have passed, so its first complaint is theirs.
 */
export function stepError(core: Core, step: CheckedStep, f: AdFields): string | null {
  try {
    switch (step) {
      case 'categoria':
        return f.categoria ? null : adError(core, { categoria: '' });
      case 'tituloPreco':
        core.title_price_validate(f.titulo, f.preco, false);
        return null;
      case 'descricao':
        core.description_validate(f.descricao);
        return null;
      case 'origem':
        return f.origem ? null : adError(core, { ...f, origem: '' });
      case 'alcance':
        return f.locais ? null : adError(core, { ...f, locais: null });
      case 'locais':
        core.scope_validate(f.locais, f.locais === 1 ? [] : f.cidades);
        return null;
      case 'tudo':
        return adError(core, { ...f, cidades: f.locais === 1 ? ['ALL'] : f.cidades });
    }
  } catch (err) {
    return errorText(err);
  }
}

/** What the price field keeps of the typed text (digits, dots and commas; commas become dots). */
export function filterPrice(core: Core, typed: string): string {
  return core.money_filter_input(typed);
}

/** `place` added to the tags unless already there. */
export function addTag(tags: readonly string[], place: string): string[] {
  const p = place.trim();
  return p && !tags.includes(p) ? [...tags, p] : [...tags];
}

export const ESCOPOS: { locais: Locais; label: string }[] = [
  { locais: 1, label: 'Todo Brasil' },
  { locais: 2, label: 'Apenas alguns estados' },
  { locais: 3, label: 'Apenas algumas cidades' },
];
