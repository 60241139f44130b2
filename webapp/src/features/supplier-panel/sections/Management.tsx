/**
 * Gestão: year and month selectors (years from the first order's to now, as `loading_forn_site`
 * reports them), the month's revenue and the products sold (title, option, quantity sold,
 * revenue), from `pegar_gestao` (the server sums the month's orders, cancelled ones left out).
 * 'Nenhum produto vendido neste período.' when there is nothing. Below, the store's reviews with
 * their reply (StoreReviews.tsx).
 */
import { useEffect, useState } from 'react';
import { useCore } from '@/hooks/useCore';
import { capitalizeWords } from '@/lib/display';
import { brazilDay } from '@/lib/time';
import { pegarGestao } from '../api/actions';
import { MonthYear, useYears } from './MonthYear';
import { StoreCaseCounts } from './StoreCaseCounts';
import { StoreReviews } from './StoreReviews';
import type { PanelViewProps } from './types';

type Gestao = { total: number; produtos: { titulo: string; opcao: string | null; quantidade: number; total: number }[] };

export default function Management({ usuario, forn, live }: PanelViewProps) {
  const { core } = useCore();
  // This month in Brazilian time (decisions.md §40).
  const [ano, setAno] = useState(() => brazilDay().ano);
  const [mes, setMes] = useState(() => brazilDay().mes);
  const [data, setData] = useState<{ key: string; g: Gestao | null } | null>(null);
  const key = `${ano}-${mes}`;
  const years = useYears(forn.anos);

  useEffect(() => {
    let alive = true;
    void pegarGestao(ano, mes).then((r) => {
      if (!alive) return;
      if (r.error !== undefined) console.error('pegar_gestao:', r.error);
      setData({ key: `${ano}-${mes}`, g: r.error !== undefined ? null : { total: r.total, produtos: r.produtos ?? [] } });
    });
    return () => {
      alive = false;
    };
  }, [ano, mes, live]);

  const g = data?.key === key ? data.g : undefined;
  const fmt = (reais: number) => (core ? core.money_format(core.money_from_reais(reais)) : '');
  return (
    <div>
      <MonthYear years={years} ano={ano} mes={mes} onAno={setAno} onMes={setMes} />
      {g === undefined || !core ? (
        <p className="muted" role="status">Carregando...</p>
      ) : g === null ? (
        <p className="form__error" role="alert">Algum erro ocorreu!</p>
      ) : (
        <>
          <p className="revenue">
            Faturamento do mês: <strong data-testid="faturamento">{fmt(g.total)}</strong>
          </p>
          {g.produtos.length === 0 ? (
            <p className="muted">Nenhum produto vendido neste período.</p>
          ) : (
            <table className="table">
              <thead>
                <tr><th>Produto</th><th>Opção</th><th>Quantidade</th><th>Faturamento</th></tr>
              </thead>
              <tbody>
                {g.produtos.map((v) => (
                  <tr key={`${v.titulo}|${v.opcao ?? ''}`}>
                    <td>{capitalizeWords(v.titulo)}</td>
                    <td>{v.opcao ?? '—'}</td>
                    <td>{v.quantidade}</td>
                    <td>{fmt(v.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      <StoreReviews usuario={usuario} />
      <StoreCaseCounts />
    </div>
  );
}
