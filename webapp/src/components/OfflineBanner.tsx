/**
 * 'Você está sem internet. Mostrando a última versão salva.': a small bar fixed at the bottom of
 * every page while the app is offline: the browser says so, or the network did not answer and the
 * page shows the service worker's saved copy (lib/online.ts).
 * Fixed, so it never moves the page; while it shows, `html.is-offline` lifts what else sits at
 * the bottom (the storefront's 'Meu Pedido').
 */
import { useEffect } from 'react';
import { SEM_INTERNET, useOffline } from '@/lib/online';

export function OfflineBanner() {
  const saved = useOffline();
  useEffect(() => {
    document.documentElement.classList.toggle('is-offline', saved);
  }, [saved]);
  if (!saved) return null;
  return (
    <p className="offline-banner" role="status" data-testid="sem-internet">
      {SEM_INTERNET}
    </p>
  );
}
