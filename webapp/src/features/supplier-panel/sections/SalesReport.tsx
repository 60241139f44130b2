/**
 * Pagamentos' 'Relatório de vendas': a year's sales per month and per product from the ledger
 * (`pegar_relatorio_vendas`: quantity, gross, coupons, fees, refunds, net received; Pix orders,
 * the money that passes through Feira), and each month's — or the year's — CSV for the accountant
 * (../salesReportCsv.ts).
 */
import { useEffect, useState } from 'react';
import { formatReais } from '@/lib/display';
import { brazilDay } from '@/lib/time';
import { pegarRelatorioVendas } from '../api/actions';
import { nomeArquivo, salesCsv, type SalesReportMonth, type SalesReportData } from '../salesReportCsv';

function baixar(meses: SalesReportMonth[], periodo: string) {
  const url = URL.createObjectURL(new Blob([salesCsv(meses)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = nomeArquivo(periodo);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function SalesReport() {
  const [ano, setAno] = useState(() => brazilDay().ano);
  const [rel, setRel] = useState<{ ano: number; r: SalesReportData | null; erro: string | null } | null>(null);

  useEffect(() => {
    let alive = true;
    void pegarRelatorioVendas(ano).then((r) => {
      if (!alive) return;
      setRel(r.error !== undefined ? { ano, r: null, erro: r.error } : { ano, r, erro: null });
    });
    return () => {
      alive = false;
    };
  }, [ano]);

  const current = rel?.ano === ano ? rel : null;
  // A report without months (an older server's answer) shows as empty.
  const meses = current?.r?.meses ?? [];
  return (
    <section className="sales-report" aria-labelledby="relatorio-titulo">
      <h3 id="relatorio-titulo">Relatório de vendas</h3>
      <p className="muted">Vendas pagas por Pix, por mês e por produto, para a sua contabilidade.</p>
      <label className="field">
        <span className="field__label">Ano</span>
        <select className="input" value={ano} onChange={(e) => setAno(Number(e.target.value))}>
          {Array.from({ length: 5 }, (_, i) => brazilDay().ano - i).map((y) => (
            <option key={y}>{y}</option>
          ))}
        </select>
      </label>
      {!current && <p className="muted" role="status">Carregando...</p>}
      {current?.erro && <p className="form__error" role="alert">{current.erro}</p>}
      {current?.r && meses.length === 0 && <p className="muted">Nenhuma venda neste ano.</p>}
      {meses.length > 0 && (
        <>
          {meses.map((m) => (
            <div key={m.mes} className="sales-report__month" data-testid="relatorio-mes">
              <h4>{m.mes.split('-').reverse().join('/')}</h4>
              <table className="sales-report__table">
                <thead>
                  <tr>
                    <th>Produto</th>
                    <th>Qtd.</th>
                    <th>Bruto</th>
                    <th>Cupons</th>
                    <th>Taxas</th>
                    <th>Devolvido</th>
                    <th>Líquido</th>
                  </tr>
                </thead>
                <tbody>
                  {[...m.produtos, { produto: 'Total do mês', ...m.total }].map((p) => (
                    <tr key={p.produto}>
                      <td>{p.produto}</td>
                      <td>{p.quantidade}</td>
                      <td>{formatReais(p.bruto)}</td>
                      <td>{formatReais(p.cupons)}</td>
                      <td>{formatReais(p.taxas)}</td>
                      <td>{formatReais(p.devolvido)}</td>
                      <td>{formatReais(p.liquido)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <button type="button" className="btn btn--ghost btn--small" onClick={() => baixar([m], m.mes)}>
                Baixar CSV do mês
              </button>
            </div>
          ))}
          <button type="button" className="btn btn--ghost" onClick={() => baixar(meses, String(ano))}>
            Baixar CSV do ano
          </button>
        </>
      )}
    </section>
  );
}
