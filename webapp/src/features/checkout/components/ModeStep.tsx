/**
 * The Entrega / Retirada choice (spec §2 'Bag and checkout'), shown when the supplier offers both,
 * each with the supplier's description of it. Beyond the supplier's maximum delivery distance
 * (decisions.md §31) delivery is not offered: the message says why, and pickup stays (when the
 * supplier offers it). `aviso` says when the buyer's point is their city's centre.
 */
import { DeliveryIcon, PickupIcon } from '@/components/OrderIcons';
import type { DeliveryView, FulfilmentMode } from '../rules';

export interface ModeStepProps {
  delivery: DeliveryView | null | undefined;
  /** 'Endereço fora da área de entrega de {nomeforn}.', or null when delivery is possible. */
  foraDaArea: string | null;
  /** Whether the supplier offers pickup. */
  retirada: boolean;
  /** 'Usamos o centro de {cidade} para calcular a distância', when so. */
  aviso: string | null;
  onChoose: (m: FulfilmentMode) => void;
}

export function ModeStep({ delivery, foraDaArea, retirada, aviso, onChoose }: ModeStepProps) {
  return (
    <div className="checkout-modes">
      {foraDaArea ? (
        <p className="checkout__area" role="alert">
          {foraDaArea}
        </p>
      ) : (
        <button type="button" className="checkout-mode" onClick={() => onChoose('entrega')}>
          <span className="order-mode">
            <DeliveryIcon /> Entrega
          </span>
          {delivery?.descricaoentrega && <span className="muted checkout__note">{delivery.descricaoentrega}</span>}
        </button>
      )}
      {retirada && (
        <button type="button" className="checkout-mode" onClick={() => onChoose('retirada')}>
          <span className="order-mode">
            <PickupIcon /> Retirada
          </span>
          {delivery?.descricaoretirada && <span className="muted checkout__note">{delivery.descricaoretirada}</span>}
        </button>
      )}
      {aviso && <p className="muted checkout__note">{aviso}</p>}
    </div>
  );
}
