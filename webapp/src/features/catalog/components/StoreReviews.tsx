/**
 * A store's reviews on its storefront (decisions.md §33): its average and count ('★ 4,5 · 12
 * avaliações'), which opens the list of the newest reviews (note, comment, the buyer's first name,
 * the date, and the store's reply). Texts are shown as text (React escapes them). The admin's
 * storefront adds its own action to each review (`acoes`: removing it with a reason).
 */
import { useState, type ReactNode } from 'react';
import { Dialog } from '@/components/Dialog';
import { LoadError, Loading } from '@/components/LoadStates';
import { RatingSummary, Stars } from '@/components/Stars';
import { useLoad } from '@/hooks/useLoad';
import { formatData } from '@/lib/display';
import type { Avaliacao } from '@/types/wire';
import { pegarAvaliacoes } from '../api/pegarAvaliacoes';

export interface StoreReviewsProps {
  userforn: string;
  avaliacao: Avaliacao | null | undefined;
  /** What the admin may do with a review (its order's id), and a way to read the list again. */
  acoes?: (idpedido: string, recarregar: () => void) => ReactNode;
}

export function StoreReviews({ userforn, avaliacao, acoes }: StoreReviewsProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-button store__rating" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <RatingSummary avaliacao={avaliacao} vazio="Sem avaliações" />
      </button>
      {open && <ReviewsDialog userforn={userforn} acoes={acoes} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReviewsDialog({ userforn, acoes, onClose }: { userforn: string; acoes: StoreReviewsProps['acoes']; onClose: () => void }) {
  const [version, setVersion] = useState(0);
  const [load, retry] = useLoad(`${userforn}#${version}`, (signal) => pegarAvaliacoes(userforn, signal));
  return (
    <Dialog title="Avaliações" onClose={onClose}>
      {load.estado === 'carregando' && <Loading />}
      {load.estado === 'erro' && <LoadError onRetry={retry} />}
      {load.estado === 'pronto' && (
        <>
          <p>
            <RatingSummary avaliacao={load.data.avaliacao} vazio="Esta loja ainda não tem avaliações." />
          </p>
          <ul className="review-list">
            {load.data.avaliacoes.map((r) => (
              <li key={r.idpedido} className="review" data-testid="avaliacao">
                <p>
                  <Stars nota={r.nota} /> <strong>{r.nome}</strong> <span className="muted">{formatData(r.criado_em)}</span>
                </p>
                {r.comentario && <p>{r.comentario}</p>}
                {r.resposta && (
                  <p className="review__reply">
                    <strong>Resposta da loja:</strong> {r.resposta}
                  </p>
                )}
                {acoes?.(r.idpedido, () => setVersion((v) => v + 1))}
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
