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
interface Compra {
  quantidade: number;
  enviando: boolean;
  erro: string | null;
  cobranca: { data: TokenCharge; antes: number; pago: boolean } | null;
}

type AcaoCompra =
  | { tipo: 'quantidade'; quantidade: number }
  | { tipo: 'enviar' }
  | { tipo: 'recusada'; erro: string }
  | { tipo: 'cobranca'; data: TokenCharge; antes: number }
  | { tipo: 'creditada' }
  | { tipo: 'fechar' };

export function reduzirCompra(c: Compra, a: AcaoCompra): Compra {
  switch (a.tipo) {
    case 'quantidade':
      return { ...c, quantidade: a.quantidade, erro: null };
    case 'enviar':
      return { ...c, enviando: true, erro: null };
    case 'recusada':
      return { ...c, enviando: false, erro: a.erro };
    case 'cobranca':
      return { ...c, enviando: false, cobranca: { data: a.data, antes: a.antes, pago: false } };
    case 'creditada':
      return c.cobranca ? { ...c, cobranca: { ...c.cobranca, pago: true } } : c;
    case 'fechar':
      return { ...c, cobranca: null };
  }
}

export function TokensCard({ fichas, reload }: TokensCardProps) {
  const qtyId = useId();
  const { core, failed } = useCore();
  const [compra, dispatch] = useReducer(reduzirCompra, { quantidade: 1, enviando: false, erro: null, cobranca: null });
  const { quantidade, cobranca: charge } = compra;
  /** The total in centavos, from wasm-core (null while unknown or invalid), or wasm-core's refusal. */
  const preco = useMemo(() => {
    if (!core) return { price: null, erro: null };
    try {
      return { price: core.tokens_price(quantidade), erro: null };
    } catch (e) {
      return { price: null, erro: errorText(e) };
    }
  }, [core, quantidade]);
  const price = preco.price;
  const error = compra.erro ?? preco.erro ?? (failed ? ERRO_GENERICO : null);
  const paid = charge?.pago ?? false;

  useEffect(() => {
    if (!charge || charge.pago) return undefined;
    const { antes, data } = charge;
    const timer = setInterval(() => {
      void reload().then((n) => {
        if (n !== null && n >= antes + data.fichas) dispatch({ tipo: 'creditada' });
      });
    }, 2000);
    return () => clearInterval(timer);
  }, [charge, reload]);

  async function generate() {
    if (price === null) return;
    dispatch({ tipo: 'enviar' });
    const res = await buyTokens(quantidade, price);
    if (res.error !== undefined) dispatch({ tipo: 'recusada', erro: alertText(res) });
    else dispatch({ tipo: 'cobranca', data: res, antes: fichas ?? 0 });
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
          onChange={(e) => dispatch({ tipo: 'quantidade', quantidade: Math.max(0, Math.trunc(Number(e.target.value) || 0)) })}
        />
        <span>{price === null || !core ? '' : `Total: ${core.money_format(price)}`}</span>
        <button type="button" className="btn" disabled={compra.enviando || price === null} onClick={() => void generate()}>
          GERAR PIX
        </button>
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      {charge && (
        <Dialog title="Pagamento via Pix" onClose={() => dispatch({ tipo: 'fechar' })}>
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
