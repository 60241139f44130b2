/**
 * The order summary (spec §4 'Checkout', 'Delivery fee state', 'Totals'): the lines, the products
 * total, the delivery fee state and its message (delivery) or the pickup note, the coupon (typed
 * in upper case, checked with `validar_cupom`), the discount and the total. 'Continuar' stays
 * disabled while the fee is null or wasm-core refuses the order (minimum order, …); below the
 * minimum order the products, the discount and the total are still shown (what the order comes to
 * so far), the message says how much is missing and 'Voltar à loja' leads back to add more. When
 * the store has delivery days the date and window are chosen here (`DatePicker`), before going on.
 */
import { useId, type FormEvent } from 'react';
import { DeliveryIcon, PickupIcon } from '@/components/OrderIcons';
import type { BagItem } from '@/lib/bag';
import type { Core } from '@/lib/wasm';
import { noteProblem, useOrderNote } from '../note';
import { formatCentavos, lineInfos, lineTotal, type OfferedDate, type FeeState, type FulfilmentMode, type SummaryResult } from '../rules';
import { DatePicker } from './DatePicker';
import { NoteField } from './NoteField';

export interface SummaryStepProps {
  core: Core;
  items: BagItem[];
  modo: FulfilmentMode;
  fee: FeeState | null;
  summary: SummaryResult | null;
  descricao: string | null;
  /** The dates and windows offered for `modo`, or null when the store has no days (no date). */
  datas?: OfferedDate[] | null;
  data?: OfferedDate | null;
  onData?: (d: OfferedDate) => void;
  cupomText: string;
  cupomApplied: string | null;
  checkingCoupon: boolean;
  onCupomText: (text: string) => void;
  onApplyCoupon: () => void;
  onRemoveCoupon: () => void;
  onContinue: () => void;
  /** Closes the checkout on the store's page, to add more. */
  onBackToStore: () => void;
}

export function SummaryStep(p: SummaryStepProps) {
  const { core, items, modo, fee, summary } = p;
  const couponId = useId();
  const s = summary?.ok ? summary.summary : null;
  // Below the store's minimum: the figures as they stand, shown beside the message (never a way on).
  const shown = s ?? (summary && !summary.ok ? (summary.previa ?? null) : null);
  // The fee's own message already says why the fee cannot be charged.
  const blocking = summary && !summary.ok && summary.message !== fee?.texto ? summary.message : null;
  const feeNull = modo === 'entrega' && (fee === null || fee.taxa_centavos === null);
  const semData = !!p.datas && !p.data;
  const [observacao, setOrderNote] = useOrderNote();

  function apply(e: FormEvent) {
    e.preventDefault();
    if (p.cupomText.trim()) p.onApplyCoupon();
  }

  return (
    <div className="checkout__summary">
      <ul className="summary-lines">
        {items.map((it, i) => (
          <li key={`${it.infos.id}|${it.opcao ?? ''}`} className="checkout__row">
            <span>
              {it.qtd} × <span className="checkout__cap">{it.infos.titulo}</span>
              {it.opcao ? ` (${it.opcao})` : ''}
            </span>
            <span>{formatCentavos(core, shown ? shown.linhas[i].total_centavos : lineTotal(core, lineInfos(core, it), it.qtd))}</span>
            {it.infos.aceitaobs && it.obs?.trim() && <span className="muted checkout__line-note">Obs.: {it.obs.trim()}</span>}
          </li>
        ))}
      </ul>
      {shown && (
        <p className="checkout__row">
          <span>Produtos</span>
          <strong data-testid="produtos">{formatCentavos(core, shown.produtos_centavos)}</strong>
        </p>
      )}

      {modo === 'entrega' ? (
        <div className="checkout__mode">
          <p className="checkout__row">
            <span className="order-mode">
              <DeliveryIcon /> Taxa de entrega
            </span>
            <strong data-testid="taxa-entrega" data-estado={fee?.estado}>
              {fee?.texto}
            </strong>
          </p>
          {p.descricao && <p className="muted checkout__note">{p.descricao}</p>}
        </div>
      ) : (
        <div className="checkout__mode">
          <p className="order-mode">
            <PickupIcon /> Retirada no local
          </p>
          {p.descricao && <p className="muted checkout__note">{p.descricao}</p>}
        </div>
      )}

      {p.datas && <DatePicker modo={modo} datas={p.datas} value={p.data ?? null} onChange={(d) => p.onData?.(d)} />}

      {p.cupomApplied ? (
        <div className="checkout__row">
          <span>
            Cupom <strong>{p.cupomApplied}</strong>
          </span>
          <button type="button" className="btn btn--small btn--ghost" onClick={p.onRemoveCoupon}>
            Remover cupom
          </button>
        </div>
      ) : (
        <form className="checkout-coupon" onSubmit={apply}>
          <label htmlFor={couponId} className="field__label">
            Cupom de desconto
          </label>
          <div className="checkout-coupon__row">
            <input
              id={couponId}
              className="input"
              value={p.cupomText}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
              onChange={(e) => p.onCupomText(e.target.value.toUpperCase())}
            />
            <button type="submit" className="btn btn--ghost" disabled={!p.cupomText.trim() || p.checkingCoupon}>
              Aplicar
            </button>
          </div>
        </form>
      )}

      {shown && shown.desconto_centavos > 0 && (
        <p className="checkout__row">
          <span>Desconto</span>
          <strong data-testid="desconto">- {formatCentavos(core, shown.desconto_centavos)}</strong>
        </p>
      )}
      {shown && (
        <p className="checkout__row checkout__total">
          <span>Total</span>
          <strong data-testid="total">{formatCentavos(core, shown.total_centavos)}</strong>
        </p>
      )}
      <NoteField
        label="Observação para a loja (opcional)"
        placeholder="Ex.: deixar na portaria"
        value={observacao}
        onChange={setOrderNote}
        testId="observacao-pedido"
      />
      {blocking && (
        <p className="form__error" role="alert">
          {blocking}
        </p>
      )}
      {blocking && summary && !summary.ok && summary.faltaMinimo && (
        <button type="button" className="btn btn--ghost checkout__cta" onClick={p.onBackToStore}>
          Voltar à loja
        </button>
      )}
      <button type="button" className="btn checkout__cta" disabled={feeNull || !s || semData || !!noteProblem(observacao)} onClick={p.onContinue}>
        Continuar
      </button>
    </div>
  );
}
