/**
 * The Entrega / Retirada choice (spec §2 'Bag and checkout'), shown when the supplier offers both,
 * each with the supplier's description of it.
 */
import { DeliveryIcon, PickupIcon } from '@/components/OrderIcons';
import type { DeliveryView, Modo } from '../rules';

export function ModeStep({ delivery, onChoose }: { delivery: DeliveryView | null | undefined; onChoose: (m: Modo) => void }) {
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
