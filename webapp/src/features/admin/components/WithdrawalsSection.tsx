/**
 * Solicitações de Saque: the pending count and a table (supplier, amount, Pix key, the orders the
 * request pays for — number, date, customer, value: released money only, decisions.md §27) with
 * 'Confirmar Transferência' per request, asking 'Confirmar Transferência?' (Nao/Sim) before
 * `confirmar_saque`; the list then reloads. Empty: 'Nenhuma solicitação de saque pendente.'.
 * A failed list load is logged only (spec §8), the spinner ends; a failed confirmation shows
 * 'Algum erro ocorreu!'.
 */
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Loading } from '@/components/LoadStates';
import { useStatusDialog } from '@/components/status-dialog';
import { StoreIcon } from '@/components/StoreIcon';
import { useLoad } from '@/hooks/useLoad';
import { formatData, formatReais } from '@/lib/display';
import { shortNumber } from '@/lib/orders';
import { ERRO_GENERICO } from '@/lib/rpc';
import { confirmarSaque } from '../api/confirmarSaque';
import { pegarSolicitacoesSaque, type SolicitacaoSaque } from '../api/pegarSolicitacoesSaque';
import { CONFIRMAR_TRANSFERENCIA, SEM_SAQUES } from '../messages';

export function WithdrawalsSection() {
  const [load, recarregar] = useLoad('saques', (signal) => pegarSolicitacoesSaque(signal));
  const status = useStatusDialog();
  const [confirming, setConfirming] = useState<SolicitacaoSaque | null>(null);
  const pendingItems = load.estado === 'pronto' ? load.data.pendentes : [];

  async function confirm(s: SolicitacaoSaque) {
    setConfirming(null);
    status.loading();
    const res = await confirmarSaque(s.id);
    if (res.error !== undefined) {
      status.error(ERRO_GENERICO);
      return;
    }
    status.close();
    recarregar();
  }

  return (
    <section aria-labelledby="admin-saques">
      <h2 id="admin-saques">Solicitações de Saque</h2>
      {load.estado === 'carregando' && <Loading />}
      {load.estado !== 'carregando' && (
        <>
          <div className="admin-total">
            <span>Pendentes</span>
            <strong data-testid="total-saques">{pendingItems.length}</strong>
          </div>
          {pendingItems.length === 0 ? (
            <p className="empty-list">{SEM_SAQUES}</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Fornecedor</th>
                    <th scope="col">Valor</th>
                    <th scope="col">Chave Pix</th>
                    <th scope="col">Pedidos</th>
                    <th scope="col">
                      <span className="sr-only">Ação</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {pendingItems.map((s) => (
                    <tr key={s.id}>
                      <td>
                        <span className="admin-table__forn">
                          <StoreIcon src={s.iconeforn} size={32} />
                          {s.nomeforn}
                        </span>
                      </td>
                      <td>{formatReais(s.Solicitacao.valor)}</td>
                      <td className="admin-table__pix">{s.Solicitacao.chave_pix}</td>
                      <td>
                        {s.pedidos && s.pedidos.length > 0 ? (
                          <ul className="admin-orders" aria-label={`Pedidos do saque de ${s.nomeforn}`}>
                            {s.pedidos.map((p) => (
                              <li key={p.idpedido}>
                                <span>nº {shortNumber(p.idpedido)}</span>
                                <span>{formatData(p.horario_pedido)}</span>
                                <span>{p.cliente_nome ?? '—'}</span>
                                <strong>{formatReais(p.valor)}</strong>
                              </li>
                            ))}
                          </ul>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td>
                        <button type="button" className="btn btn--small" onClick={() => setConfirming(s)}>
                          {CONFIRMAR_TRANSFERENCIA}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      {confirming && (
        <ConfirmDialog
          message={`${CONFIRMAR_TRANSFERENCIA}?`}
          onConfirm={() => void confirm(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
