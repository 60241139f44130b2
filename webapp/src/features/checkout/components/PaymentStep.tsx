/**
 * The payment choice: Pix and/or Presencial (what the supplier accepts), the total, and
 * 'Finalizar Compra', active only after a payment method is chosen, while online (the drawer
 * says why when offline) and while no bag line is sold out or unavailable (named here).
 */
import { useState } from 'react';
import type { Core } from '@/lib/wasm';
import type { Pagamento } from '../api/finalizarPedido';
import { formatCentavos, type SummaryResult } from '../rules';
import { SubscribeBox, SubscribedView, type Subscribed, type SubscribeBoxProps } from './SubscribeBox';

export type { Pagamento };

export interface PaymentStepProps {
  core: Core;
  options: { presencial: boolean; pix: boolean };
  value: Pagamento | null;
  summary: SummaryResult | null;
  onChange: (p: Pagamento) => void;
  onFinish: () => void;
  /** No connection: the order cannot be sent. */
  offline?: boolean;
  /** The sentence naming bag lines that cannot be bought any more, or null. */
  block?: string | null;
  /** 'Assinar' (decisions.md §35), offered when the store has delivery days; Pix Automático where it accepts Pix. */
  onSubscribe?: SubscribeBoxProps['onSubscribe'] | null;
  /** Delivered: the basket's address is asked (the profile's, as one line, or another). */
  entrega?: boolean;
  perfil?: string | null;
}

export function PaymentStep({
  core,
  options,
  value,
  summary,
  onChange,
  onFinish,
  offline = false,
  block = null,
  onSubscribe = null,
  entrega = false,
  perfil = null,
}: PaymentStepProps) {
  const s = summary?.ok ? summary.summary : null;
  // A basket created empties the bag, which takes the 'Assinar' box away: its confirmation (and
  // the Pix Automático QR to authorise) is kept here, where it stays in view.
  const [created, setCreated] = useState<Subscribed | null>(null);
  const subscribe: SubscribeBoxProps['onSubscribe'] | null = onSubscribe
    ? async (f, pix, endereco) => {
        const r = await onSubscribe(f, pix, endereco);
        if (r.ok) setCreated(r);
        return r;
      }
    : null;
  return (
    <div className="checkout__payment">
      <fieldset className="checkout-choices">
        <legend className="field__label">Forma de pagamento</legend>
        {options.pix && (
          <label className={`checkout-choice${value === '2' ? ' checkout-choice--on' : ''}`}>
            <input type="radio" name="pagamento" value="2" checked={value === '2'} onChange={() => onChange('2')} />
            <span>Pix</span>
          </label>
        )}
        {options.presencial && (
          <label className={`checkout-choice${value === '1' ? ' checkout-choice--on' : ''}`}>
            <input type="radio" name="pagamento" value="1" checked={value === '1'} onChange={() => onChange('1')} />
            <span>Presencial</span>
          </label>
        )}
      </fieldset>
      {s && (
        <p className="checkout__row checkout__total">
          <span>Total</span>
          <strong data-testid="total">{formatCentavos(core, s.total_centavos)}</strong>
        </p>
      )}
      {block ? (
        <p className="form__error" role="alert" data-testid="sacola-bloqueada">
          {block}
        </p>
      ) : (
        summary &&
        !summary.ok && (
          <p className="form__error" role="alert">
            {summary.message}
          </p>
        )
      )}
      <button type="button" className="btn checkout__cta" disabled={value === null || !s || offline || !!block} onClick={onFinish}>
        Finalizar Compra
      </button>
      {created ? (
        <SubscribedView result={created} />
      ) : (
        subscribe &&
        value !== null &&
        !offline &&
        !block &&
        s && (
          <SubscribeBox
            onSubscribe={subscribe}
            pix={options.pix}
            presencial={options.presencial}
            totalCentavos={s.total_centavos}
            entrega={entrega}
            perfil={perfil}
          />
        )
      )}
    </div>
  );
}
