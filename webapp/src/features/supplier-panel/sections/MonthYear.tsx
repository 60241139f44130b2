/**
 * Year and month selectors of the history and of Gestão. Years run from the first order's year
 * (as the server reports it) to the current year (decisions.md §14); months Janeiro to Dezembro.
 */
import { brazilDay } from '@/lib/time';

export const MESES = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'];

/** The years offered: from the earliest reported year to now (just now when none is reported). */
export function useYears(reported?: number[] | null): number[] {
  const now = brazilDay().ano;
  const first = Math.min(now, ...(reported ?? []).filter((y) => Number.isInteger(y) && y > 1999));
  const years: number[] = [];
  for (let y = first; y <= now; y++) years.push(y);
  return years;
}

export function MonthYear({ years, ano, mes, onAno, onMes }: { years: number[]; ano: number; mes: number; onAno: (a: number) => void; onMes: (m: number) => void }) {
  return (
    <div className="month-year">
      <label className="field">
        <span className="field__label">Ano</span>
        <select className="input" value={ano} onChange={(e) => onAno(Number(e.target.value))}>
          {years.map((y) => (
            <option key={y} value={y}>{y}</option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">Mês</span>
        <select className="input" value={mes} onChange={(e) => onMes(Number(e.target.value))}>
          {MESES.map((m, i) => (
            <option key={m} value={i + 1}>{m}</option>
          ))}
        </select>
      </label>
    </div>
  );
}
