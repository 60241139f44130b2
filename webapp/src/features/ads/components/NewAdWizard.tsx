/**
 * Stub of the new-ad wizard (built in parallel by the ads issue; replaced at merge). It only
 * lets the Ads entry dialog open something and close it again.
 */
import { Dialog } from '@/components/Dialog';

export default function NewAdWizard({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Novo anuncio" onClose={onClose} className="dlg--small">
      <p>Prossiga para adicionar um novo anúncio.</p>
    </Dialog>
  );
}
