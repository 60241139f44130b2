/**
 * Pendências Pix: what the money did not do by itself (docs/pix.md). Received Pix that were never
 * applied (an unknown txid, another amount: kept, never applied) with the reason, and refunds
 * that have not given the money back yet (the job retries 'pendente' and 'em_processamento';
 * 'falhou' and 'nao_realizado' need the admin). Empty lists say so.
 */
import { Loading } from '@/components/LoadStates';
import { useLoad } from '@/hooks/useLoad';
import { formatData, formatReais } from '@/lib/display';
import { pegarPendenciasPix } from '../api/pegarPendenciasPix';

const STATUS: Record<string, string> = {
  pendente: 'Aguardando o PSP',
  em_processamento: 'Em processamento',
  falhou: 'Recusada pelo PSP',
  nao_realizado: 'Não realizada',
};

const MOTIVO: Record<string, string> = {
  cancelamento: 'Pedido cancelado',
  pagamento_tardio: 'Pagamento após o prazo',
};

export function PixIssuesSection() {
  const [load] = useLoad('pendencias-pix', (signal) => pegarPendenciasPix(signal));
  if (load.estado === 'carregando') return <Loading />;
  const { recebidos, devolucoes } = load.estado === 'pronto' ? load.data : { recebidos: [], devolucoes: [] };
  return (
    <>
      <section aria-labelledby="admin-pix-recebidos">
        <h2 id="admin-pix-recebidos">Pix recebidos não aplicados</h2>
        {recebidos.length === 0 ? (
          <p className="empty-list">Nenhum Pix pendente.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Recebido em</th>
                  <th scope="col">Valor</th>
                  <th scope="col">txid</th>
                  <th scope="col">Motivo</th>
                </tr>
              </thead>
              <tbody>
                {recebidos.map((r) => (
                  <tr key={r.endToEndId}>
                    <td>{formatData(r.recebido_em)}</td>
                    <td>{formatReais(r.valor)}</td>
                    <td className="admin-table__pix">{r.txid ?? '—'}</td>
                    <td>{r.motivo}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="admin-pix-devolucoes">
        <h2 id="admin-pix-devolucoes">Devoluções não concluídas</h2>
        {devolucoes.length === 0 ? (
          <p className="empty-list">Nenhuma devolução pendente.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Pedida em</th>
                  <th scope="col">Valor</th>
                  <th scope="col">Motivo</th>
                  <th scope="col">Situação</th>
                  <th scope="col">Tentativas</th>
                </tr>
              </thead>
              <tbody>
                {devolucoes.map((d) => (
                  <tr key={d.id}>
                    <td>{formatData(d.criado_em)}</td>
                    <td>{formatReais(d.valor)}</td>
                    <td>{MOTIVO[d.motivo] ?? d.motivo}</td>
                    <td title={d.erro ?? undefined}>{STATUS[d.status] ?? d.status}</td>
                    <td>{d.tentativas}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
