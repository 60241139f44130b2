/**
 * A problem case's dated thread (decisions.md §37), the same for both sides: each message with
 * who wrote it — named from the reader's side (`autores`: the buyer reads 'Você' for herself,
 * the store 'Cliente' for her) — its date, its text and its photos. Shared by the buyer's
 * order page (orders/ProblemCase) and the store's order in Entregas (supplier-panel/StoreCase),
 * so it lives here.
 */
import type { Answer } from '@/lib/rpc';
import { formatDateTime } from '@/lib/time';

/** A case as `pegar_reclamacao` answers it. */
export type Caso = NonNullable<Answer<'pegar_reclamacao'>['reclamacao']>;

export function CaseThread({ mensagens, autores, fotoAlt }: { mensagens: Caso['mensagens']; autores: Record<string, string>; fotoAlt: string }) {
  return (
    <ol className="problem-case__thread" aria-label="Mensagens da reclamação">
      {mensagens.map((m, i) => (
        <li key={i}>
          <span>
            {autores[m.autor] ?? m.autor} · {formatDateTime(m.data)}
          </span>
          <p>{m.texto}</p>
          {m.fotos.map((f) => (
            <img key={f} src={f} alt={fotoAlt} width={96} />
          ))}
        </li>
      ))}
    </ol>
  );
}
