/**
 * The fields of one step of the ad wizards (new and edit share them): category, title and price,
 * description, icon, origin city, display scope and its places.
 */
import { IconPicker, type ImageValue } from '@/components/IconPicker';
import { CityField } from '@/components/places/CityField';
import { CATEGORIAS } from '@/config/categories';
import { capitalizeWords } from '@/lib/display';
import type { Core } from '@/lib/wasm';
import type { AdFields } from '../api/anuncios';
import { ESCOPOS, filterPrice } from '../rules';
import { PlacesField } from './PlacesField';

export type AdStep = 'categoria' | 'tituloPreco' | 'descricao' | 'icone' | 'origem' | 'alcance' | 'locais';

export const TITULOS: Record<AdStep, string> = {
  categoria: 'Qual a categoria do anúncio?',
  tituloPreco: 'Título e preço',
  descricao: 'Descrição (opcional)',
  icone: 'Imagem (opcional)',
  origem: 'Cidade de origem',
  alcance: 'Onde o anúncio deve aparecer?',
  locais: 'Escolha os locais',
};

export const MAX_TITULO = 50;
export const MAX_DESCRICAO = 1500;

export interface AdStepFieldsProps {
  step: AdStep;
  core: Core;
  fields: AdFields;
  set: (patch: Partial<AdFields>) => void;
  icon: ImageValue;
  setIcon: (v: ImageValue) => void;
}

export function AdStepFields({ step, core, fields: f, set, icon, setIcon }: AdStepFieldsProps) {
  switch (step) {
    case 'categoria':
      return (
        <div className="choices" role="radiogroup" aria-label="Categoria">
          {CATEGORIAS.map((c) => (
            <button key={c} type="button" role="radio" aria-checked={f.categoria === c} className={`choice${f.categoria === c ? ' choice--on' : ''}`} onClick={() => set({ categoria: c })}>
              {c}
            </button>
          ))}
        </div>
      );
    case 'tituloPreco':
      return (
        <>
          <label className="field">
            <span className="field__label">Título</span>
            <input className="input" value={f.titulo} maxLength={MAX_TITULO} data-autofocus onChange={(e) => set({ titulo: e.target.value })} />
          </label>
          <label className="field">
            <span className="field__label">Preço (R$)</span>
            <input className="input" inputMode="decimal" value={f.preco} placeholder="0,00" onChange={(e) => set({ preco: filterPrice(core, e.target.value) })} />
          </label>
        </>
      );
    case 'descricao':
      return (
        <div className="field">
          <label className="field__label" htmlFor="descricao-anuncio">
            Descrição
          </label>
          <textarea id="descricao-anuncio" className="input" rows={6} maxLength={MAX_DESCRICAO} value={f.descricao} data-autofocus onChange={(e) => set({ descricao: e.target.value })} />
          <span className="muted">
            {f.descricao.length}/{MAX_DESCRICAO}
          </span>
        </div>
      );
    case 'icone':
      return (
        <IconPicker
          label="Escolher imagem"
          changeLabel="Trocar imagem"
          alt="Imagem do anúncio"
          emptyText="Nenhuma imagem"
          value={icon}
          onChange={setIcon}
          testId="icone-anuncio"
        />
      );
    case 'origem':
      return <CityField label="Cidade de origem" value={f.origem} onChange={(c) => set({ origem: c })} autoFocus />;
    case 'alcance':
      return (
        <div className="choices" role="radiogroup" aria-label="Alcance">
          {ESCOPOS.map((e) => (
            <button
              key={e.locais}
              type="button"
              role="radio"
              aria-checked={f.locais === e.locais}
              className={`choice${f.locais === e.locais ? ' choice--on' : ''}`}
              onClick={() => set({ locais: e.locais, cidades: f.locais === e.locais ? f.cidades : [] })}
            >
              {e.label}
            </button>
          ))}
        </div>
      );
    case 'locais':
      return <PlacesField estados={f.locais === 2} tags={f.cidades} onChange={(cidades) => set({ cidades })} />;
  }
}

/** The last step: what will be published. */
export function Summary({ fields: f }: { fields: AdFields }) {
  const escopo = ESCOPOS.find((e) => e.locais === f.locais)?.label;
  return (
    <div className="ad-summary">
      <h3 className="wizard-title">Tudo pronto!</h3>
      <p>
        <strong>{capitalizeWords(f.titulo.trim())}</strong> — R$ {f.preco}
        <br />
        {f.categoria}
        <br />
        Origem: {f.origem}
        <br />
        {escopo}
        {f.locais !== 1 && f.cidades.length > 0 ? `: ${f.cidades.join(', ')}` : ''}
      </p>
    </div>
  );
}
