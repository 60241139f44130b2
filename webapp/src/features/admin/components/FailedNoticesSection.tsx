/**
 * 'Avisos pelo WhatsApp não entregues' (decisions.md §38, docs/notices.md): the messages the
 * outbox gave up on — after its tries on 429/5xx, or refused by the Cloud API (131026: not a
 * WhatsApp number, which also turned that person's channel off) — from `pegar_avisos_falhos`,
 * newest first. The e-mail of each notice went anyway. Shown under Pendências Pix.
 */
import { useEffect, useState } from 'react';
import { rpc, type RpcResult } from '@/lib/rpc';
import { shortNumber } from '@/lib/orders';
import { formatDateTime } from '@/lib/time';

type Failed = Exclude<RpcResult<'pegar_avisos_falhos'>, { error: string }>;

export function FailedNoticesSection() {
  const [data, setData] = useState<Failed | null | 'erro'>(null);

  useEffect(() => {
    let alive = true;
    void rpc('pegar_avisos_falhos').then((r) => {
      if (alive) setData(r.error !== undefined ? 'erro' : r);
    });
    return () => {
      alive = false;
    };
  }, []);

  if (data === null) return null;
  return (
    <section aria-labelledby="admin-avisos-falhos">
      <h2 id="admin-avisos-falhos">Avisos pelo WhatsApp não entregues</h2>
      {data === 'erro' ? (
        <p className="muted">Não foi possível carregar os avisos.</p>
      ) : data.avisos.length === 0 ? (
        <p className="muted">Nenhum aviso deixou de ser entregue.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Número</th>
                <th scope="col">Modelo</th>
                <th scope="col">Pedido</th>
                <th scope="col">Desistimos em</th>
                <th scope="col">Motivo</th>
              </tr>
            </thead>
            <tbody>
              {data.avisos.map((a) => (
                <tr key={a.id} data-testid="aviso-falho">
                  <td>{a.destinatario}</td>
                  <td>{a.modelo}</td>
                  <td>{a.idpedido ? `nº ${shortNumber(a.idpedido)}` : '—'}</td>
                  <td>{formatDateTime(a.falhou_em)}</td>
                  <td>
                    {a.codigo_erro != null ? `${a.codigo_erro} · ` : ''}
                    {a.erro ?? `${a.tentativas} tentativas`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
