/**
 * Layout of the marketplace's public pages: header, the routed page (lazily loaded, with a small
 * loading state) and footer.
 */
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '@/components/LoadStates';
import { Footer } from './Footer';
import { Header } from './Header';

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
