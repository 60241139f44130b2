/**
 * Hosts the bag drawer and the checkout that follows it (loaded only when first opened), for every
 * layout: the marketplace header's bag button and the storefront's 'Meu Pedido' both call
 * `useBag().open()`.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useBag } from '../store';

const CheckoutDrawer = lazy(() => import('@/features/checkout/components/CheckoutDrawer'));

export function BagProvider({ children }: { children: ReactNode }) {
  const { isOpen, close } = useBag();
  return (
    <>
      {children}
      {isOpen && (
        <Suspense fallback={null}>
          <CheckoutDrawer onClose={close} />
        </Suspense>
      )}
    </>
  );
}
