/**
 * The sales report as the accountant's CSV (Pagamentos, 'Relatório de vendas'): UTF-8 with a BOM
 * (so spreadsheet programs set to Portuguese open the accents right), `;` between fields, decimal
 * comma, no thousands separator, CRLF line ends; a field with `;`, a quote or a line break is
 * quoted (quotes doubled). One line per product and month, then the month's total, the delivery
 * fees on their own line (`Taxa de entrega`).
 */
import type { Answer } from '@/lib/rpc';

export type SalesReportData = Answer<'pegar_relatorio_vendas'>;
export type SalesReportMonth = SalesReportData['meses'][number];

export const BOM = '\uFEFF';
export const CABECALHO = ['Mês', 'Produto', 'Quantidade', 'Bruto (R$)', 'Cupons (R$)', 'Taxas (R$)', 'Devolvido (R$)', 'Líquido (R$)'];

/** Reais as the CSV writes them: `1234,50`, `-2,40`. */
export function decimal(reais: number): string {
  const centavos = Math.round(reais * 100);
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** A field, quoted when it must be. */
export function csvField(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** 'AAAA-MM' as 'MM/AAAA'. */
export function brazilMonth(mes: string): string {
  const [a, m] = mes.split('-');
  return `${m}/${a}`;
}

type Figuras = SalesReportMonth['total'];

function linha(mes: string, produto: string, f: Figuras): string {
  return [brazilMonth(mes), produto, String(f.quantidade), decimal(f.bruto), decimal(f.cupons), decimal(f.taxas), decimal(f.devolvido), decimal(f.liquido)].map(csvField).join(';');
}

/** The CSV of `meses` (one month or the year), BOM first. */
export function salesCsv(meses: SalesReportMonth[]): string {
  const rows = [CABECALHO.map(csvField).join(';')];
  for (const m of meses) {
    for (const p of m.produtos) rows.push(linha(m.mes, p.produto, p));
    rows.push(linha(m.mes, 'Total do mês', m.total));
  }
  return `${BOM}${rows.join('\r\n')}\r\n`;
}

/** The file's name: `vendas-2026-11.csv`, or `vendas-2026.csv` for the year. */
export function nomeArquivo(periodo: string): string {
  return `vendas-${periodo}.csv`;
}
