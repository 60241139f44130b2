/**
 * The bag drawer's content: the supplier, each product (icon, title, option, unit price for the
 * quantity, quantity stepper, line total, remove), the subtotal and 'Continuar Compra'. Every
 * number comes from wasm-core; a line outside its minimum order or stock shows wasm-core's
 * message and blocks the purchase. A line whose product sold out or is no longer available (as the
 * server last said) is marked 'Esgotado' / 'Indisponível', and a sentence names it: the purchase
 * waits until it is removed.
 */
import { MinusIcon, PlusIcon, ProductPlaceholderIcon, TrashIcon } from '@/components/OrderIcons';
import { setBagNote, type BagItem } from '@/lib/bag';
import type { Core } from '@/lib/wasm';
import { noteProblem } from '../note';
import { formatCentavos, lineInfos, lineTotal, quantityDown, quantityUp, unitPrice, type SummaryResult } from '../rules';
import { NoteField } from './NoteField';

export interface BagStepProps {
  core: Core;
  items: BagItem[];
  nomeforn: string | null;
  subtotal: SummaryResult;
  message: string | null;
  /** The sentence naming lines that cannot be bought any more (rules' `bagBlock`), or null. */
  block: string | null;
  busy: boolean;
  onQuantity: (index: number, qtd: number) => void;
  onRemove: (index: number) => void;
  onContinue: () => void;
}

export function BagStep({ core, items, nomeforn, subtotal, message, block, busy, onQuantity, onRemove, onContinue }: BagStepProps) {
  if (items.length === 0) {
    return <p className="checkout__empty">{subtotal.ok ? '' : subtotal.message}</p>;
  }
  return (
    <div className="checkout__bag">
      {nomeforn && (
        <p className="muted">
          Produtos de <strong>{nomeforn}</strong>
        </p>
      )}
      <ul className="bag-lines">
        {items.map((it, i) => {
          const { qtd } = it;
          const infos = lineInfos(core, it);
          return (
            <li key={`${infos.id}|${it.opcao ?? ''}`} className="bag-line" data-testid="item-sacola">
              {infos.icone ? (
                <img src={infos.icone} alt="" width={56} height={56} loading="lazy" className="bag-line__img" />
              ) : (
                <span className="bag-line__img thumb-ph" aria-hidden="true">
                  <ProductPlaceholderIcon />
                </span>
              )}
              <div className="bag-line__body">
                <div className="bag-line__title">{infos.titulo}</div>
                {(infos.indisponivel || infos.esgotado) && (
                  <div className="bag-line__off" data-testid="linha-bloqueada">
                    {infos.indisponivel ? 'Indisponível' : 'Esgotado'}
                  </div>
                )}
                {it.opcao && <div className="bag-line__opt">{it.opcao}</div>}
                <div className="bag-line__unit muted">{formatCentavos(core, unitPrice(core, infos, qtd))} cada</div>
                <div className="bag-stepper" role="group" aria-label={`Quantidade de ${infos.titulo}`}>
                  <button type="button" className="bag-stepper__btn" aria-label="Diminuir quantidade" onClick={() => onQuantity(i, quantityDown(core, infos, qtd))}>
                    <MinusIcon />
                  </button>
                  <span className="bag-stepper__value" aria-live="polite" data-testid="quantidade">
                    {qtd}
                  </span>
                  <button type="button" className="bag-stepper__btn" aria-label="Aumentar quantidade" onClick={() => onQuantity(i, quantityUp(core, infos, qtd))}>
                    <PlusIcon />
                  </button>
                </div>
                {infos.aceitaobs && (
                  <NoteField
                    label="Observação (opcional)"
                    placeholder="Ex.: sem cebola"
                    value={it.obs ?? ''}
                    onChange={(text) => setBagNote(i, text)}
                    testId="observacao-linha"
                  />
                )}
              </div>
              <div className="bag-line__end">
                <strong data-testid="total-linha">{formatCentavos(core, lineTotal(core, infos, qtd))}</strong>
                <button type="button" className="icon-btn" aria-label={`Remover ${infos.titulo}`} onClick={() => onRemove(i)}>
                  <TrashIcon />
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {subtotal.ok ? (
        <p className="checkout__row">
          <span>Subtotal</span>
          <strong data-testid="subtotal">{formatCentavos(core, subtotal.summary.produtos_centavos)}</strong>
        </p>
      ) : (
        <p className="form__error" role="alert">
          {subtotal.message}
        </p>
      )}
      {block && (
        <p className="form__error" role="alert" data-testid="sacola-bloqueada">
          {block}
        </p>
      )}
      {message && (
        <p className="form__error" role="alert">
          {message}
        </p>
      )}
      <button type="button" className="btn checkout__cta" disabled={!subtotal.ok || busy || !!block || items.some((it) => !!it.infos.aceitaobs && !!noteProblem(it.obs ?? ''))} onClick={onContinue}>
        Continuar Compra
      </button>
    </div>
  );
}
