/**
 * 'Baixe o app e anuncie gratuitamente': the app-store badges, offered on small screens.
 */
import { AppBadges } from '@/components/AppBadges';
import { Dialog } from '@/components/Dialog';

export default function AppDownloadDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Baixe o app e anuncie gratuitamente" onClose={onClose} className="dlg--small">
      <p>Com o app da Feira você publica seus anúncios, acompanha seus pedidos e fala com os compradores pelo celular.</p>
      <AppBadges />
    </Dialog>
  );
}
