/**
 * 'Reclamações' (decisions.md §37): how many problem cases the store's buyers opened and how they
 * ended (still open, released to the store, refunded in part, refunded in full), from
 * `pegar_reclamacoes_loja`. Shown in 'Gestão' beside the reviews: what buyers see of a store's
 * record is its reviews; this is the store's own view of its cases.
 */
import { useEffect, useState } from 'react';
import { rpc, type RpcResult } from '@/lib/rpc';

type Counts = Exclude<RpcResult<'pegar_reclamacoes_loja'>, { error: string }>;

/** One line per way a case ended, only those that happened. */
export function caseLines(c: Counts): string[] {
  const lines: [number, string, string][] = [
    [c.abertas, 'em aberto', 'em aberto'],
    [c.liberadas, 'encerrada sem devolução', 'encerradas sem devolução'],
    [c.devolvidas_em_parte, 'com devolução parcial', 'com devolução parcial'],
    [c.devolvidas, 'com devolução total', 'com devolução total'],
  ];
  return lines.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
}

export function StoreCaseCounts() {
  const [counts, setCounts] = useState<Counts | null | 'erro'>(null);

  useEffect(() => {
    let alive = true;
    void rpc('pegar_reclamacoes_loja').then((r) => {
      if (alive) setCounts(r.error !== undefined ? 'erro' : r);
    });
    return () => {
      alive = false;
    };
  }, []);

  if (counts === null || counts === 'erro') return null;
  return (
    <section className="store-cases" aria-labelledby="reclamacoes-titulo">
      <h2 id="reclamacoes-titulo">Reclamações</h2>
      {counts.total === 0 ? (
        <p className="muted">Nenhuma reclamação de compradores.</p>
      ) : (
        <>
          <p data-testid="reclamacoes-total">
            {counts.total === 1 ? '1 reclamação de comprador' : `${counts.total} reclamações de compradores`}
          </p>
          <ul aria-label="Como terminaram">
            {caseLines(counts).map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
