/**
 * The day's route of deliveries from the store's start point, ordered by wasm-core
 * (docs/delivery-route.md), which the supplier may reorder (drag, or the arrows); 'Saiu para
 * entrega'; per stop: Google Maps, Waze, WhatsApp, call, and 'Entregue'.
 */
import { useEffect, useMemo, useState } from 'react';
import { formatReais } from '@/lib/display';
import { saiuParaEntrega, type DiaEntrega, type PedidoDoDia } from '../api/day';
import { mapsUrl, telUrl, wazeUrl, whatsappUrl, type MapPoint } from '../links';
import { backToStart, setBackToStart } from '../offline';
import { addressLine } from '../packing';
import { formatKm, loadRoute } from '../route';

function charge(o: PedidoDoDia): string {
  const i = o.pedido.Infos;
  return i.pagamento === '1' ? `Cobrar ${formatReais(i.total_pago)} — pagamento na entrega` : 'Pago';
}

function fullAddress(o: PedidoDoDia): string {
  const i = o.pedido.Infos;
  return [addressLine(i), i.bairro, i.cidade, i.cep].filter((p) => p && p.trim()).join(', ');
}

export function RouteSection({
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
