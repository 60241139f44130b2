/**
 * Layout of the marketplace's public pages: header, the routed page (lazily loaded, with a small
 * loading state) and footer. On a product's or an ad's page the admin also gets the moderation
 * bar (hide it with a reason), loaded only for the admin.
 */
import { lazy, Suspense } from 'react';
import { Outlet, useMatch, useSearchParams } from 'react-router-dom';
import { PageLoading } from '@/components/LoadStates';
import { useAccount } from '@/hooks/useAccount';
import { Footer } from './Footer';
import { Header } from './Header';

const ModerationBar = lazy(() => import('@/features/admin/components/ModerationBar').then((m) => ({ default: m.ModerationBar })));

/** The admin's moderation bar on `/detalhes/…` (a product with `?type=forn`, else an ad). */
function DetailModeration() {
  const { user } = useAccount();
  const match = useMatch('/detalhes/:categoria/:id/:userforn');
  const [query] = useSearchParams();
  const id = match?.params.id;
  if (!user?.admin || !id) return null;
  return (
    <Suspense fallback={null}>
      <ModerationBar key={id} tipo={query.get('type') === 'forn' ? 'produto' : 'anuncio'} id={id} />
    </Suspense>
  );
}

export function PublicLayout() {
  return (
    <div className="shell">
      <a href="#conteudo" className="skip-link">
        Pular para o conteúdo
      </a>
      <Header />
      <main id="conteudo" className="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
        <DetailModeration />
      </main>
      <Footer />
    </div>
  );
}

/** Layout of screens with their own chrome (storefront, supplier panel, admin). */
export function BareLayout() {
  return (
    <main id="conteudo" className="main main--bare">
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
