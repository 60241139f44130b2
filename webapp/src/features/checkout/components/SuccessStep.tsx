/**
 * The order is placed: a Pix order shows its QR image, the 'copia e cola' code and 'Copiar
 * código'; an in-person order just confirms. The bag was emptied.
 */
import { PixPayment } from '@/components/PixPayment';

export interface SuccessStepProps {
  pix: { qrcode: string; imagem: string | null | undefined } | null;
  onOrders: () => void;
  onClose: () => void;
}

export function SuccessStep({ pix, onOrders, onClose }: SuccessStepProps) {
  return (
    <div className="checkout__success">
      <p className="checkout__done" role="status">
        Pedido realizado com sucesso!
      </p>
      {pix ? (
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
