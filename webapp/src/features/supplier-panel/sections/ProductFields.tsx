/**
 * Form pieces of the product wizard and the edit form: a stepper that does not go below its
 * minimum, the stock field (any whole number, 0 and 1 included, or the explicit choice 'Sem
 * controle de estoque', decisions.md §26), and the options list (each at most 50 characters;
 * empty ones are dropped on save).
 */
import { plainTerms, type OptionTermsRow } from './productForm';

export interface StepperProps {
  label: string;
  value: number;
  min: number;
  onChange: (v: number) => void;
  disabled?: boolean;
}

export function Stepper({ label, value, min, onChange, disabled = false }: StepperProps) {
  return (
    <div className="field stepper">
      <span className="field__label">{label}</span>
      <div className="stepper__row">
        <button type="button" className="btn btn--ghost btn--small" aria-label={`Diminuir ${label}`} disabled={disabled} onClick={() => onChange(Math.max(min, value - 1))}>
          −
        </button>
        <input
          className="input stepper__input"
          inputMode="numeric"
          aria-label={label}
          value={String(value)}
          disabled={disabled}
          onChange={(e) => {
            const n = Number(e.target.value.replace(/\D/g, '') || '0');
            onChange(Math.max(min, n));
          }}
        />
        <button type="button" className="btn btn--ghost btn--small" aria-label={`Aumentar ${label}`} disabled={disabled} onClick={() => onChange(value + 1)}>
          +
        </button>
      </div>
    </div>
  );
}

export const SEM_CONTROLE = 'Sem controle de estoque';

/** The stock: a count as typed (0 is sold out), or no stock control at all. */
export function StockField({
  estoque,
  semControle,
  onChange,
}: {
  estoque: number;
  semControle: boolean;
  onChange: (patch: { estoque?: number; semControle?: boolean }) => void;
}) {
  return (
    <div className="stock-field">
      <Stepper label="Estoque" value={estoque} min={0} disabled={semControle} onChange={(v) => onChange({ estoque: v })} />
      <label className="switch">
        <input type="checkbox" checked={semControle} onChange={(e) => onChange({ semControle: e.target.checked })} /> {SEM_CONTROLE}
      </label>
      {!semControle && estoque === 0 && <p className="muted stock-field__note">Com estoque 0 o produto aparece como Esgotado.</p>}
    </div>
  );
}

/**
 * The options: each a label and, optionally, its own price, promotional price and stock
 * (decisions.md §39); an empty price and no stock of its own use the product's.
 */
export function OptionsEditor({
  value,
  termos,
  onChange,
}: {
  value: string[];
  termos: OptionTermsRow[];
  onChange: (v: string[], t: OptionTermsRow[]) => void;
}) {
  const termsAt = (i: number) => termos[i] ?? plainTerms();
  const setTerms = (i: number, patch: Partial<OptionTermsRow>) =>
    onChange(
      value,
      value.map((_, j) => (j === i ? { ...termsAt(j), ...patch } : termsAt(j))),
    );
  return (
    <div className="options-editor">
      {value.map((o, i) => {
        const t = termsAt(i);
        const n = i + 1;
        return (
          <div key={i} className="options-editor__option">
            <div className="options-editor__row">
              <input
                className="input"
                aria-label={`Opção ${n}`}
                maxLength={50}
                value={o}
                onChange={(e) => onChange(value.map((x, j) => (j === i ? e.target.value : x)), value.map((_, j) => termsAt(j)))}
              />
              <button
                type="button"
                className="btn btn--ghost btn--small"
                aria-label={`Remover opção ${n}`}
                onClick={() => onChange(value.filter((_, j) => j !== i), value.map((_, j) => termsAt(j)).filter((_, j) => j !== i))}
              >
                ×
              </button>
            </div>
            <div className="options-editor__terms">
              <input
                className="input"
                inputMode="decimal"
                aria-label={`Preço da opção ${n}`}
                placeholder="Preço do produto"
                value={t.preco}
                onChange={(e) => setTerms(i, { preco: e.target.value })}
              />
              <input
                className="input"
                inputMode="decimal"
                aria-label={`Preço promocional da opção ${n}`}
                placeholder="Preço promocional"
                value={t.precopromo}
                onChange={(e) => setTerms(i, { precopromo: e.target.value })}
              />
              <label className="switch">
                <input type="checkbox" aria-label={`Estoque próprio da opção ${n}`} checked={t.estoqueproprio} onChange={(e) => setTerms(i, { estoqueproprio: e.target.checked })} /> Estoque
                próprio
              </label>
              {t.estoqueproprio && (
                <div className="stock-field">
                  <Stepper label={`Estoque da opção ${n}`} value={t.estoque} min={0} disabled={t.semControle} onChange={(v) => setTerms(i, { estoque: v })} />
                  <label className="switch">
                    <input type="checkbox" checked={t.semControle} onChange={(e) => setTerms(i, { semControle: e.target.checked })} /> {SEM_CONTROLE}
                  </label>
                </div>
              )}
            </div>
          </div>
        );
      })}
      <button type="button" className="btn btn--ghost btn--small" onClick={() => onChange([...value, ''], [...value.map((_, j) => termsAt(j)), plainTerms()])}>
        Adicionar opção
      </button>
    </div>
  );
}
