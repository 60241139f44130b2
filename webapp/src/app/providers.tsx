/**
 * App-wide providers, inside the router (the account dialogs navigate): the status dialog, the
 * region, the account and the bag (its drawer and the checkout).
 */
import type { ReactNode } from 'react';
import { StatusDialogProvider } from '@/components/status-dialog';
import { AccountProvider } from '@/features/account/components/AccountProvider';
import { BagProvider } from '@/features/bag/components/BagProvider';
import { RegionProvider } from '@/features/region/components/RegionProvider';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <StatusDialogProvider>
      <RegionProvider>
        <AccountProvider>
          <BagProvider>{children}</BagProvider>
        </AccountProvider>
      </RegionProvider>
    </StatusDialogProvider>
  );
}
