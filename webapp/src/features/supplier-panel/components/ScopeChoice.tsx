/**
 * The display scope: Todo Brasil (1), Apenas alguns estados (2), Apenas algumas cidades (3).
 */
export const SCOPES = [
  { local: 1, label: 'Todo Brasil' },
  { local: 2, label: 'Apenas alguns estados' },
  { local: 3, label: 'Apenas algumas cidades' },
] as const;

export function ScopeChoice({ value, onChange }: { value: 1 | 2 | 3 | null; onChange: (local: 1 | 2 | 3) => void }) {
  return (
    <div className="choices" role="radiogroup" aria-label="Locais de exibição">
      {SCOPES.map((s) => (
        <label key={s.local} className={`choice${value === s.local ? ' choice--on' : ''}`}>
          <input type="radio" name="local" checked={value === s.local} onChange={() => onChange(s.local)} />
          {s.label}
        </label>
      ))}
    </div>
  );
}
