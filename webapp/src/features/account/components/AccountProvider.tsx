/**
 * Provides the account context and owns the account dialogs (menu, personal data, sign-out
 * confirmation, the Ads entry), which are loaded only when first opened. At start it confirms a
 * stored session with the API once.
 *
 * The Ads entry dialog ('Conta Empresarial' / 'Anuncio Direto') opens other features' wizards, so
 * the app composes it and hands it in (`AdsEntryDialog`): features never import each other.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useStatusDialog } from '@/components/status-dialog';
import { AccountContext, type AccountContextValue } from '@/hooks/useAccount';
import { isOffline, SEM_CONEXAO_LOGIN } from '@/lib/online';
import { useSession } from '@/lib/session';
import type { UserInfo } from '@/lib/session';
import { revalidateSession } from '../api/session';
import { signInWithPopup } from '../api/signIn';

const AccountDialogs = lazy(() => import('./AccountDialogs'));

export type AccountDialog = 'menu' | 'dados' | 'sair' | 'anuncios' | null;

/** The Ads entry dialog the app hands in (may be lazily loaded: it is shown under Suspense). */
export type AdsEntryDialogComponent = ComponentType<{ user: UserInfo; onClose: () => void }>;

export interface AccountProviderProps {
  children: ReactNode;
  AdsEntryDialog: AdsEntryDialogComponent;
}

let revalidated = false;

/** Test hook: allow the start-up check to run again. */
export function resetAccountStartupForTests() {
  revalidated = false;
}

export function AccountProvider({ children, AdsEntryDialog }: AccountProviderProps) {
  const session = useSession();
  const user = session?.userinfo ?? null;
  // The open dialog belongs to the user it was opened for: a sign-out (here or in another tab)
  // closes it for good.
  const [opened, setOpened] = useState<{ dialog: AccountDialog; usuario: string } | null>(null);
  const dialog = user && opened?.usuario === user.usuario ? opened.dialog : null;
  const setDialog = useCallback(
    (d: AccountDialog) => setOpened(d && user ? { dialog: d, usuario: user.usuario } : null),
    [user],
  );

  useEffect(() => {
    if (revalidated) return;
    revalidated = true;
    void revalidateSession();
  }, []);

  const status = useStatusDialog();
  const signIn = useCallback(() => {
    // Offline the provider cannot be reached: say so instead of opening an empty popup.
    if (isOffline()) {
      status.error({ error: SEM_CONEXAO_LOGIN, codigo_erro: 'sem_conexao' });
      return;
    }
    void signInWithPopup().then((r) => {
      if (r === 'blocked') {
        window.alert('Não foi possível abrir a janela de login. Permita pop-ups para este site e tente novamente.');
      } else if (r === 'error') {
        window.alert('Algum erro ocorreu!');
      }
    });
  }, [status]);

  const value = useMemo<AccountContextValue>(
    () => ({
      user,
      signIn,
      openAccountMenu: () => setDialog('menu'),
      openPersonalData: () => setDialog('dados'),
      openAdsEntry: () => setDialog('anuncios'),
    }),
    [user, signIn, setDialog],
  );

  return (
    <AccountContext.Provider value={value}>
      {children}
      {user && dialog && (
        <Suspense fallback={null}>
          <AccountDialogs user={user} dialog={dialog} setDialog={setDialog} AdsEntryDialog={AdsEntryDialog} />
        </Suspense>
      )}
    </AccountContext.Provider>
  );
}
