/**
 * The order is placed: its number ('Pedido nº 3F9A1C2B', the id's first 8 characters) and total;
 * a Pix order then follows its charge live (`PixLive`: countdown, QR image and 'copia e cola',
 * 'Pagamento confirmado' as soon as it is paid); an in-person order just confirms. The bag was
 * emptied.
 */
import { PixPayment } from '@/components/PixPayment';
import { orderId, orderNumber } from '@/lib/orders';
import type { Core } from '@/lib/wasm';
import type { Pedido } from '@/types/wire';
import { PixLive } from './PixLive';

export interface SuccessStepProps {
  core: Core;
  /** The order as `finalizar_pedido` answered it (null when the answer did not carry it). */
  pedido: Pedido | null;
  pix: { qrcode: string; imagem: string | null | undefined } | null;
  onOrders: () => void;
  onClose: () => void;
}

export function SuccessStep({ core, pedido, pix, onOrders, onClose }: SuccessStepProps) {
  const total = pedido?.Infos?.total_pago;
  const id = pedido ? orderId(pedido) : null;
  return (
    <div className="checkout__success">
      <p className="checkout__done" role="status">
        Pedido realizado com sucesso!
      </p>
      {pedido && id && (
        <div className="pix-live">
          <p className="pix-live__numero" data-testid="numero-pedido">
            {orderNumber(pedido)}
          </p>
          {total != null && (
            <p>
              Total: <strong data-testid="valor-pedido">{core.money_format(core.money_from_reais(total))}</strong>
            </p>
          )}
        </div>
      )}
      {pix && id ? (
        <PixLive idpedido={id} expiraEm={pedido?.Infos?.pix_expira_em ?? null} qrcode={pix.qrcode} imagem={pix.imagem} />
      ) : pix ? (
        <>
          <p>Pague com Pix para confirmar o seu pedido.</p>
          <PixPayment qrcode={pix.qrcode} imagem={pix.imagem} />
        </>
      ) : (
        <p>Combine a entrega ou a retirada com o vendedor. O pagamento é feito pessoalmente.</p>
      )}
      <div className="dlg__actions">
        <button type="button" className="btn btn--ghost" onClick={onOrders}>
          Ver meus pedidos
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Continuar comprando
        </button>
      </div>
    </div>
  );
}
