/**
 * Tests only: the bag button and the checkout drawer rendered as the app does (router, status
 * dialog, an account context whose sign-in is a mock, the bag provider with a stand-in address
 * wizard), and helpers to fill the
 * bag and walk to the summary. The RPC is mocked by each test (`api`); wasm-core is the real one
 * (each test file mocks '@/lib/wasm' with `loadRealCore`).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { BagButton } from '@/components/BagButton';
import { StatusDialogProvider } from '@/components/status-dialog';
import { AccountContext, type AccountContextValue } from '@/hooks/useAccount';
import { addToBag, closeBag, resetBagForTests } from '@/lib/bag';
import { useSession, type UserInfo } from '@/lib/session';
import { mockApi } from '@/test/fixtures';
import { FORN } from '@/test/shop';
import type { DadosForn, Produto } from '@/types/wire';
import { BagProvider } from '../components/BagProvider';
import { forgetAttempt } from '../idempotency';

/** The account context's sign-in (a mock: the popup is not part of these tests). */
export const signIn = vi.fn();

/**
 * Registers the per-test reset of the bag, of `signIn` and of the open checkout attempt (its
 * Idempotency-Key), and closes the drawer after each.
 */
export function registerShopHooks() {
  beforeEach(() => {
    resetBagForTests();
    forgetAttempt();
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

/**
 * A stand-in for the address wizard the app hands to the bag provider (the address feature's,
 * tested there): 'Salvar endereço' stores `ADDRESS_SAVED`'s address and reports it done.
 */
export const ADDRESS_SAVED = { rua: 'Rua do Rosário', numero: '45', latitude: -22.7185, longitude: -47.635 };

function AddressWizardStandIn({ user, onCancel, onDone }: { user: UserInfo; onCancel: () => void; onDone: (u: UserInfo) => void }) {
  return (
    <div>
      <button type="button" onClick={onCancel}>
        Cancelar endereço
      </button>
      <button type="button" onClick={() => onDone({ ...user, ...ADDRESS_SAVED })}>
        Salvar endereço
      </button>
    </div>
  );
}

export function renderShop() {
  return render(
    <MemoryRouter>
      <StatusDialogProvider>
        <Account>
          <BagProvider AddressWizard={AddressWizardStandIn}>
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

/** From the summary: 'Continuar', then pays with `forma` and presses 'Finalizar Compra'. */
export async function finishWith(user: ReturnType<typeof userEvent.setup>, summary: HTMLElement, forma: 'Pix' | 'Presencial') {
  await user.click(within(summary).getByRole('button', { name: 'Continuar' }));
  const pay = await screen.findByRole('dialog', { name: 'Pagamento' });
  await user.click(within(pay).getByRole('radio', { name: forma }));
  await user.click(within(pay).getByRole('button', { name: 'Finalizar Compra' }));
}
