/**
 * Form pieces of the product wizard and the edit form: a stepper that does not go below its
 * minimum, and the options list (each at most 50 characters; empty ones are dropped on save).
 */
export function Stepper({ label, value, min, onChange }: { label: string; value: number; min: number; onChange: (v: number) => void }) {
  return (
    <div className="field stepper">
      <span className="field__label">{label}</span>
      <div className="stepper__row">
        <button type="button" className="btn btn--ghost btn--small" aria-label={`Diminuir ${label}`} onClick={() => onChange(Math.max(min, value - 1))}>
          −
        </button>
        <input
          className="input stepper__input"
          inputMode="numeric"
          aria-label={label}
          value={String(value)}
          onChange={(e) => {
            const n = Number(e.target.value.replace(/\D/g, '') || '0');
            onChange(Math.max(min, n));
          }}
        />
        <button type="button" className="btn btn--ghost btn--small" aria-label={`Aumentar ${label}`} onClick={() => onChange(value + 1)}>
          +
        </button>
      </div>
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
