/**
 * The bag drawer and the checkout, with the RPC mocked and the real wasm-core: the step flow
 * (sign-in prompt, address prompt, Entrega/Retirada choice, only one mode, neither), the fee
 * state messages, the minimum order, purchases closed, the coupon (upper case, not found),
 * 'Finalizar Compra' disabled until a payment is chosen, the payload, the Pix success screen and
 * the server's refusal.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatusDialogProvider } from '@/components/status-dialog';
import { AccountContext, type AccountContextValue } from '@/features/account/context';
import { BagButton } from '@/features/bag/components/BagButton';
import { BagProvider } from '@/features/bag/components/BagProvider';
import { addToBag, BAG_KEY, closeBag, resetBagForTests } from '@/features/bag/store';
import type { DadosForn, Produto } from '@/features/catalog/api/types';
import { useSession, type UserInfo } from '@/lib/session';
import { mockApi } from '@/test/fixtures';
import { ALFACE, BUYER, dadosforn, FORN, MANDIOCA, signInAs, TOMATE } from '../testing/fixtures';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

const signIn = vi.fn();

function Account({ children }: { children: React.ReactNode }) {
  const session = useSession();
  const value: AccountContextValue = {
    user: session?.userinfo ?? null,
    signIn,
    openAccountMenu: () => {},
    openPersonalData: () => {},
  };
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}

function renderShop() {
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

function fill(items: [Produto, number, string | null][], forn: DadosForn = FORN) {
  for (const [product, quantidade, opcao] of items) addToBag({ product, quantidade, opcao, dadosforn: forn });
}

/** Opens the bag and waits for the drawer with its products. */
async function openBag(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('sacola'));
  const dialog = await screen.findByRole('dialog', { name: 'Sua sacola' });
  await within(dialog).findByRole('button', { name: 'Continuar Compra' });
  return dialog;
}

/** The open checkout dialog. */
const checkout = () => screen.getByRole('dialog');

async function continueToSummary(user: ReturnType<typeof userEvent.setup>, mode?: 'Entrega' | 'Retirada') {
  const bag = await openBag(user);
  await waitFor(() => expect((within(bag).getByRole('button', { name: 'Continuar Compra' }) as HTMLButtonElement).disabled).toBe(false));
  await user.click(within(bag).getByRole('button', { name: 'Continuar Compra' }));
  if (mode) {
    const choice = await screen.findByRole('dialog', { name: 'Entrega ou Retirada' });
    await user.click(within(choice).getByRole('button', { name: new RegExp(`^${mode}`) }));
  }
  return screen.findByRole('dialog', { name: 'Resumo do pedido' });
}

function api(forn: DadosForn = FORN, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ pegar_dadosforn: { body: { dadosforn: forn } }, ...extra });
}

beforeEach(() => {
  resetBagForTests();
  signIn.mockReset();
});

afterEach(() => {
  act(() => closeBag());
});

describe('bag drawer', () => {
  it('shows the lines with wasm-core prices, steps quantities and removes', async () => {
    api();
    signInAs(BUYER);
    fill([
      [ALFACE, 2, null],
      [TOMATE, 2, '1 kg'],
    ]);
    const user = userEvent.setup();
    renderShop();
    expect(screen.getByRole('button', { name: 'Sacola: 2 produtos' })).toBeTruthy();
    const bag = await openBag(user);
    expect(within(bag).getByText('Sítio Boa Vista')).toBeTruthy();
    expect(within(bag).getByText('1 kg')).toBeTruthy();
    const [alface] = within(bag).getAllByTestId('item-sacola');
    expect(within(alface).getByTestId('total-linha').textContent).toBe('R$ 9,00');
    // Reaching the promo minimum (3) switches to the promo price.
    await user.click(within(alface).getByRole('button', { name: 'Aumentar quantidade' }));
    expect(within(alface).getByTestId('quantidade').textContent).toBe('3');
    expect(within(alface).getByTestId('total-linha').textContent).toBe('R$ 11,70');
    expect(within(bag).getByTestId('subtotal').textContent).toBe('R$ 28,70');
    await user.click(within(bag).getByRole('button', { name: 'Remover alface crespa' }));
    expect(within(bag).getAllByTestId('item-sacola')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sacola: 1 produto' })).toBeTruthy();
  });

  it('purchases closed: the message, and no further step', async () => {
    const closed = dadosforn({ compras: true });
    api(closed);
    signInAs(BUYER);
    fill([[ALFACE, 3, null]], closed);
    const user = userEvent.setup();
    renderShop();
    const bag = await openBag(user);
    await user.click(within(bag).getByRole('button', { name: 'Continuar Compra' }));
    expect(within(bag).getByRole('alert').textContent).toBe('Sítio Boa Vista está com o período de compras fechado!');
    expect(screen.getByRole('dialog', { name: 'Sua sacola' })).toBeTruthy();
  });
});

describe('checkout steps', () => {
  it('signed out: the sign-in prompt; then, without a street, the address prompt', async () => {
    api();
    signInAs(null);
    fill([[ALFACE, 3, null]]);
    const user = userEvent.setup();
    renderShop();
    const bag = await openBag(user);
    await user.click(within(bag).getByRole('button', { name: 'Continuar Compra' }));
    const prompt = await screen.findByRole('dialog', { name: 'Entre para continuar' });
    await user.click(within(prompt).getByRole('button', { name: 'Cadastre-se ou Faça login' }));
    expect(signIn).toHaveBeenCalledTimes(1);

    act(() => signInAs({ ...BUYER, rua: null, numero: null, latitude: null, longitude: null }));
    const address = await screen.findByRole('dialog', { name: 'Endereço de entrega' });
    expect(within(address).getByText('Cadastre um endereço para realizar compras')).toBeTruthy();
    // Back arrow: to the bag.
    await user.click(within(address).getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('dialog', { name: 'Sua sacola' })).toBeTruthy();
  });

  it('both modes: the choice; delivery below the minimum is refused; pickup goes on', async () => {
    api();
    signInAs(BUYER);
    fill([
      [ALFACE, 3, null],
      [TOMATE, 2, null],
    ]);
    const user = userEvent.setup();
    renderShop();
    let summary = await continueToSummary(user, 'Entrega');
    expect(within(summary).getByTestId('taxa-entrega').textContent).toBe('R$ 13,06');
    expect(within(summary).getByRole('alert').textContent).toBe('Pedido mínimo para entrega: R$ 30,00');
    expect((within(summary).getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(summary).getByRole('button', { name: 'Voltar' }));
    const choice = await screen.findByRole('dialog', { name: 'Entrega ou Retirada' });
    await user.click(within(choice).getByRole('button', { name: /^Retirada/ }));
    summary = await screen.findByRole('dialog', { name: 'Resumo do pedido' });
    expect(within(summary).getByText('Retirada no local')).toBeTruthy();
    expect(within(summary).queryByTestId('taxa-entrega')).toBeNull();
    expect(within(summary).getByTestId('total').textContent).toBe('R$ 28,70');
    expect((within(summary).getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('only pickup offered: straight to the summary', async () => {
    const forn = dadosforn({}, { entrega: '2' });
    api(forn);
    signInAs(BUYER);
    fill([[ALFACE, 3, null]], forn);
    const user = userEvent.setup();
    renderShop();
    const summary = await continueToSummary(user);
    expect(within(summary).getByText('Retirada no local')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Entrega ou Retirada' })).toBeNull();
  });

  it('neither offered: straight to the confirmation (payment)', async () => {
    const forn = dadosforn({}, { entrega: '' });
    api(forn);
    signInAs(BUYER);
    fill([[ALFACE, 3, null]], forn);
    const user = userEvent.setup();
    renderShop();
    const bag = await openBag(user);
    await waitFor(() => expect((within(bag).getByRole('button', { name: 'Continuar Compra' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(within(bag).getByRole('button', { name: 'Continuar Compra' }));
    const pay = await screen.findByRole('dialog', { name: 'Pagamento' });
    expect(within(pay).getByRole('button', { name: 'Finalizar Compra' })).toBeTruthy();
    expect(within(pay).getByTestId('total').textContent).toBe('R$ 11,70');
  });

  it.each([
    ['the buyer has no coordinates', { ...BUYER, latitude: null, longitude: null }, {}, 'Cadastre seu endereço para calcular'],
    ['the supplier has no start coordinates', BUYER, { latitude: null, longitude: null }, 'Taxa por Km indisponível no momento'],
    ['free delivery', BUYER, { taxaTipo: null }, 'Entrega Grátis ou a combinar'],
    ['a fixed fee', BUYER, { taxaTipo: 'fixa' as const, taxaentrega: 7.5 }, 'R$ 7,50'],
  ])('delivery only, %s', async (_name, buyer: UserInfo, delivery, message) => {
    const forn = dadosforn({}, { entrega: '1', ...delivery });
    api(forn);
    signInAs(buyer);
    fill([
      [ALFACE, 3, null],
      [MANDIOCA, 3, null],
    ], forn);
    const user = userEvent.setup();
    renderShop();
    const summary = await continueToSummary(user);
    await waitFor(() => expect(within(summary).getByTestId('taxa-entrega').textContent).toBe(message));
    const disabled = (within(summary).getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled;
    expect(disabled).toBe(message.startsWith('Cadastre') || message.startsWith('Taxa'));
  });

  it('"Calculando taxa..." while the supplier loads; continue disabled', async () => {
    const forn = dadosforn({}, { entrega: '1' });
    let answer: (r: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (answer = r)));
    vi.stubGlobal('fetch', fetchMock);
    signInAs(BUYER);
    fill([[MANDIOCA, 4, null]], forn);
    const user = userEvent.setup();
    renderShop();
    await user.click(screen.getByTestId('sacola'));
    const bag = await screen.findByRole('dialog', { name: 'Sua sacola' });
    // The stored dadosforn lets the buyer go on while the fresh one loads.
    const cont = await within(bag).findByRole('button', { name: 'Continuar Compra' });
    await user.click(cont);
    const summary = await screen.findByRole('dialog', { name: 'Resumo do pedido' });
    expect(within(summary).getByTestId('taxa-entrega').textContent).toBe('Calculando taxa...');
    expect((within(summary).getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer(new Response(JSON.stringify({ dadosforn: forn }))));
    await waitFor(() => expect(within(summary).getByTestId('taxa-entrega').textContent).toBe('R$ 13,06'));
    expect((within(summary).getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('coupon', () => {
  it('typed in upper case, applied with validar_cupom; unknown: alert and cleared', async () => {
    const { calls } = api(FORN, {
      validar_cupom: (body) =>
        body.cupom === 'BEMVINDO10'
          ? { body: { codigo: 'BEMVINDO10', tipo: '%', valor: 10 } }
          : { status: 404, body: { error: 'Cupom não encontrado!' } },
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    signInAs(BUYER);
    fill([
      [ALFACE, 3, null],
      [TOMATE, 2, null],
      [MANDIOCA, 1, null],
    ]);
    const user = userEvent.setup();
    renderShop();
    const summary = await continueToSummary(user, 'Entrega');
    const input = within(summary).getByLabelText('Cupom de desconto') as HTMLInputElement;
    await user.type(input, 'bemvindo10');
    expect(input.value).toBe('BEMVINDO10');
    await user.click(within(summary).getByRole('button', { name: 'Aplicar' }));
    await within(summary).findByTestId('desconto');
    expect(calls.find((c) => c.codigo === 'validar_cupom')?.body).toMatchObject({ userforn: 'forn1', cupom: 'BEMVINDO10' });
    expect(within(summary).getByTestId('produtos').textContent).toBe('R$ 36,70');
    expect(within(summary).getByTestId('desconto').textContent).toBe('- R$ 3,67');
    expect(within(summary).getByTestId('total').textContent).toBe('R$ 46,09');

    await user.click(within(summary).getByRole('button', { name: 'Remover cupom' }));
    const again = within(summary).getByLabelText('Cupom de desconto') as HTMLInputElement;
    await user.type(again, 'nada');
    expect(again.value).toBe('NADA');
    await user.click(within(summary).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Cupom não encontrado!'));
    expect((within(summary).getByLabelText('Cupom de desconto') as HTMLInputElement).value).toBe('');
    expect(within(summary).queryByTestId('desconto')).toBeNull();
  });
});

describe('payment and finishing', () => {
  it('Finalizar Compra only after a choice; sends the contract payload; Pix success with QR and copy; bag cleared', async () => {
    const { calls } = api(FORN, {
      validar_cupom: { body: { codigo: 'BEMVINDO10', tipo: '%', valor: 10 } },
      finalizar_pedido: { body: { all: { id: 'o1' }, qrcode: '00020101021226…6304ABCD', imagem_qrcode: 'data:image/svg+xml;base64,PHN2Zy8+' } },
    });
    signInAs(BUYER);
    fill([
      [ALFACE, 3, null],
      [TOMATE, 2, '1 kg'],
      [MANDIOCA, 1, null],
    ]);
    const user = userEvent.setup();
    renderShop();
    const summary = await continueToSummary(user, 'Entrega');
    await user.type(within(summary).getByLabelText('Cupom de desconto'), 'BEMVINDO10');
    await user.click(within(summary).getByRole('button', { name: 'Aplicar' }));
    await within(summary).findByTestId('desconto');
    await user.click(within(summary).getByRole('button', { name: 'Continuar' }));

    const pay = await screen.findByRole('dialog', { name: 'Pagamento' });
    const finalizar = within(pay).getByRole('button', { name: 'Finalizar Compra' }) as HTMLButtonElement;
    expect(finalizar.disabled).toBe(true);
    await user.click(within(pay).getByRole('radio', { name: 'Pix' }));
    expect(finalizar.disabled).toBe(false);
    await user.click(finalizar);

    const done = await screen.findByRole('dialog', { name: 'Pedido realizado' });
    expect(within(done).getByText('Pedido realizado com sucesso!')).toBeTruthy();
    expect(within(done).getByRole('img', { name: 'QR Code Pix' }).getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect((within(done).getByTestId('pix-copia-e-cola') as HTMLTextAreaElement).value).toBe('00020101021226…6304ABCD');
    await user.click(within(done).getByRole('button', { name: 'Copiar código' }));
    expect(await navigator.clipboard.readText()).toBe('00020101021226…6304ABCD');
    expect(await within(done).findByText('Código copiado!')).toBeTruthy();

    const sent = calls.find((c) => c.codigo === 'finalizar_pedido')?.body;
    expect(sent).toEqual({
      codigo: 'finalizar_pedido',
      sacola: [
        { id: 'p1', quantidade: 3, opcaoselecionada: null },
        { id: 'p2', quantidade: 2, opcaoselecionada: '1 kg' },
        { id: 'p3', quantidade: 1, opcaoselecionada: null },
      ],
      forn: 'forn1',
      total: 46.09,
      desconto: 3.67,
      taxaentregafinal: 13.06,
      pagamento: '2',
      entrega: true,
      infoscupom: { codigo: 'BEMVINDO10' },
    });
    expect(localStorage.getItem(BAG_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Sacola: 0 produtos' })).toBeTruthy();
  });

  it("shows the server's refusal and keeps the bag", async () => {
    api(FORN, { finalizar_pedido: { status: 409, body: { error: 'Estoque insuficiente para alface crespa' } } });
    signInAs(BUYER);
    fill([[ALFACE, 3, null]]);
    const user = userEvent.setup();
    renderShop();
    const summary = await continueToSummary(user, 'Retirada');
    await user.click(within(summary).getByRole('button', { name: 'Continuar' }));
    const pay = await screen.findByRole('dialog', { name: 'Pagamento' });
    await user.click(within(pay).getByRole('radio', { name: 'Presencial' }));
    await user.click(within(pay).getByRole('button', { name: 'Finalizar Compra' }));
    const err = await screen.findByRole('dialog', { name: 'Não foi possível finalizar' });
    expect(within(err).getByRole('alert').textContent).toBe('Estoque insuficiente para alface crespa');
    expect(localStorage.getItem(BAG_KEY)).not.toBeNull();
    await user.click(within(err).getByRole('button', { name: 'Revisar pedido' }));
    expect(await screen.findByRole('dialog', { name: 'Pagamento' })).toBeTruthy();
    expect(checkout()).toBeTruthy();
  });
});
