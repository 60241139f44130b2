/**
 * 'Detalhes da Entrega': products (icon, title, option, quantity, amount paid), product price,
 * delivery fee (delivery only), total, coupon, payment (Pix with its checked status, or
 * Presencial), delivery or pickup, address, the customer's name and phone with a WhatsApp link
 * (55 + digits). Pending orders have 'Cancelar entrega' / 'Confirmar entrega', each asked
 * first ('Cancelar entrega?' / 'Confirmar entrega?'); in the history a heading shows Cancelado,
 * Aguardando entrega or Entrega confirmada (and in the pending list, only the buttons). A
 * delivered order the buyer rated shows the review, and the store may reply once, publicly
 * (decisions.md §33).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Stars } from '@/components/Stars';
import { useStatusDialog } from '@/components/status-dialog';
import { useCore } from '@/hooks/useCore';
import { capitalizar } from '@/lib/display';
import { whatsappUrl } from '@/lib/display';
import { canCancel, formatOrderTime, isDelivery, isPix, situacaoLabel } from '@/lib/orders';
import { cancelarEntrega, confirmarEntrega, consultarPagamento, responderAvaliacao } from '../api/actions';
import type { Pedido } from '../api/actions';
import { errorText } from '@/lib/errorText';

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
      {(historico || !pendente) && <h3>{situacaoLabel(i.situacao)}</h3>}
      <p className="muted">{formatOrderTime(i.horario_pedido)}</p>
      <ul className="order-lines">
        {p.Produtos.map((l, n) => (
          <li key={n} className="order-line">
            {l.icone ? <img src={l.icone} alt="" className="order-line__img" /> : <span className="order-line__img" />}
            <span>{capitalizar(l.titulo)}{l.opcao ? ` — ${l.opcao}` : ''}</span>
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
        <dd>{isDelivery(p) ? [i.rua && `${i.rua}, ${i.numero ?? ''}`, i.cidade, i.complemento].filter(Boolean).join(' — ') : ''}</dd>
        <dt>Cliente</dt><dd>{i.cliente_nome ?? ''}</dd>
        <dt>Telefone</dt><dd>{i.cliente_telefone ?? ''}</dd>
      </dl>
      {i.cliente_telefone && (
        <a className="btn btn--ghost" href={whatsappUrl(i.cliente_telefone)} target="_blank" rel="noreferrer">
          Conversar no WhatsApp
        </a>
      )}
      {pendente && (
        <div className="dlg__actions">
          <button type="button" className="btn btn--ghost" onClick={() => setAsk('cancelar')}>Cancelar entrega</button>
          <button type="button" className="btn" onClick={() => setAsk('confirmar')}>Confirmar entrega</button>
        </div>
      )}
      {p.avaliacao && <ReviewReply pedido={p} onDone={onDone} />}
      {ask && <ConfirmDialog message={ask === 'cancelar' ? 'Cancelar entrega?' : 'Confirmar entrega?'} onCancel={() => setAsk(null)} onConfirm={() => void act(ask)} />}
    </section>
  );
}

/** The buyer's review of a delivered order, and the store's one public reply. */
function ReviewReply({ pedido: p, onDone }: { pedido: Pedido; onDone: () => void }) {
  const { core } = useCore();
  const status = useStatusDialog();
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [resposta, setResposta] = useState(p.avaliacao?.resposta ?? null);
  const a = p.avaliacao;
  if (!a) return null;

  async function send(e: FormEvent) {
    e.preventDefault();
    if (!core) return;
    let t: string;
    try {
      t = core.review_reply_validate(texto);
    } catch (err) {
      return setErro(errorText(err));
    }
    status.loading();
    const r = await responderAvaliacao(p.id, t);
    if (r.error !== undefined) return status.error(r.error);
    status.success();
    setResposta(t);
    onDone();
  }

  return (
    <section className="review-box" aria-label="Avaliação do cliente">
      <h3>Avaliação do cliente</h3>
      <p>
        <Stars nota={a.nota} /> {a.comentario}
      </p>
      {resposta ? (
        <p className="review-box__reply">
          <strong>Sua resposta:</strong> {resposta}
        </p>
      ) : (
        <form className="form" onSubmit={send} noValidate>
          <label className="field">
            <span className="field__label">Responder publicamente (uma vez)</span>
            <textarea className="input" rows={3} maxLength={500} value={texto} onChange={(e) => (setTexto(e.target.value), setErro(null))} />
          </label>
          {erro && <p className="form__error" role="alert">{erro}</p>}
          <button type="submit" className="btn" disabled={!core}>
            Enviar resposta
          </button>
        </form>
      )}
    </section>
  );
}
