/**
 * Reviews' notes (decisions.md §33): a note as stars ('★★★★☆', read as '4 de 5 estrelas'), a
 * store's average and count ('★ 4,5 · 12 avaliações', or 'Sem avaliações'), and the 1–5 picker of
 * the buyer's review form.
 */
import type { Avaliacao } from '@/types/wire';
import { reviewsText, averageRating } from '@/lib/display';

export function Stars({ nota }: { nota: number }) {
  const n = Math.max(0, Math.min(5, Math.round(nota)));
  return (
    <span className="stars" role="img" aria-label={`${n} de 5 estrelas`}>
      {'★'.repeat(n)}
      {'☆'.repeat(5 - n)}
    </span>
  );
}

/** A store's average and count; nothing without reviews unless `vazio` says what to show. */
export function RatingSummary({ avaliacao, vazio }: { avaliacao: Avaliacao | null | undefined; vazio?: string }) {
  if (!avaliacao || avaliacao.quantidade === 0) return vazio ? <span className="rating muted">{vazio}</span> : null;
  return (
    <span className="rating" data-testid="avaliacao-loja" aria-label={`Nota ${averageRating(avaliacao.media)} de 5, ${reviewsText(avaliacao.quantidade)}`}>
      <span className="rating__star" aria-hidden="true">★</span> {averageRating(avaliacao.media)} · {reviewsText(avaliacao.quantidade)}
    </span>
  );
}

/** The 1–5 picker: five radio buttons drawn as stars. */
export function StarPicker({ value, onChange, name }: { value: number; onChange: (n: number) => void; name: string }) {
  return (
    <div className="star-picker" role="radiogroup" aria-label="Nota">
      {[1, 2, 3, 4, 5].map((n) => (
        <label key={n} className={`star-picker__star${n <= value ? ' star-picker__star--on' : ''}`}>
          <input type="radio" className="sr-only" name={name} checked={n === value} onChange={() => onChange(n)} aria-label={n === 1 ? '1 estrela' : `${n} estrelas`} />
          <span aria-hidden="true">★</span>
        </label>
      ))}
    </div>
  );
}
