/**
 * 'Detalhes do Pedido' (spec §2 'Histórico de pedidos'), with 'Voltar': the status headline (the
 * same phrase as the history's card: 'Aguardando pagamento', 'Pago · aguardando entrega', …), the
 * lines (icon or placeholder, title, option, quantity, amount paid), the products' price, the
 * delivery fee (delivery only), the coupon if any (code and discount), then the total, the payment
 * (Pix with its checked status, or Presencial), the delivery or pickup icon, the address with its
 * complement (delivery), the seller's name and phone with a WhatsApp button, and 'Cancelar pedido'
 * (confirm 'Cancelar Pedido?') only while the order awaits delivery. Once the store marked it
 * delivered, the buyer is asked 'Recebi meu pedido' (its held money is released to the store at
 * once, decisions.md §37); a received order can be rated (OrderReview, decisions.md §33).
 *
 * Pix check (spec §4), live: an order whose status_pix is '1' shows 'Verificando pagamento...'
 * while `consultar_pagamento` answers, then 'Pago', 'Expirado' or 'Pendente'; while 'Pendente' it
 * shows the charge's deadline (in Brazilian time) with a countdown, the QR code, and keeps asking
 * (useLivePix: back-off up to 10 s, not while the tab is hidden), so it turns to 'Pago' without
 * a reload; then `onPixChanged` has the history read again, so the list agrees. A Pix that came
 * in and is given back (`pix_devolvido`: another amount, paid after the deadline, a paid order
 * cancelled) is said as it is ('Recebemos um Pix de valor diferente e o devolvemos'); such an order
 * is never called expired ('Devolvido' instead, decisions.md §28). Amounts are formatted by
 * wasm-core.
 *
 * A basket's cycle paid by Pix Automático (decisions.md §35, `vencimento_pix_automatico`) has no
 * code to copy or scan: the buyer's bank pays its recurring charge on the due date. While it is
 * 'Pendente' the page says so ('Cobrança automática via Pix Automático em 30/11/2026.') instead
 * of a deadline, a countdown and a QR; it is still followed live until paid.
 */
import { useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { WhatsAppIcon } from '@/components/icons';
import { DeliveryIcon, PickupIcon, ProductPlaceholderIcon } from '@/components/OrderIcons';
import { PixPayment } from '@/components/PixPayment';
import { useStatusDialog } from '@/components/status-dialog';
import { useCore } from '@/hooks/useCore';
import { formatRemaining, useLivePix, type LivePix } from '@/hooks/useLivePix';
import { whatsappUrl } from '@/lib/display';
import { awaitsReceipt, canCancel, scheduledDate, formatOrderTime, isDelivery, isPix, orderStatusText, pixRefundText } from '@/lib/orders';
import { formatDateTime } from '@/lib/time';
import type { Pedido } from '@/types/wire';
import { cancelarPedido } from '../api/cancelarPedido';
import { confirmarRecebimento } from '../api/confirmarRecebimento';
import { consultarPagamento } from '../api/consultarPagamento';
import { OrderReview } from './OrderReview';
import { ProblemCase } from './ProblemCase';
import { ReorderButton } from './ReorderButton';

/** 'AAAA-MM-DD' (a calendar day) as Brazilians write it: 'DD/MM/AAAA'. */
function diaBr(iso: string): string {
  return iso.split('-').reverse().join('/');
}

export type PixCheck = 'Verificando pagamento...' | 'Pago' | 'Expirado' | 'Pendente' | 'Devolvido';

/** What the payment line says of the order's Pix (null: paid in person). */
function pixCheck(p: Pedido, aoVivo: LivePix | null): PixCheck | null {
  if (!isPix(p)) return null;
  if (aoVivo) {
    switch (aoVivo.fase) {
      case 'pago':
        return 'Pago';
      case 'expirado':
        return 'Expirado';
      case 'verificando':
        return 'Verificando pagamento...';
      case 'aguardando':
        return aoVivo.perguntado ? 'Pendente' : 'Verificando pagamento...';
    }
  }
  switch (p.Infos.status_pix) {
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
  /** The order was cancelled here (`pago`: a Pix was paid for it, so it is given back). */
  onCancelled: (id: string, pago: boolean) => void;
  /** Its Pix was just paid or expired: the history reads the orders again. */
  onPixChanged: () => void;
  /** The buyer confirmed receipt: the history reads the orders again. */
  onChanged?: () => void;
}

export function OrderDetail({ pedido, onBack, onCancelled, onPixChanged, onChanged }: OrderDetailProps) {
  const { core } = useCore();
  const status = useStatusDialog();
  const [confirming, setConfirming] = useState(false);
  const info = pedido.Infos;
  const { idpedido, Infos: { txid } } = pedido;
  // A charge awaiting payment is followed live until it is paid or expires.
  const awaitingPix = isPix(pedido) && info.status_pix === '1';
  const lookUp = useCallback((signal: AbortSignal) => consultarPagamento(idpedido, txid, signal), [idpedido, txid]);
  const live = useLivePix({ idpedido, expiraEm: info.pix_expira_em, consultar: lookUp, ativo: awaitingPix, imediato: true });
  const aoVivo = awaitingPix ? live : null;
  const end = aoVivo?.fase === 'pago' || aoVivo?.fase === 'expirado';
  useEffect(() => {
    if (end) onPixChanged();
  }, [end, onPixChanged]);

  const pix = pixCheck(pedido, aoVivo);
  const devolvido = aoVivo?.devolvido ?? info.pix_devolvido ?? null;
  // Money came in: never 'Expirado' (as if nothing had been paid).
  const pixShown: PixCheck | null = pix === 'Expirado' && devolvido ? 'Devolvido' : pix;
  // The headline says what the history's card says, with what the live check learnt.
  const statusPix = aoVivo?.fase === 'pago' ? '2' : aoVivo?.fase === 'expirado' ? '0' : info.status_pix;
  const headline = orderStatusText({ ...pedido, Infos: { ...info, status_pix: statusPix } });
  // A cycle's recurring charge (Pix Automático): its due date; nothing to copy.
  const automatico = isPix(pedido) ? (info.vencimento_pix_automatico ?? null) : null;
  const entrega = isDelivery(pedido);
  const telefone = info.telefoneforn ?? pedido.Produtos.find((l) => l.telefone)?.telefone ?? null;
  const money = (v: number | null | undefined) => (core && v != null ? core.money_format(core.money_from_reais(v)) : '…');

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
    onCancelled(pedido.id, statusPix === '2');
  }

  async function recebi() {
    status.loading();
    const r = await confirmarRecebimento(pedido.idpedido);
    if (r.error !== undefined) {
      status.error(r.codigo_erro === 'nao_entregue' ? r.error : undefined);
      return;
    }
    status.close();
    (onChanged ?? onPixChanged)();
  }

  return (
    <section className="profile-section order-detail" aria-labelledby="pedido-titulo">
      <div className="order-detail__head">
        <button type="button" className="btn btn--small btn--ghost" onClick={onBack}>
          Voltar
        </button>
        <h2 id="pedido-titulo">Detalhes do Pedido</h2>
      </div>
      <p className={`order-status${info.situacao.startsWith('0') ? ' order-status--cancelado' : ''}`} data-testid="situacao">
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
              {l.observacao && <div className="order-line__meta">Obs.: {l.observacao}</div>}
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
          Pagamento: <strong>{pixShown ? (automatico ? 'Pix Automático' : 'Pix') : 'Presencial'}</strong>
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
        {devolvido && !(devolvido === 'cancelamento' && info.reembolsado) && <p data-testid="pix-devolvido">{pixRefundText(devolvido)}</p>}
        {info.reembolsado && (
          <p data-testid="devolucao">
            {info.devolucao === 'devolvido'
              ? 'O valor pago por Pix foi devolvido.'
              : info.devolucao === 'falhou' || info.devolucao === 'nao_realizado'
                ? 'A devolução do seu Pix está sendo verificada pela Feira.'
                : 'O valor pago por Pix está sendo devolvido.'}
          </p>
        )}
        {pixShown === 'Pendente' && automatico && canCancel(pedido) && (
          <p data-testid="pix-automatico-cobranca">
            Cobrança automática via Pix Automático em {diaBr(automatico)}. Seu banco faz o pagamento nessa data: não há código para copiar.
          </p>
        )}
        {pixShown === 'Pendente' && !automatico && canCancel(pedido) && info.pix_expira_em != null && (
          <p className="muted" data-testid="pix-prazo">
            Pague até {formatDateTime(info.pix_expira_em)}
            {aoVivo?.restanteMs != null && aoVivo.fase === 'aguardando' && <span role="timer"> · expira em {formatRemaining(aoVivo.restanteMs)}</span>}
          </p>
        )}
        {pixShown === 'Pendente' && !automatico && info.qrcode && canCancel(pedido) && <PixPayment qrcode={info.qrcode} imagem={info.imagem_qrcode} />}
      </div>

      <div className="order-block">
        <p className="order-mode">
          {entrega ? <DeliveryIcon /> : <PickupIcon />}
          {entrega ? 'Entrega' : 'Retirada no local'}
        </p>
        {scheduledDate(pedido) && <p data-testid="data-entrega">{scheduledDate(pedido)}</p>}
        {entrega && info.rua && (
          <p>
            {info.rua}, {info.numero}
            {info.complemento ? ` - ${info.complemento}` : ''}
            {info.bairro ? `, ${info.bairro}` : ''}
            {info.cidade ? `, ${info.cidade}` : ''}
            {info.cep ? ` — CEP ${info.cep}` : ''}
          </p>
        )}
        {info.observacao && <p data-testid="observacao">Observação: {info.observacao}</p>}
      </div>

      <div className="order-block">
        <p>
          Vendedor: <strong>{info.nomeforn}</strong>
        </p>
        {telefone && <p>Telefone: {telefone}</p>}
      </div>

      {awaitsReceipt(pedido) && (
        <div className="order-block order-receipt" role="group" aria-label="Você recebeu seu pedido?">
          <p>
            Você recebeu este pedido? <strong>{info.nomeforn}</strong> o marcou como entregue.
          </p>
          <div className="order-actions">
            <button type="button" className="btn" onClick={() => void recebi()}>
              Recebi meu pedido
            </button>
          </div>
        </div>
      )}
      {info.situacao === '2' && <ProblemCase idpedido={pedido.idpedido} podeAbrir={awaitsReceipt(pedido)} onChanged={onChanged ?? onPixChanged} />}

      {info.situacao === '2' && info.recebido_em != null && <OrderReview pedido={pedido} />}

      <div className="order-actions">
        <ReorderButton idpedido={pedido.idpedido} />
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
