/**
 * A product's or an ad's page (`/detalhes/:categoria/:id/:userforn`, `?type=forn` for a product):
 * the catalogue's page and, for the admin only, the moderation bar that hides the item with a
 * reason (issue 29). A route page of the app: it composes the catalogue and the admin.
 */
import { useParams, useSearchParams } from 'react-router-dom';
import { ModerationBar } from '@/features/admin/components/ModerationBar';
import ProductDetailPage from '@/features/catalog/components/ProductDetailPage';
import { useAccount } from '@/hooks/useAccount';

export default function DetailPage() {
  const { id = '' } = useParams();
  const [query] = useSearchParams();
  const { user } = useAccount();
  return (
    <>
      <ProductDetailPage />
      {user?.admin && <ModerationBar key={id} tipo={query.get('type') === 'forn' ? 'produto' : 'anuncio'} id={id} />}
    </>
  );
}
