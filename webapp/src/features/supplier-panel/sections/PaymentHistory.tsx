/**
 * The payment history modal: a table Data, Cliente, Valor, Situação, with the record codes of
 * spec §4 ('0' Expirado, '1' Aguardando pagamento — which triggers a payment check —, '2'
 * Recebido, '3' Saque). The history comes in pages, newest first, 'Carregar mais' under it.
 */
import { useState } from 'react';
import { Dialog } from '@/components/Dialog';
import { LoadMore } from '@/components/LoadMore';
import { pageOf, usePagedList } from '@/hooks/usePagedList';
import { formatOrderTime } from '@/lib/orders';
import type { Core } from '@/lib/wasm';
import { consultarPagamento, pegarHistoricoPagamentos } from '../api/actions';
import type { RegistroPagamento } from '../api/actions';

export const SITUACAO_PAGAMENTO: Record<string, string> = {
  '0': 'Expirado',
  '1': 'Aguardando pagamento',
  '2': 'Recebido',
  '3': 'Saque',
};

/** Records still awaiting payment get a check (spec §4); `set` updates a record's status from the answer. */
async function check(page: RegistroPagamento[], signal: AbortSignal, set: (id: string, status: RegistroPagamento['status_pix']) => void) {
  for (const rec of page.filter((x) => x.status_pix === '1')) {
    const c = await consultarPagamento(rec.id, null);
    if (signal.aborted || c.error !== undefined) continue;
    const st = c.pago ? '2' : c.expirado ? '0' : '1';
    if (st !== '1') set(rec.id, st);
  }
}

export function PaymentHistory({ core, onClose }: { core: Core; onClose: () => void }) {
  // What the payment checks found, by record (over the status the page came with).
  const [checked, setChecked] = useState<Record<string, RegistroPagamento['status_pix']>>({});
  const items = usePagedList<RegistroPagamento>('historico', async (cursor, signal) => {
    const r = await pegarHistoricoPagamentos(cursor);
    if (r.error !== undefined) console.error('pegar_historico_pagamentos:', r.error);
    else void check(r.fechados, signal, (id, st) => setChecked((c) => ({ ...c, [id]: st })));
    return pageOf(r, (a) => a.fechados);
  });
  const rows = items.rows?.map((r) => (checked[r.id] ? { ...r, status_pix: checked[r.id] } : r)) ?? null;

  return (
    <Dialog title="Histórico de pagamentos" onClose={onClose} className="wizard-dlg">
      {rows === null ? (
        <p className="muted" role="status">Carregando...</p>
      ) : rows.length === 0 ? (
        <p className="muted">Nenhum pagamento encontrado.</p>
      ) : (
        <table className="table">
          <thead>
            <tr><th>Data</th><th>Cliente</th><th>Valor</th><th>Situação</th></tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{formatOrderTime(r.horario_pedido)}</td>
                <td>{r.cliente_nome ?? ''}</td>
                <td>{core.money_format(core.money_from_reais(r.valor))}</td>
                <td>{SITUACAO_PAGAMENTO[r.status_pix] ?? r.status_pix}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <LoadMore list={items} />
    </Dialog>
  );
}
