/**
 * The Entrega / Retirada choice (spec §2 'Bag and checkout'), shown when the supplier offers both,
 * each with the supplier's description of it.
 */
import type { BagDelivery } from '@/features/bag/types';
import type { Modo } from '../rules';
import { DeliveryIcon, PickupIcon } from './icons';

export function ModeStep({ delivery, onChoose }: { delivery: BagDelivery | null | undefined; onChoose: (m: Modo) => void }) {
  return (
    <div className="checkout-modes">
      <button type="button" className="checkout-mode" onClick={() => onChoose('entrega')}>
        <span className="order-mode">
          <DeliveryIcon /> Entrega
        </span>
        {delivery?.descricaoentrega && <span className="muted checkout__note">{delivery.descricaoentrega}</span>}
      </button>
      <button type="button" className="checkout-mode" onClick={() => onChoose('retirada')}>
        <span className="order-mode">
          <PickupIcon /> Retirada
        </span>
        {delivery?.descricaoretirada && <span className="muted checkout__note">{delivery.descricaoretirada}</span>}
      </button>
    </div>
  );
}
