/**
 * The signed-in user's dialogs, switched by the account provider: the account menu (Anuncios,
 * Dados pessoais, Endereco, Historico de Pedidos, Sair), the personal-data dialog and the sign-out
 * confirmation. Loaded lazily.
 */
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import type { UserInfo } from '@/lib/session';
import { signOut } from '../api/session';
import type { AccountDialog } from './AccountProvider';
import { AccountMenuDialog, type PanelSection } from './AccountMenuDialog';
import { PersonalDataDialog } from './PersonalDataDialog';

const AdsEntryDialog = lazy(() => import('@/features/ads-entry/components/AdsEntryDialog'));

export interface AccountDialogsProps {
  user: UserInfo;
  dialog: Exclude<AccountDialog, null>;
  setDialog: (d: AccountDialog) => void;
}

export default function AccountDialogs({ user, dialog, setDialog }: AccountDialogsProps) {
  const navigate = useNavigate();
  const close = () => setDialog(null);

  const goToPanel = (inicial: PanelSection) => {
    close();
    navigate(`/painel/perfil/${encodeURIComponent(user.usuario)}`, { state: { inicial } });
  };

  switch (dialog) {
    case 'menu':
      return (
        <AccountMenuDialog
          user={user}
          onClose={close}
          onPanel={(section) => (section === 'anuncios' ? setDialog('anuncios') : goToPanel(section))}
          onPersonalData={() => setDialog('dados')}
          onSignOut={() => setDialog('sair')}
        />
      );
    case 'dados':
      return <PersonalDataDialog user={user} onClose={close} />;
    case 'sair':
      return <SignOutConfirm onDone={close} />;
    case 'anuncios':
      return (
        <Suspense fallback={null}>
          <AdsEntryDialog user={user} onClose={close} />
        </Suspense>
      );
  }
}

/** 'Sair da sua conta?' with Nao/Sim; Sim signs out, or alerts 'Algum erro ocorreu!'. */
export function SignOutConfirm({ onDone }: { onDone: () => void }) {
  return (
    <ConfirmDialog
      message="Sair da sua conta?"
      onCancel={onDone}
      onConfirm={() => {
        onDone();
        void signOut().then((ok) => {
          if (!ok) window.alert('Algum erro ocorreu!');
        });
      }}
    />
  );
}
