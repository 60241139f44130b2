/**
 * Pendências Pix: what the money did not do by itself (docs/pix.md, decisions.md §27–§28).
 *
 * - Received Pix that were never applied (an unknown txid, another amount, a charge already paid
 *   or expired) with the reason and the state of the refund that gives each back;
 * - refunds that have not given the money back yet (the job retries 'pendente' and
 *   'em_processamento'; 'falhou' and 'nao_realizado' need the admin: 'Tentar de novo' asks the
 *   PSP again with `tentar_devolucao_pix`, then the lists are read again);
 * - 'Pedidos pagos sem entrega confirmada': paid orders whose delivery was not confirmed within
 *   the review window, their money still held.
 *
 * Empty lists say so.
 */
import { Loading } from '@/components/LoadStates';
import { useStatusDialog } from '@/components/status-dialog';
import { useLoad } from '@/hooks/useLoad';
import { formatData, formatReais } from '@/lib/display';
import { shortNumber } from '@/lib/orders';
import { pegarPendenciasPix, type StatusDevolucao } from '../api/pegarPendenciasPix';
import { tentarDevolucaoPix } from '../api/tentarDevolucaoPix';

const STATUS: Record<StatusDevolucao, string> = {
  pendente: 'Aguardando o PSP',
  em_processamento: 'Em processamento',
  devolvido: 'Devolvida',
  falhou: 'Recusada pelo PSP',
  nao_realizado: 'Não realizada',
};

const MOTIVO: Record<string, string> = {
  cancelamento: 'Pedido cancelado',
  pagamento_tardio: 'Pagamento após o prazo',
  valor_diferente: 'Valor diferente da cobrança',
  cobranca_desconhecida: 'Sem cobrança correspondente',
  pagamento_duplicado: 'Pagamento em duplicidade',
  pedido_cancelado: 'Pagamento após o cancelamento',
  outra_chave: 'Pix para outra chave',
};

/** A refund the admin may ask again. */
const RETENTAVEL = new Set<string>(['falhou', 'nao_realizado']);

export const TENTAR_DE_NOVO = 'Tentar de novo';

export function PixIssuesSection() {
  const [load, recarregar] = useLoad('pendencias-pix', (signal) => pegarPendenciasPix(signal));
  const status = useStatusDialog();

  async function tryAgain(id: string) {
    status.loading();
    const r = await tentarDevolucaoPix(id);
    if (r.error !== undefined) {
      status.error(r.error);
      return;
    }
    status.close();
    recarregar();
  }

  if (load.estado === 'carregando') return <Loading />;
  const { recebidos, devolucoes, atrasados } = load.estado === 'pronto' ? load.data : { recebidos: [], devolucoes: [], atrasados: [] };

  const retry = (id: string | null | undefined, estado: string | null | undefined, rotulo: string) =>
    id && estado && RETENTAVEL.has(estado) ? (
      <button type="button" className="btn btn--small" aria-label={`${TENTAR_DE_NOVO}: ${rotulo}`} onClick={() => void tryAgain(id)}>
        {TENTAR_DE_NOVO}
      </button>
    ) : null;

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
                  <th scope="col">Devolução</th>
                  <th scope="col">
                    <span className="sr-only">Ação</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {recebidos.map((r) => (
                  <tr key={r.endToEndId}>
                    <td>{formatData(r.recebido_em)}</td>
                    <td>{formatReais(r.valor)}</td>
                    <td className="admin-table__pix">{r.txid ?? '—'}</td>
                    <td>{r.motivo}</td>
                    <td data-testid="devolucao-recebido">{r.devolucao ? (STATUS[r.devolucao] ?? r.devolucao) : '—'}</td>
                    <td className="admin-table__acoes">{retry(r.devolucao_id, r.devolucao, `Pix ${r.endToEndId}`)}</td>
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
                  <th scope="col">
                    <span className="sr-only">Ação</span>
                  </th>
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
                    <td className="admin-table__acoes">{retry(d.id, d.status, `devolução ${d.id}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="admin-pix-atrasados">
        <h2 id="admin-pix-atrasados">Pedidos pagos sem entrega confirmada</h2>
        {atrasados.length === 0 ? (
          <p className="empty-list">Nenhum pedido pago aguardando confirmação além do prazo.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Pedido</th>
                  <th scope="col">Loja</th>
                  <th scope="col">Cliente</th>
                  <th scope="col">Valor</th>
                  <th scope="col">Pago em</th>
                </tr>
              </thead>
              <tbody>
                {atrasados.map((a) => (
                  <tr key={a.idpedido}>
                    <td>nº {shortNumber(a.idpedido)}</td>
                    <td>{a.nomeforn}</td>
                    <td>{a.cliente_nome ?? '—'}</td>
                    <td>{formatReais(a.valor)}</td>
                    <td>{formatData(a.pago_em)}</td>
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
