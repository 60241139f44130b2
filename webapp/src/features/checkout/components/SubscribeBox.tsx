/**
 * 'Assinar' in the checkout's payment step (decisions.md §35): instead of one order, the bag
 * becomes a basket delivered every week, fortnight or four weeks on the date and window chosen,
 * paid in person or — where the store accepts Pix — by Pix Automático: the buyer gives the most
 * they accept per delivery and the payer's CPF, and scans the recurrence's QR in their bank's
 * app to authorise it once. A delivered basket goes to the profile's address or to another one the
 * buyer types here (its fee computed for it). The server checks it as an order; its message is
 * shown as it comes.
 */
import { useState } from 'react';
import { AddressFields, EMPTY_ADDRESS, addressComplete, type AddressValue } from '@/components/places/AddressFields';
import { FREQUENCIAS, maximoInvalido, parseReais, type Frequencia, type PixAutomatico } from '../api/assinar';

/** What subscribing answered: the message, and the recurrence's QR for Pix Automático. */
export interface Subscribed {
  ok: boolean;
  texto: string;
  pixCode?: string | null;
  pixImage?: string | null;
}

export interface SubscribeBoxProps {
  /** `endereco`: another address than the profile's (null: the profile's). */
  onSubscribe: (f: Frequencia, pix: PixAutomatico | null, endereco: AddressValue | null) => Promise<Subscribed>;
  /** The store accepts Pix (Pix Automático is offered) / in person. */
  pix?: boolean;
  presencial?: boolean;
  /** The first delivery's total, for the maximum's check. */
  totalCentavos?: number;
  /** Delivered (the address is asked), and the profile's address as one line. */
  entrega?: boolean;
  perfil?: string | null;
}

/** A basket created: its message and, paid by Pix Automático, the recurrence's QR to authorise. */
export function SubscribedView({ result }: { result: Subscribed }) {
  return (
    <div className="checkout__subscribed" role="status" data-testid="assinatura-criada">
      <p>{result.texto}</p>
      {result.pixCode && (
        <div data-testid="pix-automatico-qr">
          <p>Autorize o Pix Automático no app do seu banco: escaneie o QR Code ou copie o código.</p>
          {result.pixImage && <img src={result.pixImage} alt="QR Code do Pix Automático" width={200} height={200} />}
          <textarea readOnly value={result.pixCode} aria-label="Pix Copia e Cola do Pix Automático" data-testid="pix-automatico-codigo" />
        </div>
      )}
    </div>
  );
}

export function SubscribeBox({ onSubscribe, pix = false, presencial = true, totalCentavos = 0, entrega = false, perfil = null }: SubscribeBoxProps) {
  const [frequency, setFrequency] = useState<Frequencia>('semanal');
  const [forma, setForma] = useState<'na_entrega' | 'pix_automatico'>(presencial ? 'na_entrega' : 'pix_automatico');
  const [maximo, setMaximo] = useState('');
  const [cpf, setCpf] = useState('');
  const [semPix, setSemPix] = useState<'na_entrega' | 'pausar'>('pausar');
  const [sending, setSending] = useState(false);
  const [reply, setReply] = useState<Subscribed | null>(null);
  const [outro, setOutro] = useState(false);
  const [endereco, setEndereco] = useState<AddressValue>(EMPTY_ADDRESS);
  if (reply?.ok) return <SubscribedView result={reply} />;
  const comPix = pix && forma === 'pix_automatico';
  const erroMaximo = comPix && maximo !== '' ? maximoInvalido(maximo, totalCentavos) : null;
  return (
    <fieldset className="checkout-choices" data-testid="assinar">
      <legend className="field__label">Receber esta sacola sempre</legend>
      <label>
        Frequência{' '}
        <select value={frequency} onChange={(e) => setFrequency(e.target.value as Frequencia)} data-testid="frequencia">
          {FREQUENCIAS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      {entrega && (
        <div role="radiogroup" aria-label="Endereço de entrega da assinatura">
          <label>
            <input type="radio" name="assinatura-endereco" checked={!outro} onChange={() => setOutro(false)} /> Entregar no endereço do meu
            perfil{perfil ? `: ${perfil}` : ''}
          </label>
          <label>
            <input type="radio" name="assinatura-endereco" checked={outro} onChange={() => setOutro(true)} data-testid="assinar-outro-endereco" />{' '}
            Entregar em outro endereço
          </label>
          {outro && <AddressFields value={endereco} onChange={setEndereco} />}
        </div>
      )}
      {pix && (
        <div role="radiogroup" aria-label="Pagamento da assinatura">
          {presencial && (
            <label>
              <input type="radio" name="assinatura-pagamento" checked={forma === 'na_entrega'} onChange={() => setForma('na_entrega')} /> Pagar na
              entrega
            </label>
          )}
          <label>
            <input
              type="radio"
              name="assinatura-pagamento"
              checked={forma === 'pix_automatico'}
              onChange={() => setForma('pix_automatico')}
              data-testid="assinar-pix-automatico"
            />{' '}
            Pix Automático
          </label>
        </div>
      )}
      {comPix && (
        <>
          <label>
            Valor máximo por entrega (R$){' '}
            <input inputMode="decimal" value={maximo} onChange={(e) => setMaximo(e.target.value)} data-testid="valor-maximo" />
          </label>
          {erroMaximo && <p className="form__hint">{erroMaximo}</p>}
          <label>
            CPF de quem paga <input inputMode="numeric" value={cpf} onChange={(e) => setCpf(e.target.value)} data-testid="cpf-pagador" />
          </label>
          <label>
            Se o Pix Automático for cancelado no banco{' '}
            <select value={semPix} onChange={(e) => setSemPix(e.target.value as 'na_entrega' | 'pausar')}>
              <option value="pausar">pausar a assinatura</option>
              {presencial && <option value="na_entrega">pagar na entrega</option>}
            </select>
          </label>
        </>
      )}
      <button
        type="button"
        className="btn btn--small"
        disabled={
          sending || (comPix && (maximo === '' || erroMaximo !== null || cpf.trim() === '')) || (entrega && outro && !addressComplete(endereco))
        }
        onClick={() => {
          setSending(true);
          const escolha = comPix ? { valorMaximo: parseReais(maximo) ?? 0, cpf: cpf.trim(), semPix } : null;
          void onSubscribe(frequency, escolha, entrega && outro ? endereco : null).then((r) => {
            setReply(r);
            setSending(false);
          });
        }}
      >
        Assinar
      </button>
      {reply && !reply.ok && (
        <p className="form__error" role="alert">
          {reply.texto}
        </p>
      )}
    </fieldset>
  );
}
