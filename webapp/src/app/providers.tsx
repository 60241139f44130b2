/**
 * App-wide providers, inside the router (the account dialogs navigate): the status dialog, the
 * region and the account.
 */
import type { ReactNode } from 'react';
import { StatusDialogProvider } from '@/components/status-dialog';
import { AccountProvider } from '@/features/account/components/AccountProvider';
import { RegionProvider } from '@/features/region/components/RegionProvider';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <StatusDialogProvider>
      <RegionProvider>
        <AccountProvider>{children}</AccountProvider>
      </RegionProvider>
    </StatusDialogProvider>
  );
}
