/**
 * Token balance and purchase: quantity (at least 1, R$ 5 each, priced by wasm-core) →
 * 'GERAR PIX' → the QR modal; while it is open the balance is polled and the modal says when
 * the payment has been credited.
 */
import { useEffect, useId, useState } from 'react';
import { Dialog } from '@/components/Dialog';
import { PixPayment } from '@/components/PixPayment';
import { ERRO_GENERICO } from '@/lib/rpc';
import { loadCore, type Core } from '@/lib/wasm';
import { alertText, buyTokens, type TokenCharge } from '../api/notary';

export interface TokensCardProps {
  fichas: number | null;
  /** Reloads balance and history; resolves to the new balance. */
  reload: () => Promise<number | null>;
}

export function TokensCard({ fichas, reload }: TokensCardProps) {
  const qtyId = useId();
  const [quantidade, setQuantidade] = useState(1);
  const [core, setCore] = useState<Core | null>(null);
  /** The total in centavos, from wasm-core (null while unknown or invalid). */
  const [price, setPrice] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [charge, setCharge] = useState<{ data: TokenCharge; before: number } | null>(null);
  const [paid, setPaid] = useState(false);

  useEffect(() => {
    let live = true;
    loadCore()
      .then((core) => {
        if (!live) return;
        setCore(core);
        try {
          setPrice(core.tokens_price(quantidade));
          setError(null);
        } catch (e) {
          setPrice(null);
          setError(e instanceof Error ? e.message : String(e));
        }
      })
      .catch((e: unknown) => {
        console.error('wasm-core', e);
        if (live) setError(ERRO_GENERICO);
      });
    return () => {
      live = false;
    };
  }, [quantidade]);

  useEffect(() => {
    if (!charge || paid) return undefined;
    const timer = setInterval(() => {
      void reload().then((n) => {
        if (n !== null && n >= charge.before + charge.data.fichas) setPaid(true);
      });
    }, 2000);
    return () => clearInterval(timer);
  }, [charge, paid, reload]);

  async function generate() {
    if (price === null) return;
    setBusy(true);
    const res = await buyTokens(quantidade, price);
    setBusy(false);
    if (res.error !== undefined) {
      setError(alertText(res.error));
      return;
    }
    setPaid(false);
    setCharge({ data: res, before: fichas ?? 0 });
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
          value={quantidade}
          onChange={(e) => setQuantidade(Math.max(0, Math.trunc(Number(e.target.value) || 0)))}
        />
        <span>{price === null || !core ? '' : `Total: ${core.money_format(price)}`}</span>
        <button type="button" className="btn" disabled={busy || price === null} onClick={() => void generate()}>
          GERAR PIX
        </button>
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      {charge && (
        <Dialog title="Pagamento via Pix" onClose={() => setCharge(null)}>
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
