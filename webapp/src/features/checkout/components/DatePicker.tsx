/**
 * The delivery or pickup date and window (decisions.md §36), in the order summary when the store
 * has days for the chosen mode: the dates and windows wasm-core offers now (the next 14 days, the
 * store's cut-off applied, São Paulo time), one to choose. 'Continuar' waits for a choice.
 */
import { useId } from 'react';
import { capitalizeWords } from '@/lib/display';
import type { OfferedDate, FulfilmentMode } from '../rules';

export interface DatePickerProps {
  modo: FulfilmentMode;
  datas: OfferedDate[];
  value: OfferedDate | null;
  onChange: (d: OfferedDate) => void;
}

const mesma = (a: OfferedDate | null, b: OfferedDate) => !!a && a.data === b.data && a.inicio === b.inicio && a.fim === b.fim;

export function DatePicker({ modo, datas, value, onChange }: DatePickerProps) {
  const name = useId();
  return (
    <fieldset className="checkout-dates">
      <legend className="field__label">{modo === 'entrega' ? 'Data e horário da entrega' : 'Data e horário da retirada'}</legend>
      {datas.length === 0 ? (
        <p className="form__error" role="alert">
          Nenhuma data disponível nos próximos 14 dias.
        </p>
      ) : (
        <ul className="checkout-dates__list">
          {datas.map((d) => (
            <li key={`${d.data} ${d.inicio}`}>
              <label className="checkout-dates__option">
                <input type="radio" name={name} checked={mesma(value, d)} onChange={() => onChange(d)} /> {capitalizeWords(d.rotulo)}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
