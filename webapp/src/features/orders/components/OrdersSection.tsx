/**
 * The profile panel's 'Histórico de pedidos' (spec §2): heading 'Pedidos', 'Carregando
 * pedidos...' while loading, 'Nenhum pedido encontrado.' when empty, and a card per order (Entrega
 * or Retirada no local, the store, the order time, the total, its status — awaiting payment, paid,
 * delivered, cancelled… — and 'Detalhes'). 'Detalhes' opens the order's detail; a cancelled order
 * comes back marked '00', the detail closes and the list says 'Pedido cancelado.' (and that a Pix
 * paid for it is given back). When the detail sees its Pix paid or expired, the orders are read
 * again (from its first page), so the card says what the detail says. Orders come in pages,
 * 'Carregar mais' under them. Load errors are only logged.
 *
 * `linkedOrder` (the notices' link, `?pedido={id}`): the pages are read until that order shows,
 * and its detail opens as 'Detalhes' would; an order not among the buyer's says
 * 'Pedido não encontrado.' above the list.
 */
import { useCallback, useState } from 'react';
import { LoadMore } from '@/components/LoadMore';
import { pageOf, useLoadAllWhile, usePagedList } from '@/hooks/usePagedList';
import { formatReais } from '@/lib/display';
import { PEDIDO_NAO_ENCONTRADO } from '@/lib/orderLink';
import { scheduledDate, formatOrderTime, isDelivery, orderStatusText } from '@/lib/orders';
import type { Pedido } from '@/types/wire';
import { pegarPedidos } from '../api/pegarPedidos';
import { OrderDetail } from './OrderDetail';
import { ReorderButton } from './ReorderButton';
import '../orders.css';

/** Said above the list after the buyer cancelled an order. */
export const PEDIDO_CANCELADO = 'Pedido cancelado.';
export const PIX_SERA_DEVOLVIDO = 'O valor pago por Pix será devolvido a você.';

export function OrdersSection({ linkedOrder = null }: { linkedOrder?: string | null }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Bumped to read the orders again (a Pix paid or expired while its detail was open).
  const [reading, setReading] = useState(0);
  const readAgain = useCallback(() => setReading((n) => n + 1), []);
  const items = usePagedList<Pedido>(`pedidos-${reading}`, async (cursor, signal) => {
    const r = await pegarPedidos(signal, cursor);
    if (r.error !== undefined) console.error('pegar_pedidos:', r.error);
    return pageOf(r, (a) => a.pedidos);
  });
  const { rows: pedidos, setRows: setPedidos } = items;

  // The linked order: the pages are read until it shows (or the list ends), then it opens once.
  const [sought, setSought] = useState(linkedOrder);
  const [missed, setMissed] = useState(false);
  const found = sought !== null && !!pedidos?.some((p) => p.id === sought);
  const seeking = useLoadAllWhile(items, sought !== null && !found);
  if (sought !== null && pedidos !== null && !items.loadingMore && (found || !seeking)) {
    setSought(null);
    if (found) setOpenId(sought);
    else setMissed(true);
  }

  const open = pedidos?.find((p) => p.id === openId) ?? null;

  if (open) {
    return (
      <OrderDetail
        pedido={open}
        onBack={() => setOpenId(null)}
        onCancelled={(id, pago) => {
          setPedidos((list) => list?.map((p) => (p.id === id ? { ...p, Infos: { ...p.Infos, situacao: '00' } } : p)) ?? null);
          setOpenId(null);
          setNotice(pago ? `${PEDIDO_CANCELADO} ${PIX_SERA_DEVOLVIDO}` : PEDIDO_CANCELADO);
          readAgain();
        }}
        onPixChanged={readAgain}
        onChanged={() => {
          // Received now (decisions.md §37): the review opens at once; the list is read again.
          setPedidos((list) => list?.map((p) => (p.id === open.id ? { ...p, Infos: { ...p.Infos, recebido_em: Date.now(), recebimento: 'comprador' } } : p)) ?? null);
          readAgain();
        }}
      />
    );
  }

  return (
    <section className="profile-section orders" aria-labelledby="pedidos-titulo">
      <h2 id="pedidos-titulo">Pedidos</h2>
      {notice && (
        <p className="form__ok" role="status" data-testid="pedidos-aviso">
          {notice}
        </p>
      )}
      {missed && (
        <p className="form__error" role="alert" data-testid="pedido-nao-encontrado">
          {PEDIDO_NAO_ENCONTRADO}
        </p>
      )}
      {(pedidos === null || sought !== null) && (
        <p className="muted" role="status">
          Carregando pedidos...
        </p>
      )}
      {pedidos?.length === 0 && <p className="muted">Nenhum pedido encontrado.</p>}
      {pedidos && pedidos.length > 0 && (
        <ul className="order-cards">
          {pedidos.map((p) => (
            <li key={p.id} className="order-card" data-testid="pedido">
              <div>
                <strong className="order-card__type">{isDelivery(p) ? 'Entrega' : 'Retirada no local'}</strong>
                <span className="order-card__loja" data-testid="pedido-loja">
                  {p.Infos.nomeforn}
                </span>
                <span className="muted order-card__time">{formatOrderTime(p.Infos.horario_pedido)}</span>
                {scheduledDate(p) && <span data-testid="pedido-data-entrega">{scheduledDate(p)}</span>}
              </div>
              <div className="order-card__end">
                <strong data-testid="pedido-total">{formatReais(p.Infos.total_pago)}</strong>
                <span className={`order-card__status${p.Infos.situacao.startsWith('0') ? ' order-card__status--cancelado' : ''}`} data-testid="pedido-status">
                  {orderStatusText(p)}
                </span>
                <button
                  type="button"
                  className="btn btn--small btn--ghost"
                  onClick={() => {
                    setNotice(null);
                    setMissed(false);
                    setOpenId(p.id);
                  }}
                >
                  Detalhes
                </button>
                <ReorderButton idpedido={p.idpedido} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={items} />
    </section>
  );
}
