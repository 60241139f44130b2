/**
 * Entregas: 'Entregas Pendentes' (live: the panel refetches them on every order event of the
 * server's stream)
 * and 'Histórico de Entregas' by year and month (years from the first order's to now, decisions
 * §14; default the current year and month). Each entry: type (Entrega / Retirada no local),
 * order time, customer's name, its total and (in the history) its status, and 'Detalhes'.
 * 'Nenhuma entrega encontrada.', 'Carregando entregas...'. Both lists come in pages, 'Carregar
 * mais' under them (the count on the tab is every pending delivery).
 *
 * `linkedOrder` (the notices' link, `?pedido={id}`): the order is looked for among the pending
 * deliveries, then in the history of this month and the eleven before, and its detail opens as
 * 'Detalhes' would (in the history's tab when found there); an order not found says
 * 'Pedido não encontrado.'.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadMore } from '@/components/LoadMore';
import { pageOf, usePagedList } from '@/hooks/usePagedList';
import { formatReais } from '@/lib/display';
import { PEDIDO_NAO_ENCONTRADO, findInPages, monthsBack } from '@/lib/orderLink';
import { scheduledDate, formatOrderTime, isDelivery, orderStatusText } from '@/lib/orders';
import { brazilDay } from '@/lib/time';
import { pegarEntregas, pegarEntregasPendentes } from '../api/actions';
import type { Pedido } from '../api/actions';
import { DeliveryDetail } from './DeliveryDetail';
import { MonthYear, useYears } from './MonthYear';
import type { PanelViewProps } from './types';

/** How many months of the history a linked order is looked for in (this one included). */
const LINKED_MONTHS = 12;

export default function Deliveries({ usuario, forn, live, pendentes, totalPendentes, onOrdersChanged, linkedOrder = null }: PanelViewProps) {
  const [tab, setTab] = useState<'pendentes' | 'historico'>('pendentes');
  const [detail, setDetail] = useState<Pedido | null>(null);
  // This month in Brazilian time (decisions.md §40).
  const [ano, setAno] = useState(() => brazilDay().ano);
  const [mes, setMes] = useState(() => brazilDay().mes);
  const [anos, setAnos] = useState<number[] | undefined>(undefined);
  const pend = usePagedList<Pedido>(
    'pendentes',
    async (cursor) => pageOf(await pegarEntregasPendentes(cursor), (a) => a.entregas),
    pendentes,
  );
  const hist = usePagedList<Pedido>(tab === 'historico' ? `${usuario}|${ano}-${mes}|${live}` : '', async (cursor) => {
    if (tab !== 'historico') return { rows: [], proximo: null };
    const r = await pegarEntregas(ano, mes, cursor);
    if (r.error !== undefined) console.error('pegar_entregas:', r.error);
    else setAnos(r.anos);
    // A page's map, oldest first as the pages run.
    return pageOf(r, (a) => Object.values(a.all).sort((x, y) => x.Infos.horario_pedido - y.Infos.horario_pedido));
  });
  const years = useYears(anos ?? forn.anos);

  // The linked order: pending first, then the history month by month, newest first.
  const [seeking, setSeeking] = useState(linkedOrder !== null);
  const [missed, setMissed] = useState(false);
  useEffect(() => {
    if (linkedOrder === null) return undefined;
    const ctrl = new AbortController();
    const isIt = (p: Pedido) => p.id === linkedOrder;
    void (async () => {
      const pending = await findInPages(async (cursor) => pageOf(await pegarEntregasPendentes(cursor), (a) => a.entregas), isIt, ctrl.signal);
      let hit: { pedido: Pedido; ano: number; mes: number } | null = null;
      if (!pending) {
        const today = brazilDay();
        for (const m of monthsBack(today.ano, today.mes, LINKED_MONTHS)) {
          if (ctrl.signal.aborted) return;
          const p = await findInPages(async (cursor) => pageOf(await pegarEntregas(m.ano, m.mes, cursor), (a) => Object.values(a.all)), isIt, ctrl.signal);
          if (p) {
            hit = { pedido: p, ...m };
            break;
          }
        }
      }
      if (ctrl.signal.aborted) return;
      setSeeking(false);
      if (pending) {
        setDetail(pending);
      } else if (hit) {
        setTab('historico');
        setAno(hit.ano);
        setMes(hit.mes);
        setDetail(hit.pedido);
      } else {
        setMissed(true);
      }
    })();
    return () => ctrl.abort();
  }, [linkedOrder]);

  if (seeking) {
    return (
      <p className="muted" role="status">
        Carregando entregas...
      </p>
    );
  }

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

  const items = tab === 'pendentes' ? pend : hist;
  const list = items.rows;
  const count = totalPendentes ?? pendentes?.rows.length ?? 0;
  return (
    <div>
      <p>
        <Link to={`/painel/${usuario}/dia`} className="btn">
          Dia de entrega
        </Link>
      </p>
      {missed && (
        <p className="form__error" role="alert" data-testid="pedido-nao-encontrado">
          {PEDIDO_NAO_ENCONTRADO}
        </p>
      )}
      <div className="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'pendentes'} className={`tab${tab === 'pendentes' ? ' tab--on' : ''}`} onClick={() => setTab('pendentes')}>
          Entregas Pendentes
          {count > 0 && (
            <span className="panel-menu__count tab__count" aria-hidden="true">
              {count}
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
          {/* Newest first, in both tabs, as before the lists paged. */}
          {[...list].sort((a, b) => b.Infos.horario_pedido - a.Infos.horario_pedido).map((p) => (
            <li key={p.id} className="order-card">
              <strong>{isDelivery(p) ? 'Entrega' : 'Retirada no local'}</strong>
              <span>{formatOrderTime(p.Infos.horario_pedido)}</span>
              {scheduledDate(p) && <span data-testid="entrega-data">{scheduledDate(p)}</span>}
              <span>{p.Infos.cliente_nome ?? ''}</span>
              <span data-testid="entrega-total">{formatReais(p.Infos.total_pago)}</span>
              {p.Infos.observacao && (
                <span className="muted order-card__note" data-testid="entrega-observacao">
                  Obs.: {p.Infos.observacao}
                </span>
              )}
              {tab === 'historico' && (
                <span className={`order-card__status${p.Infos.situacao.startsWith('0') ? ' order-card__status--cancelado' : ''}`} data-testid="entrega-status">
                  {orderStatusText(p)}
                </span>
              )}
              <button type="button" className="btn btn--small" onClick={() => setDetail(p)}>
                Detalhes
              </button>
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={items} />
    </div>
  );
}
