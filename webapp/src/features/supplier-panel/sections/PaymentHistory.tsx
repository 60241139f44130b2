/**
 * The payment history modal: a table Data, Cliente, Valor, Situação, with the record codes of
 * spec §4 ('0' Expirado, '1' Aguardando pagamento — which triggers a payment check —, '2'
 * Recebido, '3' Saque).
 */
import { useEffect, useState } from 'react';
import { Dialog } from '@/components/Dialog';
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

export function PaymentHistory({ core, onClose }: { core: Core; onClose: () => void }) {
  const [rows, setRows] = useState<RegistroPagamento[] | null>(null);

  useEffect(() => {
    let alive = true;
    void pegarHistoricoPagamentos().then(async (r) => {
      if (!alive) return;
      if (r.error !== undefined) {
        console.error('pegar_historico_pagamentos:', r.error);
        return setRows([]);
      }
      setRows(r.fechados);
      // Records still awaiting payment get a check (spec §4); the answer updates their status.
      for (const rec of r.fechados.filter((x) => x.status_pix === '1')) {
        const c = await consultarPagamento(rec.id, null);
        if (!alive || c.error !== undefined) continue;
        const st = c.pago ? '2' : c.expirado ? '0' : '1';
        if (st !== '1') setRows((l) => l && l.map((x) => (x.id === rec.id ? { ...x, status_pix: st } : x)));
      }
    });
    return () => {
      alive = false;
    };
  }, []);

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
    </Dialog>
  );
}
