/**
 * 'Avaliações' (decisions.md §33): the store's reviews in one list — the average and count, then
 * each review (note, comment, the buyer's first name, the date) with the store's one public reply,
 * or the form to write it — so the store need not open each order to find them. From
 * `pegar_avaliacoes` (the reviews the store's page shows, newest first).
 */
import { useEffect, useState } from 'react';
import { RatingSummary } from '@/components/Stars';
import { formatOrderTime } from '@/lib/orders';
import { pegarAvaliacoes, type AvaliacoesLoja } from '../api/actions';
import { ReviewReply } from './ReviewReply';

export function StoreReviews({ usuario, live = 0 }: { usuario: string; live?: number }) {
  const [data, setData] = useState<AvaliacoesLoja | null | 'erro'>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    void pegarAvaliacoes(usuario, ctrl.signal).then((r) => {
      if (ctrl.signal.aborted) return;
      setData(r.error !== undefined ? 'erro' : r);
    });
    return () => ctrl.abort();
  }, [usuario, live]);

  return (
    <section className="store-reviews" aria-labelledby="avaliacoes-titulo">
      <h2 id="avaliacoes-titulo">Avaliações</h2>
      {data === null ? (
        <p className="muted" role="status">Carregando avaliações...</p>
      ) : data === 'erro' || data.avaliacoes.length === 0 ? (
        <p className="muted">Nenhuma avaliação ainda.</p>
      ) : (
        <>
          <p>
            <RatingSummary avaliacao={data.avaliacao} />
          </p>
          <ul className="review-list" aria-label="Avaliações da loja">
            {data.avaliacoes.map((a) => (
              <li key={a.idpedido} data-testid="avaliacao-item">
                <p className="muted">
                  {a.nome} · {formatOrderTime(a.criado_em)}
                </p>
                <ReviewReply idpedido={a.idpedido} avaliacao={a} titulo={`Avaliação de ${a.nome}`} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
