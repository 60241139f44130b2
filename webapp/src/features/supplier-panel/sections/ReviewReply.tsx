/**
 * A buyer's review of one of the store's orders, and the store's one public reply (decisions.md
 * §33): shown in 'Detalhes da Entrega' and in the panel's list of the store's reviews.
 */
import { useState, type FormEvent } from 'react';
import { Stars } from '@/components/Stars';
import { useStatusDialog } from '@/components/status-dialog';
import { useCore } from '@/hooks/useCore';
import { errorText } from '@/lib/errorText';
import { responderAvaliacao } from '../api/actions';

/** What the reply needs of a review. */
export interface ReviewShown {
  nota: number;
  comentario?: string | null;
  resposta?: string | null;
}

export function ReviewReply({ idpedido, avaliacao: a, titulo = 'Avaliação do cliente', onDone }: { idpedido: string; avaliacao: ReviewShown; titulo?: string; onDone?: () => void }) {
  const { core } = useCore();
  const status = useStatusDialog();
  const [text, setText] = useState('');
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [replyText, setReplyText] = useState(a.resposta ?? null);

  async function send(e: FormEvent) {
    e.preventDefault();
    if (!core) return;
    let t: string;
    try {
      t = core.review_reply_validate(text);
    } catch (err) {
      return setErrorMessage(errorText(err));
    }
    status.loading();
    const r = await responderAvaliacao(idpedido, t);
    if (r.error !== undefined) return status.error(r.error);
    status.success();
    setReplyText(t);
    onDone?.();
  }

  return (
    <section className="review-box" aria-label={titulo}>
      <h3>{titulo}</h3>
      <p>
        <Stars nota={a.nota} /> {a.comentario}
      </p>
      {replyText ? (
        <p className="review-box__reply">
          <strong>Sua resposta:</strong> {replyText}
        </p>
      ) : (
        <form className="form" onSubmit={send} noValidate>
          <label className="field">
            <span className="field__label">Responder publicamente (uma vez)</span>
            <textarea className="input" rows={3} maxLength={500} value={text} onChange={(e) => (setText(e.target.value), setErrorMessage(null))} />
          </label>
          {errorMessage && <p className="form__error" role="alert">{errorMessage}</p>}
          <button type="submit" className="btn" disabled={!core}>
            Enviar resposta
          </button>
        </form>
      )}
    </section>
  );
}
