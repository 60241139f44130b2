/**
 * 'Detalhes da Entrega': products (icon, title, option, quantity, amount paid), product price,
 * delivery fee (delivery only), total, coupon, payment (Pix with its checked status, or
 * Presencial), delivery or pickup, address, the customer's name and phone with a WhatsApp link
 * (55 + digits). The address is the whole one the order keeps: street and number, bairro, city, CEP
 * and complement. Pending orders have 'Cancelar entrega' / 'Marcar como entregue', each asked
 * first ('Cancelar entrega?' / 'Marcar como entregue?'; the buyer then confirms receipt before the
 * money is released, decisions.md §37); in the history a heading shows Cancelado, Aguardando
 * entrega, 'Entregue · aguardando o cliente' or Entrega confirmada (and in the pending list, only
 * the buttons). A
 * delivered order the buyer rated shows the review, and the store may reply once, publicly
 * (decisions.md §33).
 */
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useStatusDialog } from '@/components/status-dialog';
import { useCore } from '@/hooks/useCore';
import { capitalizeWords } from '@/lib/display';
import { whatsappUrl } from '@/lib/display';
import { awaitsReceipt, canCancel, scheduledDate, formatOrderTime, isDelivery, isPix, statusLabel } from '@/lib/orders';
import { cancelarEntrega, confirmarEntrega, consultarPagamento } from '../api/actions';
import type { Pedido } from '../api/actions';
import { ReviewReply } from './ReviewReply';
import { StoreCase } from './StoreCase';

export interface DeliveryDetailProps {
  usuario: string;
  pedido: Pedido;
  /** Opened from 'Histórico de Entregas': the situation heading is shown. */
  historico?: boolean;
  /** Changes on every live order event: the Pix status is checked again (a payment shows live). */
  live?: number;
  onBack: () => void;
  onDone: () => void;
}

export function DeliveryDetail({ pedido: p, historico = false, live = 0, onBack, onDone }: DeliveryDetailProps) {
  const { core } = useCore();
  const status = useStatusDialog();
  const [ask, setAsk] = useState<'cancelar' | 'confirmar' | null>(null);
  const [pix, setPix] = useState<string>('Verificando pagamento...');
  const i = p.Infos;
  const pendente = canCancel(p);
  const money = (v: number | null | undefined) => (core && v != null ? core.money_format(core.money_from_reais(v)) : '');

  useEffect(() => {
    if (!isPix(p)) return;
    let alive = true;
    void consultarPagamento(p.idpedido, i.txid).then((r) => {
      if (!alive) return;
      setPix(r.error !== undefined ? 'Pendente' : r.pago ? 'Pago' : r.expirado ? 'Expirado' : 'Pendente');
    });
    return () => {
      alive = false;
    };
  }, [p, i.txid, live]);

  async function act(which: 'cancelar' | 'confirmar') {
    setAsk(null);
    status.loading();
    const r = which === 'cancelar' ? await cancelarEntrega(p.idpedido) : await confirmarEntrega(p.idpedido);
    if (r.error !== undefined) return status.error(r.error);
    status.success();
    onDone();
  }

  return (
    <section className="delivery-detail" aria-label="Detalhes da Entrega">
      <button type="button" className="btn btn--ghost btn--small" onClick={onBack}>Voltar</button>
      <h2>Detalhes da Entrega</h2>
      {(historico || !pendente) && <h3>{awaitsReceipt(p) ? 'Entregue · aguardando o cliente' : statusLabel(i.situacao)}</h3>}
      <p className="muted">{formatOrderTime(i.horario_pedido)}</p>
      <ul className="order-lines">
        {p.Produtos.map((l, n) => (
          <li key={n} className="order-line">
            {l.icone ? <img src={l.icone} alt="" className="order-line__img" /> : <span className="order-line__img" />}
            <span>
              {capitalizeWords(l.titulo)}{l.opcao ? ` — ${l.opcao}` : ''}
              {l.observacao && <span className="order-line__note" data-testid="observacao-linha"> · Obs.: {l.observacao}</span>}
            </span>
            <span>{l.quantidade}×</span>
            <span>{money(l.pago)}</span>
          </li>
        ))}
      </ul>
      <dl className="order-sums">
        <dt>Preço dos produtos</dt><dd>{money(i.preco_produtos)}</dd>
        {isDelivery(p) && (<><dt>Taxa de entrega</dt><dd>{money(i.taxa_entrega ?? 0)}</dd></>)}
        {i.cupom && (<><dt>Cupom</dt><dd>{i.cupom.codigo}{i.desconto ? ` (−${money(i.desconto)})` : ''}</dd></>)}
        <dt>Total</dt><dd><strong>{money(i.total_pago)}</strong></dd>
        <dt>Pagamento</dt><dd>{isPix(p) ? `Pix — ${pix}` : 'Presencial'}</dd>
        <dt>{isDelivery(p) ? 'Entrega' : 'Retirada no local'}</dt>
        <dd data-testid="endereco-entrega">{isDelivery(p) ? enderecoEntrega(i) : ''}</dd>
        {scheduledDate(p) && (<><dt>Data</dt><dd data-testid="data-entrega">{scheduledDate(p)}</dd></>)}
        <dt>Cliente</dt><dd>{i.cliente_nome ?? ''}</dd>
        <dt>Telefone</dt><dd>{i.cliente_telefone ?? ''}</dd>
        {i.observacao && (<><dt>Observação do cliente</dt><dd data-testid="observacao-pedido">{i.observacao}</dd></>)}
      </dl>
      {i.cliente_telefone && (
        <a className="btn btn--ghost" href={whatsappUrl(i.cliente_telefone)} target="_blank" rel="noreferrer">
          Conversar no WhatsApp
        </a>
      )}
      {pendente && (
        <div className="dlg__actions">
          <button type="button" className="btn btn--ghost" onClick={() => setAsk('cancelar')}>Cancelar entrega</button>
          <button type="button" className="btn" onClick={() => setAsk('confirmar')}>Marcar como entregue</button>
        </div>
      )}
      {i.situacao === '2' && <StoreCase idpedido={p.idpedido} onDone={onDone} />}
      {p.avaliacao && <ReviewReply idpedido={p.id} avaliacao={p.avaliacao} onDone={onDone} />}
      {ask && <ConfirmDialog message={ask === 'cancelar' ? 'Cancelar entrega?' : 'Marcar como entregue?'} onCancel={() => setAsk(null)} onConfirm={() => void act(ask)} />}
    </section>
  );
}

/** A delivery's address as one line: street and number, bairro, city, CEP, complement. */
export function enderecoEntrega(i: Pick<Pedido['Infos'], 'rua' | 'numero' | 'bairro' | 'cidade' | 'cep' | 'complemento'>): string {
  return [i.rua && `${i.rua}, ${i.numero ?? ''}`, i.bairro, i.cidade, i.cep && `CEP ${i.cep}`, i.complemento].filter(Boolean).join(' — ');
}
