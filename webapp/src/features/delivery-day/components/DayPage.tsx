/**
 * 'Dia de entrega', /painel/{userforn}/dia (decisions.md §36), reached from Entregas: for a date
 * (today in São Paulo by default, decisions.md §40) the store's paid or in-person orders, as a
 * packing list (totals per product and option, then each order; printable on A4, and as CSV) and
 * as a route of the deliveries from the store's start point, ordered by wasm-core
 * (docs/delivery-route.md), which the supplier may reorder (drag, or the arrows). Per stop: Google
 * Maps, Waze, WhatsApp, call, and 'Entregue' (the panel's confirmation). Works offline once
 * opened: the day is kept in local storage, and 'Entregue' taps made offline are sent when the
 * network returns ([offline]). The packing list is `PackingList`, the route `RouteSection`.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { NotFound } from '@/components/NotFound';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useSession } from '@/lib/session';
import { isoDay } from '@/lib/time';
import { confirmarEntrega, pegarDiaEntrega, type DiaEntrega, type PedidoDoDia } from '../api/day';
import { dequeue, enqueue, queued, saveDay, savedDay } from '../offline';
import { packingCsv } from '../packing';
import { PackingList } from './PackingList';
import { RouteSection } from './RouteSection';
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
