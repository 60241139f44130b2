/**
 * Form pieces of the product wizard and the edit form: a stepper that does not go below its
 * minimum, the stock field (any whole number, 0 and 1 included, or the explicit choice 'Sem
 * controle de estoque', decisions.md §26), and the options list (each at most 50 characters;
 * empty ones are dropped on save).
 */
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

export function OptionsEditor({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  return (
    <div className="options-editor">
      {value.map((o, i) => (
        <div key={i} className="options-editor__row">
          <input
            className="input"
            aria-label={`Opção ${i + 1}`}
            maxLength={50}
            value={o}
            onChange={(e) => onChange(value.map((x, j) => (j === i ? e.target.value : x)))}
          />
          <button type="button" className="btn btn--ghost btn--small" aria-label={`Remover opção ${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))}>
            ×
          </button>
        </div>
      ))}
      <button type="button" className="btn btn--ghost btn--small" onClick={() => onChange([...value, ''])}>
        Adicionar opção
      </button>
    </div>
  );
}
