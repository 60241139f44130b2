/**
 * 'Adicionar promoção': the promotional price (numeric) and its minimum quantity (a stepper from
 * 1, default 1). wasm-core checks it; an empty price removes the promotion (`remover_promocao`),
 * otherwise `adicionar_promocao`.
 */
import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { useStatusDialog } from '@/components/status-dialog';
import { priceField } from '@/lib/display';
import { adicionarPromocao, removerPromocao } from '../api/actions';
import type { ProductMenuProps } from './ProductMenu';
import { Stepper } from './ProductFields';
import { errorText } from './types';

export function ProductPromotion({ core, produto: p, onChanged, onBack, onClose }: ProductMenuProps & { onBack: () => void }) {
  const status = useStatusDialog();
  const [preco, setPreco] = useState(priceField(p.precopromo));
  const [minimo, setMinimo] = useState(p.minimopromo ?? 1);
  const [error, setError] = useState<string | null>(null);

  async function save(e: FormEvent) {
    e.preventDefault();
    let promo: { precopromo_centavos: number; minimopromo: number } | null;
    try {
      promo = core.promotion_validate(preco, minimo);
    } catch (err) {
      return setError(errorText(err));
    }
    status.loading();
    const r = promo ? await adicionarPromocao(p.id, promo.precopromo_centavos / 100, promo.minimopromo) : await removerPromocao(p.id);
    if (r.error !== undefined) return status.error();
    status.success();
    await onChanged();
    // Back to the product list (a menu opened now would cover the status dialog).
    onClose();
  }

  return (
    <Dialog title="Adicionar promoção" onClose={onBack} className="dlg--small">
      <form className="form" onSubmit={save} noValidate>
        <label className="field">
          <span className="field__label">Preço promocional (R$)</span>
          <input className="input" inputMode="decimal" value={preco} onChange={(e) => (setPreco(core.money_filter_input(e.target.value)), setError(null))} />
        </label>
        <Stepper label="Quantidade mínima da promoção" value={minimo} min={1} onChange={setMinimo} />
        {error && <p className="form__error" role="alert">{error}</p>}
        <div className="dlg__actions">
          {p.precopromo != null && (
            <button type="button" className="btn btn--ghost" onClick={() => (setPreco(''), setError(null))}>
              Remover promoção
            </button>
          )}
          <button type="submit" className="btn">Salvar</button>
        </div>
      </form>
    </Dialog>
  );
}
