/**
 * The seller card of a supplier product's detail: background, icon, name, delivery forms, payment
 * forms, the delivery-fee text (wasm-core, for the signed-in buyer's stored coordinates), the
 * delivery and pickup descriptions, the description, Instagram, the phone (WhatsApp chat) and
 * 'Acessar Loja'.
 */
import { Link } from 'react-router-dom';
import { WhatsAppIcon } from '@/components/icons';
import { RatingSummary } from '@/components/Stars';
import { StoreIcon } from '@/components/StoreIcon';
import { instagramHandle, instagramUrl, whatsappUrl } from '@/lib/display';
import { useSession } from '@/lib/session';
import type { Core } from '@/lib/wasm';
import type { DadosForn } from '@/types/wire';
import { deliveryMethods, paymentMethods, deliveryFeeText } from '../supplier';

export function SellerCard({ dadosforn: d, core }: { dadosforn: DadosForn; core: Core }) {
  const user = useSession()?.userinfo;
  const entrega = deliveryMethods(d);
  const taxa = deliveryFeeText(core, d, user?.latitude, user?.longitude);
  const del = d.extensoes?.delivery;
  const porKm = del?.taxaTipo === 'porKm' && del.taxaPorKm != null ? del.taxaPorKm : null;

  return (
    <aside className="seller" aria-label="Vendedor">
      <div className="seller__bg">
        {d.fundoforn && <img src={d.fundoforn} alt="" width={800} height={200} loading="lazy" decoding="async" />}
      </div>
      <div className="seller__head">
        <StoreIcon src={d.iconeforn} size={64} className="seller__icon" />
        <h2 className="seller__name">{d.nomeforn}</h2>
        <RatingSummary avaliacao={d.avaliacao} />
      </div>
      <dl className="seller__facts">
        {entrega.length > 0 && (
          <>
            <dt>Formas de entrega</dt>
            <dd>{entrega.join(', ')}</dd>
          </>
        )}
        <dt>Formas de pagamento</dt>
        <dd>{paymentMethods(d).join(', ')}</dd>
        {taxa && (
          <>
            <dt>Taxa de entrega</dt>
            <dd data-testid="taxa-entrega">
              {taxa}
              {porKm != null && ` (${core.money_format(core.money_from_reais(porKm))} por km)`}
            </dd>
          </>
        )}
        {del?.descricaoentrega && (
          <>
            <dt>Entrega</dt>
            <dd>{del.descricaoentrega}</dd>
          </>
        )}
        {del?.descricaoretirada && (
          <>
            <dt>Retirada</dt>
            <dd>{del.descricaoretirada}</dd>
          </>
        )}
      </dl>
      {d.descricaoforn && <p className="seller__desc">{d.descricaoforn}</p>}
      <div className="seller__links">
        {d.instagram && (
          <a href={instagramUrl(d.instagram)} target="_blank" rel="noopener noreferrer">
            Instagram {instagramHandle(d.instagram)}
          </a>
        )}
        {d.telefone && (
          <a className="seller__wa" href={whatsappUrl(d.telefone)} target="_blank" rel="noopener noreferrer">
            <WhatsAppIcon /> {d.telefone}
          </a>
        )}
        {d.url && (
          <Link className="btn" to={`/${encodeURIComponent(d.url)}`}>
            Acessar Loja
          </Link>
        )}
      </div>
    </aside>
  );
}
