/**
 * 'Pix Automático com problemas' (decisions.md §35, docs/subscriptions.md): recurrences refused
 * or cancelled at the payer's bank, recurring charges whose attempt was refused, that ended
 * unpaid or whose order was cancelled at the delivery's eve, and notifications that changed
 * nothing (a recurrence or charge that is not ours) — from `pegar_pix_automatico_problemas`,
 * newest first. Shown beside Pendências Pix.
 */
import { useEffect, useState } from 'react';
import { rpc, type RpcResult } from '@/lib/rpc';
import { formatDateTime } from '@/lib/time';

type Problems = Exclude<RpcResult<'pegar_pix_automatico_problemas'>, { error: string }>;

/** What each kind is called in the table. */
export function kindLabel(tipo: string): string {
  return tipo === 'rec' ? 'Recorrência' : tipo === 'cobr' ? 'Cobrança recorrente' : tipo;
}

export function RecurringPixSection() {
  const [data, setData] = useState<Problems | null | 'erro'>(null);

  useEffect(() => {
    let alive = true;
    void rpc('pegar_pix_automatico_problemas').then((r) => {
      if (alive) setData(r.error !== undefined ? 'erro' : r);
    });
    return () => {
      alive = false;
    };
  }, []);

  if (data === null) return null;
  return (
    <section aria-labelledby="admin-pix-automatico">
      <h2 id="admin-pix-automatico">Pix Automático com problemas</h2>
      {data === 'erro' ? (
        <p className="muted">Não foi possível carregar o Pix Automático.</p>
      ) : data.problemas.length === 0 ? (
        <p className="muted">Nenhuma recorrência ou cobrança recorrente com problema.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Tipo</th>
                <th scope="col">Identificador</th>
                <th scope="col">Assinatura</th>
                <th scope="col">Quando</th>
                <th scope="col">Motivo</th>
              </tr>
            </thead>
            <tbody>
              {data.problemas.map((p) => (
                <tr key={`${p.tipo}-${p.referencia}-${p.quando}`} data-testid="pix-automatico-problema">
                  <td>{kindLabel(p.tipo)}</td>
                  <td><code>{p.referencia}</code></td>
                  <td>{p.assinatura ?? 'não é nossa'}</td>
                  <td>{formatDateTime(p.quando)}</td>
                  <td>{p.motivo}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
