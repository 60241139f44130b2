/**
 * The application: browser router, providers, scroll restoration, the routes, and the offline
 * banner and update prompt of the installable app.
 */
import { BrowserRouter } from 'react-router-dom';
import { OfflineBanner } from '@/components/OfflineBanner';
import { ScrollToTop } from './layout/ScrollToTop';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { UpdatePrompt } from './UpdatePrompt';

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <ScrollToTop />
        <AppRoutes />
        <OfflineBanner />
        <UpdatePrompt />
      </AppProviders>
    </BrowserRouter>
  );
}
