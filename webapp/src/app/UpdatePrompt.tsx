/**
 * A new version of the app is ready (its service worker installed in the background): 'Atualizar'
 * lets it take over and the page reloads; otherwise it takes over at the next visit.
 */
import { applyUpdate, useAppUpdate } from '@/lib/pwa';

export function UpdatePrompt() {
  const waiting = useAppUpdate();
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status">
      <p>Nova versão da Feira disponível.</p>
      <button type="button" className="btn btn--small btn--light" onClick={applyUpdate}>
        Atualizar
      </button>
    </div>
  );
}
