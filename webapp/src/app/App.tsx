/**
 * The application: browser router, providers, scroll restoration and the routes.
 */
import { BrowserRouter } from 'react-router-dom';
import { ScrollToTop } from './layout/ScrollToTop';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <ScrollToTop />
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
