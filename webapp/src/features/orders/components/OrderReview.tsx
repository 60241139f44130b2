/**
 * The buyer's review of a delivered order (decisions.md §33): 'Avaliar pedido' with a 1–5 note
 * and an optional comment (at most 500 characters; wasm-core's rules and messages), one per
 * order, changeable for 30 days ('Editar avaliação' until `editavel_ate`); the store's public
 * reply under it; a review the moderation removed says so, with the reason.
 */
import { useState, type FormEvent } from 'react';
import { StarPicker, Stars } from '@/components/Stars';
import { useStatusDialog } from '@/components/status-dialog';
import { useCore } from '@/hooks/useCore';
import { formatData } from '@/lib/display';
import type { AvaliacaoPedido, Pedido } from '@/types/wire';
import { avaliarPedido } from '../api/avaliarPedido';
import { errorText } from '@/lib/errorText';

export function OrderReview({ pedido }: { pedido: Pedido }) {
  const { core } = useCore();
  const status = useStatusDialog();
  const [avaliacao, setAvaliacao] = useState<AvaliacaoPedido | null>(pedido.avaliacao ?? null);
  const [editing, setEditing] = useState(false);
  const [rating, setRating] = useState(pedido.avaliacao?.nota ?? 0);
  const [comentario, setComentario] = useState(pedido.avaliacao?.comentario ?? '');
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [agora] = useState(() => Date.now());

  if (avaliacao?.removida) {
    return (
      <section className="order-block order-review" aria-label="Sua avaliação">
        <p className="moderation">
          Sua avaliação foi removida pela moderação.{avaliacao.motivo_remocao ? ` Motivo: ${avaliacao.motivo_remocao}` : ''}
        </p>
      </section>
    );
  }

  async function send(e: FormEvent) {
    e.preventDefault();
    if (!core) return;
    let checked: { nota: number; comentario: string | null };
    try {
      checked = core.review_validate(rating, comentario) as { nota: number; comentario: string | null };
    } catch (err) {
      return setErrorMessage(errorText(err));
    }
    status.loading();
    const r = await avaliarPedido(pedido.id, checked.nota, checked.comentario);
    if (r.error !== undefined) return status.error(r.error);
    status.success('Obrigado pela sua avaliação!');
    const now = Date.now();
    setAvaliacao((a) => ({
      nota: checked.nota,
      comentario: checked.comentario,
      criado_em: a?.criado_em ?? now,
      editado_em: a ? now : null,
      editavel_ate: a?.editavel_ate ?? now + 30 * 86_400_000,
      resposta: a?.resposta ?? null,
      respondido_em: a?.respondido_em ?? null,
      removida: false,
      motivo_remocao: null,
    }));
    setEditing(false);
  }

  if (avaliacao && !editing) {
    const editavel = agora < avaliacao.editavel_ate;
    return (
      <section className="order-block order-review" aria-label="Sua avaliação">
        <h3>Sua avaliação</h3>
        <p data-testid="sua-avaliacao">
          <Stars nota={avaliacao.nota} /> {avaliacao.comentario}
        </p>
        {avaliacao.resposta && (
          <p className="review__reply">
            <strong>Resposta da loja:</strong> {avaliacao.resposta}
          </p>
        )}
        {editavel && (
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditing(true)}>
            Editar avaliação
          </button>
        )}
        {editavel && <p className="muted">Você pode alterar sua avaliação até {formatData(avaliacao.editavel_ate)}.</p>}
      </section>
    );
  }

  return (
    <section className="order-block order-review" aria-label="Avaliar pedido">
      <h3>{avaliacao ? 'Editar avaliação' : 'Avaliar pedido'}</h3>
      <form className="form" onSubmit={send} noValidate>
        <StarPicker name={`nota-${pedido.id}`} value={rating} onChange={(n) => (setRating(n), setErrorMessage(null))} />
        <label className="field">
          <span className="field__label">Comentário (opcional)</span>
          <textarea className="input" rows={3} maxLength={500} value={comentario} onChange={(e) => (setComentario(e.target.value), setErrorMessage(null))} />
        </label>
        {errorMessage && (
          <p className="form__error" role="alert">
            {errorMessage}
          </p>
        )}
        <button type="submit" className="btn" disabled={!core}>
          Enviar avaliação
        </button>
      </form>
    </section>
  );
}
