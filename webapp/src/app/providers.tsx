/**
 * App-wide providers, inside the router (the account dialogs navigate): the status dialog, the
 * region, the account and the bag (its drawer and the checkout).
 *
 * Where one feature's screen opens another feature's, the app composes them here: the account
 * menu's Ads entry dialog (business registration, new ad) and the checkout's address wizard are
 * handed to their providers, each loaded only when first shown.
 */
import { lazy, type ReactNode } from 'react';
import { StatusDialogProvider } from '@/components/status-dialog';
import { AccountProvider } from '@/features/account/components/AccountProvider';
import { BagProvider } from '@/features/checkout/components/BagProvider';
import { RegionProvider } from '@/features/region/components/RegionProvider';

const AdsEntryDialog = lazy(() => import('./dialogs/AdsEntryDialog'));
const AddressWizard = lazy(() =>
  import('@/features/address/components/AddressWizard').then((m) => ({ default: m.AddressWizard })),
);

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <StatusDialogProvider>
      <RegionProvider>
        <AccountProvider AdsEntryDialog={AdsEntryDialog}>
          <BagProvider AddressWizard={AddressWizard}>{children}</BagProvider>
        </AccountProvider>
      </RegionProvider>
    </StatusDialogProvider>
  );
}
