/**
 * 'Detalhes do Pedido' (spec §2 'Histórico de pedidos'), with 'Voltar': the status headline, the
 * lines (icon or placeholder, title, option, quantity, amount paid), the products' price, the
 * delivery fee (delivery only), the coupon if any (code and discount), then the total, the payment
 * (Pix with its checked status, or Presencial), the delivery or pickup icon, the address with its complement (delivery),
 * the seller's name and phone with a WhatsApp button, and 'Cancelar pedido' (confirm 'Cancelar
 * Pedido?') only while the order awaits delivery. A delivered order can be rated (OrderReview,
 * decisions.md §33).
 *
 * Pix check (spec §4): an order whose status_pix is '1' shows 'Verificando pagamento...' while
 * `consultar_pagamento` answers, then 'Pago', 'Expirado' or 'Pendente'. A Pix that came in and is
 * given back (`pix_devolvido`: another amount, paid after the deadline, a paid order cancelled)
 * is said as it is ('Recebemos um Pix de valor diferente e o devolvemos'); such an order is never
 * called expired ('Devolvido' instead, decisions.md §28). Amounts are formatted by wasm-core.
 */
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { WhatsAppIcon } from '@/components/icons';
import { DeliveryIcon, PickupIcon, ProductPlaceholderIcon } from '@/components/OrderIcons';
import { PixPayment } from '@/components/PixPayment';
import { useStatusDialog } from '@/components/status-dialog';
import { useCore } from '@/hooks/useCore';
import { whatsappUrl } from '@/lib/display';
import { canCancel, formatOrderTime, isDelivery, isPix, situacaoLabel, textoPixDevolvido } from '@/lib/orders';
import type { Pedido, PixDevolvido } from '@/types/wire';
import { cancelarPedido } from '../api/cancelarPedido';
import { consultarPagamento } from '../api/consultarPagamento';
import { OrderReview } from './OrderReview';

export type PixCheck = 'Verificando pagamento...' | 'Pago' | 'Expirado' | 'Pendente' | 'Devolvido';

function initialPix(p: Pedido): PixCheck | null {
  if (!isPix(p)) return null;
  switch (p.Infos.status_pix) {
    case '1':
      return 'Verificando pagamento...';
    case '2':
      return 'Pago';
    case '0':
      return 'Expirado';
    default:
      return 'Pendente';
  }
}

export interface OrderDetailProps {
  pedido: Pedido;
  onBack: () => void;
  onCancelled: (id: string) => void;
}

export function OrderDetail({ pedido, onBack, onCancelled }: OrderDetailProps) {
  const { core } = useCore();
  const status = useStatusDialog();
  const [pix, setPix] = useState<PixCheck | null>(() => initialPix(pedido));
  const [confirming, setConfirming] = useState(false);
  const [devolvidoAgora, setDevolvidoAgora] = useState<PixDevolvido | null>(null);
  const info = pedido.Infos;
  const devolvido = devolvidoAgora ?? info.pix_devolvido ?? null;
  // Money came in: never 'Expirado' (as if nothing had been paid).
  const pixShown: PixCheck | null = pix === 'Expirado' && devolvido ? 'Devolvido' : pix;
  const entrega = isDelivery(pedido);
  const telefone = info.telefoneforn ?? pedido.Produtos.find((l) => l.telefone)?.telefone ?? null;
  const money = (v: number | null | undefined) => (core && v != null ? core.money_format(core.money_from_reais(v)) : '…');

  useEffect(() => {
    if (!isPix(pedido) || pedido.Infos.status_pix !== '1') return;
    const ctrl = new AbortController();
    void consultarPagamento(pedido, ctrl.signal).then((r) => {
      if (ctrl.signal.aborted) return;
      if (r.error !== undefined) {
        console.error('consultar_pagamento:', r.error);
        setPix('Pendente');
        return;
      }
      setPix(r.pago ? 'Pago' : r.expirado ? 'Expirado' : 'Pendente');
      if (r.pix_devolvido) setDevolvidoAgora(r.pix_devolvido);
    });
    return () => ctrl.abort();
  }, [pedido]);

  async function cancel() {
    setConfirming(false);
    status.loading();
    const r = await cancelarPedido(pedido);
    if (r.error !== undefined) {
      // A refusal (`conflito`: no longer cancellable, already paid out) names its reason; any
      // other failure is the status dialog's 'Algum erro ocorreu!' (spec §8).
      status.error(r.codigo_erro === 'conflito' ? r.error : undefined);
      return;
    }
    status.close();
    onCancelled(pedido.id);
  }

  const headline = situacaoLabel(info.situacao);

  return (
    <section className="profile-section order-detail" aria-labelledby="pedido-titulo">
      <div className="order-detail__head">
        <button type="button" className="btn btn--small btn--ghost" onClick={onBack}>
          Voltar
        </button>
        <h2 id="pedido-titulo">Detalhes do Pedido</h2>
      </div>
      <p className={`order-status${headline === 'Cancelado' ? ' order-status--cancelado' : ''}`} data-testid="situacao">
        {headline}
      </p>
      <p className="muted">{formatOrderTime(info.horario_pedido)}</p>

      <ul className="order-lines">
        {pedido.Produtos.map((l, i) => (
          <li key={i} className="order-line">
            {l.icone ? (
              <img src={l.icone} alt="" width={48} height={48} loading="lazy" />
            ) : (
              <span className="thumb-ph" aria-hidden="true">
                <ProductPlaceholderIcon />
              </span>
            )}
            <div>
              <div className="order-line__title">{l.titulo}</div>
              <div className="order-line__meta">
                {l.opcao && <span>{l.opcao} · </span>}
                <span>Quantidade: {l.quantidade}</span>
              </div>
            </div>
            <strong>{money(l.pago)}</strong>
          </li>
        ))}
      </ul>

      <dl className="order-rows">
        <dt>Preço dos produtos</dt>
        <dd>{money(info.preco_produtos)}</dd>
        {entrega && (
          <>
            <dt>Taxa de entrega</dt>
            <dd>{money(info.taxa_entrega ?? 0)}</dd>
          </>
        )}
        {info.cupom && (
          <>
            <dt>Cupom {info.cupom.codigo}</dt>
            <dd data-testid="desconto-cupom">{info.desconto != null ? `- ${money(info.desconto)}` : info.cupom.codigo}</dd>
          </>
        )}
        <dt className="order-total">Total</dt>
        <dd className="order-total" data-testid="total-pago">
          {money(info.total_pago)}
        </dd>
      </dl>

      <div className="order-block">
        <p>
          Pagamento: <strong>{pixShown ? 'Pix' : 'Presencial'}</strong>
          {pixShown && (
            <>
              {' — '}
              <span className={`pix-status pix-status--${pixShown === 'Pago' ? 'pago' : pixShown === 'Expirado' ? 'expirado' : 'pendente'}`} role="status" data-testid="pix-status">
                {pixShown}
              </span>
            </>
          )}
        </p>
        {/* A cancelled paid order's refund is told by its state below. */}
        {devolvido && !(devolvido === 'cancelamento' && info.reembolsado) && <p data-testid="pix-devolvido">{textoPixDevolvido(devolvido)}</p>}
        {info.reembolsado && (
          <p data-testid="devolucao">
            {info.devolucao === 'devolvido'
              ? 'O valor pago por Pix foi devolvido.'
              : info.devolucao === 'falhou' || info.devolucao === 'nao_realizado'
                ? 'A devolução do seu Pix está sendo verificada pela Feira.'
                : 'O valor pago por Pix está sendo devolvido.'}
          </p>
        )}
        {pixShown === 'Pendente' && info.qrcode && canCancel(pedido) && <PixPayment qrcode={info.qrcode} imagem={info.imagem_qrcode} />}
      </div>

      <div className="order-block">
        <p className="order-mode">
          {entrega ? <DeliveryIcon /> : <PickupIcon />}
          {entrega ? 'Entrega' : 'Retirada no local'}
        </p>
        {entrega && info.rua && (
          <p>
            {info.rua}, {info.numero}
            {info.complemento ? ` - ${info.complemento}` : ''}
            {info.bairro ? `, ${info.bairro}` : ''}
            {info.cidade ? `, ${info.cidade}` : ''}
            {info.cep ? ` — CEP ${info.cep}` : ''}
          </p>
        )}
      </div>

      <div className="order-block">
        <p>
          Vendedor: <strong>{info.nomeforn}</strong>
        </p>
        {telefone && <p>Telefone: {telefone}</p>}
      </div>

      {info.situacao === '2' && <OrderReview pedido={pedido} />}

      <div className="order-actions">
        {telefone && (
          <a className="btn btn--ghost" href={whatsappUrl(telefone)} target="_blank" rel="noopener noreferrer">
            <WhatsAppIcon /> Falar no WhatsApp
          </a>
        )}
        {canCancel(pedido) && (
          <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)}>
            Cancelar pedido
          </button>
        )}
      </div>

      {confirming && <ConfirmDialog message="Cancelar Pedido?" onCancel={() => setConfirming(false)} onConfirm={() => void cancel()} />}
    </section>
  );
}
