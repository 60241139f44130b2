/**
 * The product's two flags in the wizard and the edit form: 'Aceita observação' (the buyer may write
 * a note on its line, e.g. 'sem cebola') and 'Orgânico' (a search filter).
 */
export interface ProductFlagsValue {
  aceitaobs: boolean;
  organico: boolean;
}

export function ProductFlags({ value, onChange }: { value: ProductFlagsValue; onChange: (v: ProductFlagsValue) => void }) {
  return (
    <fieldset className="field product-flags">
      <legend className="field__label">Opções do produto</legend>
      <label className="check">
        <input type="checkbox" checked={value.aceitaobs} onChange={(e) => onChange({ ...value, aceitaobs: e.target.checked })} />
        Aceita observação <span className="muted">(o cliente pode escrever, por exemplo, “sem cebola”)</span>
      </label>
      <label className="check">
        <input type="checkbox" checked={value.organico} onChange={(e) => onChange({ ...value, organico: e.target.checked })} />
        Orgânico
      </label>
    </fieldset>
  );
}
