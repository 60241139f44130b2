/**
 * Token balance and purchase: quantity (at least 1, R$ 5 each, priced by wasm-core) →
 * 'GERAR PIX' → the QR modal; while it is open the balance is polled and the modal says when
 * the payment has been credited.
 */
import { useEffect, useId, useMemo, useReducer } from 'react';
import { Dialog } from '@/components/Dialog';
import { PixPayment } from '@/components/PixPayment';
import { useCore } from '@/hooks/useCore';
import { ERRO_GENERICO } from '@/lib/rpc';
import { alertText, buyTokens, type TokenCharge } from '../api/notary';
import { errorText } from '@/lib/errorText';

export interface TokensCardProps {
  fichas: number | null;
  /** Reloads balance and history; resolves to the new balance. */
  reload: () => Promise<number | null>;
}

/**
 * The purchase, one reducer: the quantity typed, whether 'GERAR PIX' is waiting for the server,
 * its refusal, and the charge open in the modal (with the balance before it, and whether the
 * tokens were credited).
 */
interface Purchase {
  quantity: number;
  sending: boolean;
  error: string | null;
  charge: { data: TokenCharge; before: number; paid: boolean } | null;
}

type PurchaseAction =
  | { type: 'quantity'; quantity: number }
  | { type: 'send' }
  | { type: 'refused'; error: string }
  | { type: 'charge'; data: TokenCharge; before: number }
  | { type: 'credited' }
  | { type: 'close' };

export function reducePurchase(p: Purchase, a: PurchaseAction): Purchase {
  switch (a.type) {
    case 'quantity':
      return { ...p, quantity: a.quantity, error: null };
    case 'send':
      return { ...p, sending: true, error: null };
    case 'refused':
      return { ...p, sending: false, error: a.error };
    case 'charge':
      return { ...p, sending: false, charge: { data: a.data, before: a.before, paid: false } };
    case 'credited':
      return p.charge ? { ...p, charge: { ...p.charge, paid: true } } : p;
    case 'close':
      return { ...p, charge: null };
  }
}

export function TokensCard({ fichas, reload }: TokensCardProps) {
  const qtyId = useId();
  const { core, failed } = useCore();
  const [purchase, dispatch] = useReducer(reducePurchase, { quantity: 1, sending: false, error: null, charge: null });
  const { quantity, charge } = purchase;
  /** The total in centavos, from wasm-core (null while unknown or invalid), or wasm-core's refusal. */
  const priced = useMemo(() => {
    if (!core) return { price: null, error: null };
    try {
      return { price: core.tokens_price(quantity), error: null };
    } catch (e) {
      return { price: null, error: errorText(e) };
    }
  }, [core, quantity]);
  const price = priced.price;
  const error = purchase.error ?? priced.error ?? (failed ? ERRO_GENERICO : null);
  const paid = charge?.paid ?? false;

  useEffect(() => {
    if (!charge || charge.paid) return undefined;
    const { before, data } = charge;
    const timer = setInterval(() => {
      void reload().then((n) => {
        if (n !== null && n >= before + data.fichas) dispatch({ type: 'credited' });
      });
    }, 2000);
    return () => clearInterval(timer);
  }, [charge, reload]);

  async function generate() {
    if (price === null) return;
    dispatch({ type: 'send' });
    const res = await buyTokens(quantity, price);
    if (res.error !== undefined) dispatch({ type: 'refused', error: alertText(res) });
    else dispatch({ type: 'charge', data: res, before: fichas ?? 0 });
  }

  return (
    <section className="notary__card" aria-labelledby="fichas-title">
      <h2 id="fichas-title">Suas fichas</h2>
      <p className="notary__balance" data-testid="saldo-fichas">
        {fichas === null ? '…' : `${fichas} ${fichas === 1 ? 'ficha' : 'fichas'}`}
      </p>
      <p className="muted">Cada ficha registra um arquivo e custa R$ 5,00.</p>
      <div className="notary__row">
        <label className="field__label" htmlFor={qtyId}>
          Quantidade
        </label>
        <input
          id={qtyId}
          className="input notary__qty"
          type="number"
          min={1}
          step={1}
          value={quantity}
          onChange={(e) => dispatch({ type: 'quantity', quantity: Math.max(0, Math.trunc(Number(e.target.value) || 0)) })}
        />
        <span>{price === null || !core ? '' : `Total: ${core.money_format(price)}`}</span>
        <button type="button" className="btn" disabled={purchase.sending || price === null} onClick={() => void generate()}>
          GERAR PIX
        </button>
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      {charge && (
        <Dialog title="Pagamento via Pix" onClose={() => dispatch({ type: 'close' })}>
          <p>
            {charge.data.fichas} {charge.data.fichas === 1 ? 'ficha' : 'fichas'}
            {core && ` — ${core.money_format(core.money_from_reais(Number(charge.data.valor)))}`}
          </p>
          <PixPayment qrcode={charge.data.codigo.qrcode} imagem={charge.data.codigo.imagemQrcode} />
          {paid ? (
            <p className="form__ok" role="status">
              Pagamento confirmado! Suas fichas já estão disponíveis.
            </p>
          ) : (
            <p className="muted">Aguardando o pagamento…</p>
          )}
        </Dialog>
      )}
    </section>
  );
}
