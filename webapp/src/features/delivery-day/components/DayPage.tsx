/**
 * 'Dia de entrega', /painel/{userforn}/dia (decisions.md §36), reached from Entregas: for a date
 * (today in São Paulo by default, decisions.md §40) the store's paid or in-person orders, as a
 * packing list (totals per product and option, then each order; printable on A4, and as CSV) and
 * as a route of the deliveries from the store's start point, ordered by wasm-core
 * (docs/delivery-route.md), which the supplier may reorder (drag, or the arrows). Per stop: Google
 * Maps, Waze, WhatsApp, call, and 'Entregue' (the panel's confirmation). Works offline once
 * opened: the day is kept in local storage, and 'Entregue' taps made offline are sent when the
 * network returns ([offline]).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { NotFound } from '@/components/NotFound';
import { usePageTitle } from '@/hooks/usePageTitle';
import { formatReais } from '@/lib/display';
import { useSession } from '@/lib/session';
import { isoDay } from '@/lib/time';
import { confirmarEntrega, pegarDiaEntrega, saiuParaEntrega, type DiaEntrega, type PedidoDoDia } from '../api/day';
import { mapsUrl, telUrl, wazeUrl, whatsappUrl, type MapPoint } from '../links';
import { backToStart, dequeue, enqueue, queued, saveDay, savedDay, setBackToStart } from '../offline';
import { addressLine, capitalizeWords, packingCsv, packingTotals, totalLabel } from '../packing';
import { formatKm, loadRoute } from '../route';
import '../day.css';

const OFFLINE_CODES = new Set(['sem_conexao', 'erro_comunicacao']);

export default function DayPage() {
  const { userforn = '' } = useParams();
  const session = useSession();
  const user = session?.userinfo;
  const allowed = !!user && user.usuario === userforn && !!user.type;
  usePageTitle('Dia de entrega');
  if (!allowed) return <NotFound />;
  return <Day usuario={userforn} />;
}

function Day({ usuario }: { usuario: string }) {
  const [data, setData] = useState(() => isoDay());
  const [day, setDay] = useState<DiaEntrega | null>(null);
  const [offline, setOffline] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string[]>(() => queued(usuario));
  const [done, setDone] = useState<Set<string>>(new Set());

  const load = useCallback(async () => {
    setError(null);
    const r = await pegarDiaEntrega(data);
    if (r.error === undefined) {
      saveDay(usuario, data, r);
      setDay(r);
      setOffline(false);
      return;
    }
    const kept = savedDay<DiaEntrega>(usuario, data);
    if (OFFLINE_CODES.has(r.codigo_erro) && kept) {
      setDay(kept);
      setOffline(true);
    } else {
      setDay(null);
      setError(r.error);
    }
  }, [usuario, data]);

  useEffect(() => {
    // Fetching the date's orders: the state is set when the answer (or the saved copy) arrives.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  /** Sends the queued confirmations, each once. */
  const flush = useCallback(async () => {
    for (const id of queued(usuario)) {
      const r = await confirmarEntrega(id);
      if (r.error !== undefined && OFFLINE_CODES.has(r.codigo_erro)) break;
      // Confirmed now, or already (409): either way it is sent.
      dequeue(usuario, id);
    }
    setPending(queued(usuario));
  }, [usuario]);

  useEffect(() => {
    // Sending what waits in the queue: the count is set once the server answered.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void flush();
    const online = () => {
      void flush().then(load);
    };
    window.addEventListener('online', online);
    // A server that stops answering while the phone stays "online" fires no event: try again
    // every 15 s while something waits.
    const retry = window.setInterval(() => {
      if (queued(usuario).length > 0) online();
    }, 15_000);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(retry);
    };
  }, [flush, load, usuario]);

  /** Marks order `id` delivered in the page and in the day kept offline. */
  const markDelivered = (id: string) => {
    setDone((d) => new Set(d).add(id));
    setDay((d) => {
      if (!d) return d;
      const next = {
        ...d,
        pedidos: d.pedidos.map((o) => (o.pedido.id === id ? { ...o, pedido: { ...o.pedido, Infos: { ...o.pedido.Infos, situacao: '2' as const } } } : o)),
      };
      saveDay(usuario, data, next);
      return next;
    });
  };

  const entregue = async (id: string) => {
    const r = await confirmarEntrega(id);
    if (r.error === undefined) {
      markDelivered(id);
      return;
    }
    if (OFFLINE_CODES.has(r.codigo_erro)) {
      enqueue(usuario, id);
      setPending(queued(usuario));
      markDelivered(id);
      return;
    }
    setError(r.error);
  };

  const orders = day?.pedidos ?? [];
  const dated = orders.filter((o) => !o.sem_data);
  const undated = orders.filter((o) => o.sem_data);
  const pedidos = orders.map((o) => o.pedido);
  const delivered = (o: PedidoDoDia) => done.has(o.pedido.id) || o.pedido.Infos.situacao === '2';

  const downloadCsv = () => {
    const blob = new Blob([packingCsv(pedidos)], { type: 'text/csv;charset=utf-8' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `separacao-${data}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(a.href);
  };

  return (
    <div className="day">
      <header className="day__header no-print">
        <Link to={`/painel/${usuario}`}>← Voltar ao painel</Link>
        <h1>Dia de entrega</h1>
        <label>
          Data{' '}
          <input type="date" value={data} onChange={(e) => e.target.value && setData(e.target.value)} />
        </label>
        {offline && (
          <p className="day__offline" role="status">
            Sem conexão: mostrando os dados salvos deste dia.
          </p>
        )}
        {pending.length > 0 && (
          <p className="day__offline" role="status">
            {pending.length === 1 ? '1 confirmação será enviada' : `${pending.length} confirmações serão enviadas`} quando a conexão voltar.
          </p>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </header>
      {day === null ? (
        !error && <p className="muted" role="status">Carregando...</p>
      ) : orders.length === 0 ? (
        <p className="muted">Nenhum pedido para esta data.</p>
      ) : (
        <>
          <PackingList day={day} dated={dated} undated={undated} onCsv={downloadCsv} />
          <RouteSection
            key={`${day.data}|${orders.length}`}
            usuario={usuario}
            day={day}
            stops={orders.filter((o) => o.pedido.Infos.tipo_entrega === 'Entrega')}
            delivered={delivered}
            onDelivered={(id) => void entregue(id)}
          />
        </>
      )}
    </div>
  );
}

function PackingList({ day, dated, undated, onCsv }: { day: DiaEntrega; dated: PedidoDoDia[]; undated: PedidoDoDia[]; onCsv: () => void }) {
  const totals = packingTotals(day.pedidos.map((o) => o.pedido));
  return (
    <section className="day__packing" aria-labelledby="separacao">
      <h2 id="separacao">Separação</h2>
      <div className="no-print day__actions">
        <button type="button" className="btn" onClick={() => window.print()}>
          Imprimir
        </button>
        <button type="button" className="btn" onClick={onCsv}>
          Baixar CSV
        </button>
      </div>
      <ul className="day__totals" aria-label="Totais por produto">
        {totals.map((t) => (
          <li key={`${t.titulo}|${t.opcao ?? ''}`}>{totalLabel(t)}</li>
        ))}
      </ul>
      <OrderBlocks orders={dated} />
      {undated.length > 0 && (
        <>
          <h3>Sem data marcada</h3>
          <OrderBlocks orders={undated} />
        </>
      )}
    </section>
  );
}

function OrderBlocks({ orders }: { orders: PedidoDoDia[] }) {
  return (
    <>
      {orders.map(({ pedido }) => (
        <article key={pedido.id} className="day__order" aria-label={`Pedido de ${pedido.Infos.cliente_nome}`}>
          <h4>
            {pedido.Infos.cliente_nome} — {pedido.Infos.tipo_entrega === 'Entrega' ? 'Entrega' : 'Retirada'}
            {pedido.Infos.janela_inicio && pedido.Infos.janela_fim ? `, ${pedido.Infos.janela_inicio}–${pedido.Infos.janela_fim}` : ''}
          </h4>
          <ul>
            {pedido.Produtos.map((l, i) => (
              <li key={i}>
                <label>
                  <input type="checkbox" /> {l.quantidade} × {capitalizeWords(l.titulo)}
                  {l.opcao ? ` (${l.opcao})` : ''}
                  {l.observacao ? ` · Obs.: ${l.observacao}` : ''}
                </label>
              </li>
            ))}
          </ul>
          {pedido.Infos.observacao && <p className="day__note">Observação do cliente: {pedido.Infos.observacao}</p>}
        </article>
      ))}
    </>
  );
}

function charge(o: PedidoDoDia): string {
  const i = o.pedido.Infos;
  return i.pagamento === '1' ? `Cobrar ${formatReais(i.total_pago)} — pagamento na entrega` : 'Pago';
}

function fullAddress(o: PedidoDoDia): string {
  const i = o.pedido.Infos;
  return [addressLine(i), i.bairro, i.cidade, i.cep].filter((p) => p && p.trim()).join(', ');
}

function RouteSection({
  usuario,
  day,
  stops,
  delivered,
  onDelivered,
}: {
  usuario: string;
  day: DiaEntrega;
  stops: PedidoDoDia[];
  delivered: (o: PedidoDoDia) => boolean;
  onDelivered: (id: string) => void;
}) {
  const [voltar, setVoltar] = useState(() => backToStart(usuario));
  const [sortOrder, setSortOrder] = useState<number[] | null>(null);
  const [noPlace, setNoPlace] = useState<number[]>([]);
  const [km, setKm] = useState<number | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [told, setTold] = useState<string | null>(null);
  const paradas = useMemo(() => stops.map((s) => (s.local ?? null) as MapPoint | null), [stops]);
  const origem = (day.origem ?? null) as MapPoint | null;

  useEffect(() => {
    let live = true;
    void loadRoute().then((r) => {
      if (!live) return;
      const planned = r.route_plan({ origem, paradas, voltar });
      setSortOrder(planned.ordem);
      setNoPlace(planned.sem_localizacao);
      setKm(planned.distancia_km);
    });
    return () => {
      live = false;
    };
  }, [origem, paradas, voltar]);

  const reorder = (next: number[]) => {
    setSortOrder(next);
    void loadRoute().then((r) => setKm(r.route_length_km({ origem, paradas: next.map((i) => paradas[i] ?? null), voltar })));
  };
  const move = (from: number, to: number) => {
    if (!sortOrder || to < 0 || to >= sortOrder.length || from === to) return;
    const next = [...sortOrder];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    reorder(next);
  };

  return (
    <section className="day__route" aria-labelledby="rota">
      <h2 id="rota">Rota</h2>
      <label className="no-print">
        <input
          type="checkbox"
          checked={voltar}
          onChange={(e) => {
            setVoltar(e.target.checked);
            setBackToStart(usuario, e.target.checked);
          }}
        />{' '}
        Voltar ao ponto de partida
      </label>
      {!origem && <p className="muted">Sem ponto de partida cadastrado: a rota começa na primeira parada.</p>}
      {stops.length > 0 && (
        <p className="no-print">
          <button
            type="button"
            className="btn"
            onClick={() => {
              void saiuParaEntrega(stops.map((s) => s.pedido.id)).then((r) => {
                if (r.error !== undefined) setTold(r.error);
                else setTold(r.avisados === 1 ? '1 comprador avisado por e-mail.' : `${r.avisados} compradores avisados por e-mail.`);
              });
            }}
          >
            Saiu para entrega
          </button>{' '}
          {told && <span role="status">{told}</span>}
        </p>
      )}
      {stops.length === 0 ? (
        <p className="muted">Nenhuma entrega nesta data.</p>
      ) : sortOrder === null ? (
        <p className="muted" role="status">Calculando rota...</p>
      ) : (
        <>
          <p className="day__km" data-testid="distancia">
            Distância total: {km === null ? '—' : formatKm(km)} (em linha reta)
          </p>
          <ol className="day__stops">
            {sortOrder.map((index, position) => {
              const s = stops[index]!;
              return (
                <li
                  key={s.pedido.id}
                  draggable
                  onDragStart={() => setDragged(position)}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={() => {
                    if (dragged !== null) move(dragged, position);
                    setDragged(null);
                  }}
                >
                  <Stop stop={s} loja={day.loja} delivered={delivered(s)} onDelivered={onDelivered} />
                  <span className="day__move no-print">
                    <button type="button" aria-label={`Subir ${s.pedido.Infos.cliente_nome}`} disabled={position === 0} onClick={() => move(position, position - 1)}>
                      ↑
                    </button>
                    <button type="button" aria-label={`Descer ${s.pedido.Infos.cliente_nome}`} disabled={position === sortOrder.length - 1} onClick={() => move(position, position + 1)}>
                      ↓
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
          {noPlace.length > 0 && (
            <>
              <h3>Sem localização</h3>
              <ul className="day__stops">
                {noPlace.map((index) => (
                  <li key={stops[index]!.pedido.id}>
                    <Stop stop={stops[index]!} loja={day.loja} delivered={delivered(stops[index]!)} onDelivered={onDelivered} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

function Stop({ stop, loja, delivered, onDelivered }: { stop: PedidoDoDia; loja: string; delivered: boolean; onDelivered: (id: string) => void }) {
  const i = stop.pedido.Infos;
  const address = fullAddress(stop);
  const point = (stop.local ?? null) as MapPoint | null;
  const whats = whatsappUrl(i.cliente_telefone, i.cliente_nome, loja);
  const tel = telUrl(i.cliente_telefone);
  return (
    <div className="day__stop" aria-label={`Parada de ${i.cliente_nome}`}>
      <strong>{i.cliente_nome}</strong>
      <div>{address}</div>
      {i.cliente_telefone && <div>{i.cliente_telefone}</div>}
      <div className="day__charge">{charge(stop)}</div>
      <div className="day__links no-print">
        <a href={mapsUrl(point, address)} target="_blank" rel="noreferrer">
          Google Maps
        </a>
        <a href={wazeUrl(point, address)} target="_blank" rel="noreferrer">
          Waze
        </a>
        {whats && (
          <a href={whats} target="_blank" rel="noreferrer">
            WhatsApp
          </a>
        )}
        {tel && <a href={tel}>Ligar</a>}
        {delivered ? (
          <span className="day__done">Entregue ✓</span>
        ) : (
          <button type="button" className="btn btn--primary" onClick={() => onDelivered(stop.pedido.id)}>
            Entregue
          </button>
        )}
      </div>
    </div>
  );
}
