/**
 * The signed-in user's dialogs, switched by the account provider: the account menu (Anuncios,
 * Dados pessoais, Endereco, Historico de Pedidos, Sair), the personal-data dialog and the sign-out
 * confirmation, and the Ads entry dialog the app composes. Loaded lazily.
 */
import { Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import type { UserInfo } from '@/lib/session';
import { signOut } from '../api/session';
import { AccountMenuDialog, type PanelSection } from './AccountMenuDialog';
import type { AccountDialog, AdsEntryDialogComponent } from './AccountProvider';
import { PersonalDataDialog } from './PersonalDataDialog';

export interface AccountDialogsProps {
  user: UserInfo;
  dialog: Exclude<AccountDialog, null>;
  setDialog: (d: AccountDialog) => void;
  /** The Ads entry dialog, handed in by the app (see `AccountProvider`). */
  AdsEntryDialog: AdsEntryDialogComponent;
}

export default function AccountDialogs({ user, dialog, setDialog, AdsEntryDialog }: AccountDialogsProps) {
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
