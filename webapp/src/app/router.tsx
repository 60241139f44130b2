/**
 * The route table (spec §2). Every page is a lazily loaded chunk; the shell (header, footer,
 * providers) is the only code on first load besides the page itself.
 *
 * Pages live in their features; the pages that compose several features are the app's own
 * (./routes). Public pages share the marketplace header and footer; the storefront, the supplier panel and
 * the admin have their own chrome. `/{urlforn}` is the public storefront; deeper unknown paths
 * are not found.
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { BareLayout, PublicLayout } from './layout/PublicLayout';

const HomePage = lazy(() => import('@/features/catalog/components/HomePage'));
const TermsPage = lazy(() => import('@/features/static/components/TermsPage'));
const PrivacyPage = lazy(() => import('@/features/static/components/PrivacyPage'));
const LinksPage = lazy(() => import('@/features/static/components/LinksPage'));
const AdvertisePage = lazy(() => import('@/features/static/components/AdvertisePage'));
const StoresPage = lazy(() => import('@/features/catalog/components/StoresPage'));
const AdsPage = lazy(() => import('@/features/catalog/components/AdsPage'));
const ProductDetailPage = lazy(() => import('@/features/catalog/components/ProductDetailPage'));
const BlockchainPage = lazy(() => import('@/features/blockchain/components/BlockchainPage'));
const VerifyPage = lazy(() => import('@/features/blockchain/components/VerifyPage'));
const ProfilePage = lazy(() => import('./routes/ProfilePage'));
const SupplierPanelPage = lazy(() => import('@/features/supplier-panel/components/SupplierPanelPage'));
const DayPage = lazy(() => import('@/features/delivery-day/components/DayPage'));
const AdminPage = lazy(() => import('@/features/admin/components/AdminPage'));
const AdminStorefrontPage = lazy(() => import('./routes/AdminStorefrontPage'));
const StorefrontPage = lazy(() => import('@/features/catalog/components/StorefrontPage'));
const NotFoundPage = lazy(() => import('@/components/NotFound'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        <Route path="termos" element={<TermsPage />} />
        <Route path="privacidade" element={<PrivacyPage />} />
        <Route path="links" element={<LinksPage />} />
        <Route path="anunciegratis" element={<AdvertisePage />} />
        <Route path="lojas" element={<StoresPage />} />
        <Route path="anuncios" element={<AdsPage />} />
        <Route path="detalhes/:categoria/:id/:userforn" element={<ProductDetailPage />} />
        <Route path="blockchain" element={<BlockchainPage />} />
        <Route path="verificar/:transactionId" element={<VerifyPage />} />
        <Route path="painel/perfil/:usuario" element={<ProfilePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<BareLayout />}>
        <Route path="painel/:userforn" element={<SupplierPanelPage />} />
        <Route path="painel/:userforn/dia" element={<DayPage />} />
        <Route path="admin" element={<AdminPage />} />
        <Route path="admin/:urlforn" element={<AdminStorefrontPage />} />
        <Route path=":urlforn" element={<StorefrontPage />} />
      </Route>
    </Routes>
  );
}
