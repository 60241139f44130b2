/**
 * The notarisation history: the first three entries, and a modal with all of them.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Dialog } from '@/components/Dialog';
import { formatDate, type HistoryEntry } from '../api/notary';

const FIRST = 3;

function Entry({ e }: { e: HistoryEntry }) {
  return (
    <li data-testid="registro">
      <strong>{e.descricao}</strong>
      <span className="muted">
        {e.nomeArquivo} · {formatDate(e.data)}
      </span>
      <a className="notary__link" href={e.link} target="_blank" rel="noreferrer">
        {e.link}
      </a>
      <Link to={`/verificar/${e.id}`}>Verificar</Link>
    </li>
  );
}

export function HistoryCard({ historico }: { historico: HistoryEntry[] | null }) {
  const [all, setAll] = useState(false);
  return (
    <section className="notary__card" aria-labelledby="historico-title">
      <h2 id="historico-title">Histórico</h2>
      {historico === null ? (
        <p className="muted">Carregando…</p>
      ) : historico.length === 0 ? (
        <p className="muted">Nenhum arquivo registrado.</p>
      ) : (
        <ul className="notary__history">
          {historico.slice(0, FIRST).map((e) => (
            <Entry key={e.id} e={e} />
          ))}
        </ul>
      )}
      {historico && historico.length > FIRST && (
        <button type="button" className="btn btn--ghost" onClick={() => setAll(true)}>
          Ver todos
        </button>
      )}
      {all && historico && (
        <Dialog title="Todos os registros" onClose={() => setAll(false)}>
          <ul className="notary__history">
            {historico.map((e) => (
              <Entry key={e.id} e={e} />
            ))}
          </ul>
        </Dialog>
      )}
    </section>
  );
}
