/**
 * Provides the account context and owns the account dialogs (menu, personal data, sign-out
 * confirmation), which are loaded only when first opened. At start it confirms a stored session
 * with the API once.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSession } from '@/lib/session';
import { revalidateSession } from '../api/session';
import { signInWithPopup } from '../api/signIn';
import { AccountContext, type AccountContextValue } from '../context';

const AccountDialogs = lazy(() => import('./AccountDialogs'));

export type AccountDialog = 'menu' | 'dados' | 'sair' | 'anuncios' | null;

let revalidated = false;

/** Test hook: allow the start-up check to run again. */
export function resetAccountStartupForTests() {
  revalidated = false;
}

export function AccountProvider({ children }: { children: ReactNode }) {
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

  const signIn = useCallback(() => {
    void signInWithPopup().then((r) => {
      if (r === 'blocked') {
        window.alert('Não foi possível abrir a janela de login. Permita pop-ups para este site e tente novamente.');
      } else if (r === 'error') {
        window.alert('Algum erro ocorreu!');
      }
    });
  }, []);

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
          <AccountDialogs user={user} dialog={dialog} setDialog={setDialog} />
        </Suspense>
      )}
    </AccountContext.Provider>
  );
}
