/**
 * The Ads entry dialog (buyer-ads-admin.md §2 'Header and dialogs'): 'Conta Empresarial' (create a
 * business profile and manage the business) and 'Anúncio Direto' (publish an ad without a
 * business account, with 'Novo anúncio' and 'Seus anúncios').
 *
 * 'Conta Empresarial': a user who already has a type goes straight to /painel/{usuario}; a user
 * without one gets the business registration wizard. 'Novo anúncio' opens the new-ad wizard;
 * 'Seus anúncios' opens /painel/perfil/{usuario} on its Anúncios section. The wizards are loaded
 * only when opened. Part of the app, not of a feature, because it opens two features' wizards
 * (supplier-panel's registration, ads' new ad); the account provider gets it from
 * app/providers.tsx.
 */
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '@/components/Dialog';
import type { UserInfo } from '@/lib/session';

const BusinessWizard = lazy(() => import('@/features/supplier-panel/components/BusinessWizard'));
const NewAdWizard = lazy(() => import('@/features/ads/components/NewAdWizard'));

export interface AdsEntryDialogProps {
  user: UserInfo;
  onClose: () => void;
}

export default function AdsEntryDialog({ user, onClose }: AdsEntryDialogProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<'menu' | 'direto' | 'empresa' | 'anuncio'>('menu');

  const business = () => {
    if (user.type) {
      onClose();
      navigate(`/painel/${encodeURIComponent(user.usuario)}`);
    } else {
      setOpen('empresa');
    }
  };
  const myAds = () => {
    onClose();
    navigate(`/painel/perfil/${encodeURIComponent(user.usuario)}`, { state: { inicial: 'anuncios' } });
  };

  if (open === 'empresa' || open === 'anuncio') {
    return (
      <Suspense fallback={null}>
        {open === 'empresa' ? <BusinessWizard user={user} onClose={onClose} /> : <NewAdWizard onClose={onClose} />}
      </Suspense>
    );
  }

  return (
    <Dialog title="Anúncios" onClose={onClose} className="dlg--small">
      <ul className="menu-list">
        <li>
          <button type="button" className="menu-item" onClick={business}>
            <strong>Conta Empresarial</strong>
            <br />
            <span className="muted">Crie um perfil empresarial e gerencie seu negócio</span>
          </button>
        </li>
        <li>
          <button type="button" className="menu-item" aria-expanded={open === 'direto'} onClick={() => setOpen(open === 'direto' ? 'menu' : 'direto')}>
            <strong>Anúncio Direto</strong>
            <br />
            <span className="muted">Publique um anúncio sem conta empresarial</span>
          </button>
          {open === 'direto' && (
            <ul className="menu-list menu-list--sub">
              <li>
                <button type="button" className="menu-item" onClick={() => setOpen('anuncio')}>
                  Novo anúncio
                </button>
              </li>
              <li>
                <button type="button" className="menu-item" onClick={myAds}>
                  Seus anúncios
                </button>
              </li>
            </ul>
          )}
        </li>
      </ul>
    </Dialog>
  );
}
