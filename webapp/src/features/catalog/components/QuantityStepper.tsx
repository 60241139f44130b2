/**
 * The quantity stepper's buttons and value. The limits are not decided here: the owner passes
 * wasm-core's next values and disables a button when it would not change the quantity.
 */
export interface QuantityStepperProps {
  value: number;
  onMinus: () => void;
  onPlus: () => void;
  minusDisabled: boolean;
  plusDisabled: boolean;
}

export function QuantityStepper({ value, onMinus, onPlus, minusDisabled, plusDisabled }: QuantityStepperProps) {
  return (
    <div className="stepper" role="group" aria-label="Quantidade">
      <button type="button" className="stepper__btn" aria-label="Diminuir quantidade" disabled={minusDisabled} onClick={onMinus}>
        −
      </button>
      <output className="stepper__value" aria-live="polite" data-testid="quantidade">
        {value}
      </output>
      <button type="button" className="stepper__btn" aria-label="Aumentar quantidade" disabled={plusDisabled} onClick={onPlus}>
        +
      </button>
    </div>
  );
}
