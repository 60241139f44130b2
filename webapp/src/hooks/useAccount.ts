/**
 * React context of the account area: the signed-in user, sign-in, and the account dialogs.
 */
import { createContext, useContext } from 'react';
import type { UserInfo } from '@/lib/session';

export interface AccountContextValue {
  user: UserInfo | null;
  /** Starts the popup sign-in; call directly from a click. */
  signIn: () => void;
  openAccountMenu: () => void;
  openPersonalData: () => void;
  /** Opens the Ads entry dialog ('Conta Empresarial' / 'Anúncio Direto'). */
  openAdsEntry?: () => void;
}

export const AccountContext = createContext<AccountContextValue | null>(null);

/** The account state; must be used under `AccountProvider`. */
export function useAccount(): AccountContextValue {
  const ctx = useContext(AccountContext);
  if (!ctx) throw new Error('useAccount fora de AccountProvider');
  return ctx;
}

/** How a user is named on screen: the name, or the e-mail when no name is set. */
export function displayName(user: UserInfo): string {
  return user.nome?.trim() || user.email;
}
