/**
 * 'Assinar' in the checkout's payment step (decisions.md §35): instead of one order, the bag
 * becomes a basket delivered every week, fortnight or four weeks on the date and window chosen,
 * paid in person. The server checks it as an order; its message is shown as it comes.
 */
import { useState } from 'react';
import { FREQUENCIAS, type Frequencia } from '../api/assinar';

export function SubscribeBox({ onSubscribe }: { onSubscribe: (f: Frequencia) => Promise<{ ok: boolean; texto: string }> }) {
  const [frequencia, setFrequencia] = useState<Frequencia>('semanal');
  const [enviando, setEnviando] = useState(false);
  const [resposta, setResposta] = useState<{ ok: boolean; texto: string } | null>(null);
  if (resposta?.ok) {
    return (
      <p className="checkout__subscribed" role="status" data-testid="assinatura-criada">
        {resposta.texto}
      </p>
    );
  }
  return (
    <fieldset className="checkout-choices" data-testid="assinar">
      <legend className="field__label">Receber esta sacola sempre</legend>
      <label>
        Frequência{' '}
        <select value={frequencia} onChange={(e) => setFrequencia(e.target.value as Frequencia)} data-testid="frequencia">
          {FREQUENCIAS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn btn--small"
        disabled={enviando}
        onClick={() => {
          setEnviando(true);
          void onSubscribe(frequencia).then((r) => {
            setResposta(r);
            setEnviando(false);
          });
        }}
      >
        Assinar
      </button>
      {resposta && !resposta.ok && (
        <p className="form__error" role="alert">
          {resposta.texto}
        </p>
      )}
    </fieldset>
  );
}
