/**
 * Tests only: the bag button and the checkout drawer rendered as the app does (router, status
 * dialog, an account context whose sign-in is a mock, the bag provider), and helpers to fill the
 * bag and walk to the summary. The RPC is mocked by each test (`api`); wasm-core is the real one
 * (each test file mocks '@/lib/wasm' with `loadRealCore`).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { StatusDialogProvider } from '@/components/status-dialog';
import { AccountContext, type AccountContextValue } from '@/features/account/context';
import { BagButton } from '@/features/bag/components/BagButton';
import { BagProvider } from '@/features/bag/components/BagProvider';
import { addToBag, closeBag, resetBagForTests } from '@/features/bag/store';
import type { DadosForn, Produto } from '@/features/catalog/api/types';
import { useSession } from '@/lib/session';
import { mockApi } from '@/test/fixtures';
import { FORN } from './fixtures';

/** The account context's sign-in (a mock: the popup is not part of these tests). */
export const signIn = vi.fn();

/** Registers the per-test reset of the bag and of `signIn`, and closes the drawer after each. */
export function registerShopHooks() {
  beforeEach(() => {
    resetBagForTests();
    signIn.mockReset();
  });
  afterEach(() => {
    act(() => closeBag());
  });
}

function Account({ children }: { children: ReactNode }) {
  const session = useSession();
  const value: AccountContextValue = {
    user: session?.userinfo ?? null,
    signIn,
    openAccountMenu: () => {},
    openPersonalData: () => {},
  };
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}

export function renderShop() {
  return render(
    <MemoryRouter>
      <StatusDialogProvider>
        <Account>
          <BagProvider>
            <BagButton />
          </BagProvider>
        </Account>
      </StatusDialogProvider>
    </MemoryRouter>,
  );
}

export function fill(items: [Produto, number, string | null][], forn: DadosForn = FORN) {
  for (const [product, quantidade, opcao] of items) addToBag({ product, quantidade, opcao, dadosforn: forn });
}

/** Opens the bag and waits for the drawer with its products. */
export async function openBag(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('sacola'));
  const dialog = await screen.findByRole('dialog', { name: 'Sua sacola' });
  await within(dialog).findByRole('button', { name: 'Continuar Compra' });
  return dialog;
}

/** The open checkout dialog. */
export const checkout = () => screen.getByRole('dialog');

export async function continueToSummary(user: ReturnType<typeof userEvent.setup>, mode?: 'Entrega' | 'Retirada') {
  const bag = await openBag(user);
  await waitFor(() => expect((within(bag).getByRole('button', { name: 'Continuar Compra' }) as HTMLButtonElement).disabled).toBe(false));
  await user.click(within(bag).getByRole('button', { name: 'Continuar Compra' }));
  if (mode) {
    const choice = await screen.findByRole('dialog', { name: 'Entrega ou Retirada' });
    await user.click(within(choice).getByRole('button', { name: new RegExp(`^${mode}`) }));
  }
  return screen.findByRole('dialog', { name: 'Resumo do pedido' });
}

export function api(forn: DadosForn = FORN, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ pegar_dadosforn: { body: { dadosforn: forn } }, ...extra });
}
