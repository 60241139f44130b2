/**
 * Hosts the bag drawer and the checkout that follows it (loaded only when first opened), for every
 * layout: the marketplace header's bag button and the storefront's 'Meu Pedido' both call
 * `useBag().open()`.
 *
 * A buyer without an address registers one in the middle of the checkout with the address
 * feature's wizard: the app hands it in (`AddressWizard`), since features never import each other.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useBag } from '@/lib/bag';
import type { AddressWizardComponent } from './CheckoutDrawer';

const CheckoutDrawer = lazy(() => import('./CheckoutDrawer'));

export interface BagProviderProps {
  children: ReactNode;
  AddressWizard: AddressWizardComponent;
}

export function BagProvider({ children, AddressWizard }: BagProviderProps) {
  const { isOpen, close } = useBag();
  return (
    <>
      {children}
      {isOpen && (
        <Suspense fallback={null}>
          <CheckoutDrawer onClose={close} AddressWizard={AddressWizard} />
        </Suspense>
      )}
    </>
  );
}
