/**
 * Entregas: 'Entregas Pendentes' (live: the panel refetches them on every order event of the
 * server's stream)
 * and 'Histórico de Entregas' by year and month (years from the first order's to now, decisions
 * §14; default the current year and month). Each entry: type (Entrega / Retirada no local),
 * order time, customer's name and 'Detalhes'. 'Nenhuma entrega encontrada.', 'Carregando
 * entregas...'.
 */
import { useEffect, useState } from 'react';
import { formatOrderTime, isDelivery } from '@/lib/orders';
import { diaNoBrasil } from '@/lib/time';
import { pegarEntregas } from '../api/actions';
import type { Pedido } from '../api/actions';
import { DeliveryDetail } from './DeliveryDetail';
import { MonthYear, useYears } from './MonthYear';
import type { PanelViewProps } from './types';

export default function Deliveries({ usuario, forn, live, pendentes, onOrdersChanged }: PanelViewProps) {
  const [tab, setTab] = useState<'pendentes' | 'historico'>('pendentes');
  const [detail, setDetail] = useState<Pedido | null>(null);
  // This month in Brazilian time (decisions.md §40).
  const [ano, setAno] = useState(() => diaNoBrasil().ano);
  const [mes, setMes] = useState(() => diaNoBrasil().mes);
  const [hist, setHist] = useState<{ key: string; list: Pedido[]; anos?: number[] } | null>(null);
  const key = `${ano}-${mes}`;

  useEffect(() => {
    if (tab !== 'historico') return;
    let alive = true;
    void pegarEntregas(ano, mes).then((r) => {
      if (!alive) return;
      if (r.error !== undefined) console.error('pegar_entregas:', r.error);
      setHist({ key: `${ano}-${mes}`, list: r.error !== undefined ? [] : Object.values(r.all), anos: r.error !== undefined ? undefined : r.anos });
    });
    return () => {
      alive = false;
    };
  }, [tab, usuario, ano, mes, live]);
  const years = useYears(hist?.anos ?? forn.anos);

  if (detail) {
    return (
      <DeliveryDetail
        usuario={usuario}
        pedido={detail}
        historico={tab === 'historico'}
        live={live}
        onBack={() => setDetail(null)}
        onDone={() => {
          setDetail(null);
          onOrdersChanged();
        }}
      />
    );
  }

  const list = tab === 'pendentes' ? pendentes : hist?.key === key ? hist.list : null;
  return (
    <div>
      <div className="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'pendentes'} className={`tab${tab === 'pendentes' ? ' tab--on' : ''}`} onClick={() => setTab('pendentes')}>
          Entregas Pendentes
          {pendentes && pendentes.length > 0 && (
            <span className="panel-menu__count tab__count" aria-hidden="true">
              {pendentes.length}
            </span>
          )}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'historico'} className={`tab${tab === 'historico' ? ' tab--on' : ''}`} onClick={() => setTab('historico')}>
          Histórico de Entregas
        </button>
      </div>
      {tab === 'historico' && <MonthYear years={years} ano={ano} mes={mes} onAno={setAno} onMes={setMes} />}
      {list === null ? (
        <p className="muted" role="status">Carregando entregas...</p>
      ) : list.length === 0 ? (
        <p className="muted">Nenhuma entrega encontrada.</p>
      ) : (
        <ul className="order-list" aria-label={tab === 'pendentes' ? 'Entregas pendentes' : 'Histórico'}>
          {[...list].sort((a, b) => b.Infos.horario_pedido - a.Infos.horario_pedido).map((p) => (
            <li key={p.id} className="order-card">
              <strong>{isDelivery(p) ? 'Entrega' : 'Retirada no local'}</strong>
              <span>{formatOrderTime(p.Infos.horario_pedido)}</span>
              <span>{p.Infos.cliente_nome ?? ''}</span>
              <button type="button" className="btn btn--small" onClick={() => setDetail(p)}>
                Detalhes
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
