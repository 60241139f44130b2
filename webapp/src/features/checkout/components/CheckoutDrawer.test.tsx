/**
 * The bag drawer and the checkout steps, with the RPC mocked and the real wasm-core: the lines and
 * their steppers, purchases closed, the step flow (sign-in prompt, address prompt, Entrega/Retirada
 * choice, only one mode, neither), the fee state messages and the minimum order. The coupon and
 * the payment are in CheckoutPayment.test.tsx.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@/lib/session';
import { ALFACE, BUYER, dadosforn, MANDIOCA, signInAs, TOMATE } from '@/test/shop';
import { api, continueToSummary, fill, openBag, renderShop, signIn, registerShopHooks } from '../testing/shop';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

registerShopHooks();

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

  it("'Cadastrar endereço' opens the address wizard the app hands in; once saved, the mode choice", async () => {
    api();
    signInAs({ ...BUYER, rua: null, numero: null, latitude: null, longitude: null });
    fill([[ALFACE, 3, null]]);
    const user = userEvent.setup();
    renderShop();
    const bag = await openBag(user);
    await waitFor(() => expect((within(bag).getByRole('button', { name: 'Continuar Compra' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(within(bag).getByRole('button', { name: 'Continuar Compra' }));
    const address = await screen.findByRole('dialog', { name: 'Endereço de entrega' });
    await user.click(within(address).getByRole('button', { name: 'Cadastrar endereço' }));
    // The wizard has its own way back: cancelling returns to the prompt.
    await user.click(await within(address).findByRole('button', { name: 'Cancelar endereço' }));
    await user.click(within(address).getByRole('button', { name: 'Cadastrar endereço' }));
    await user.click(await within(address).findByRole('button', { name: 'Salvar endereço' }));
    expect(await screen.findByRole('dialog', { name: 'Entrega ou Retirada' })).toBeTruthy();
  });

  it('below the minimum with a coupon: the discount and the total are shown with the minimum message', async () => {
    api(undefined, { validar_cupom: { body: { codigo: 'BEMVINDO10', tipo: '%', valor: 10, validade_inicio: null, validade_fim: null, pedido_minimo: null, um_por_cliente: false } } });
    signInAs(BUYER);
    fill([
      [ALFACE, 3, null],
      [TOMATE, 2, null],
    ]);
    const user = userEvent.setup();
    renderShop();
    const summary = await continueToSummary(user, 'Entrega');
    await user.type(within(summary).getByLabelText('Cupom de desconto'), 'BEMVINDO10');
    await user.click(within(summary).getByRole('button', { name: 'Aplicar' }));
    // 10 % of R$ 28,70; R$ 28,70 + R$ 12,63 − R$ 2,87.
    expect((await within(summary).findByTestId('desconto')).textContent).toBe('- R$ 2,87');
    expect(within(summary).getByTestId('total').textContent).toBe('R$ 38,46');
    expect(within(summary).getByRole('alert').textContent).toBe('Falta R$ 1,30 para o pedido mínimo de entrega.');
    expect((within(summary).getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(true);
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
    expect(within(summary).getByTestId('taxa-entrega').textContent).toBe('R$ 12,63');
    // How much is missing, and a way back to the store (docs/readings.md).
    expect(within(summary).getByRole('alert').textContent).toBe('Falta R$ 1,30 para o pedido mínimo de entrega.');
    expect(within(summary).getByRole('button', { name: 'Voltar à loja' })).toBeTruthy();
    expect((within(summary).getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(true);
    // What the order comes to so far, beside the minimum's message.
    expect(within(summary).getByTestId('produtos').textContent).toBe('R$ 28,70');
    expect(within(summary).getByTestId('total').textContent).toBe('R$ 41,33');

    await user.click(within(summary).getByRole('button', { name: 'Voltar' }));
    const choice = await screen.findByRole('dialog', { name: 'Entrega ou Retirada' });
    await user.click(within(choice).getByRole('button', { name: /^Retirada/ }));
    summary = await screen.findByRole('dialog', { name: 'Resumo do pedido' });
    expect(within(summary).getByText('Retirada no local')).toBeTruthy();
    expect(within(summary).queryByTestId('taxa-entrega')).toBeNull();
    expect(within(summary).getByTestId('total').textContent).toBe('R$ 28,70');
    expect((within(summary).getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('beyond the delivery distance: only pickup, with the message (wasm-core)', async () => {
    // The buyer is 5 km from the farm; the farm delivers within 3 km.
    const forn = dadosforn({}, { distanciamaxima: 3 });
    api(forn);
    signInAs({ ...BUYER, aviso_localizacao: null });
    fill([[ALFACE, 3, null]], forn);
    const user = userEvent.setup();
    renderShop();
    const bag = await openBag(user);
    await waitFor(() => expect((within(bag).getByRole('button', { name: 'Continuar Compra' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(within(bag).getByRole('button', { name: 'Continuar Compra' }));
    const choice = await screen.findByRole('dialog', { name: 'Entrega ou Retirada' });
    expect(within(choice).getByRole('alert').textContent).toBe('Endereço fora da área de entrega de Sítio Boa Vista.');
    expect(within(choice).queryByRole('button', { name: /^Entrega/ })).toBeNull();
    await user.click(within(choice).getByRole('button', { name: /^Retirada/ }));
    const summary = await screen.findByRole('dialog', { name: 'Resumo do pedido' });
    expect(within(summary).getByText('Retirada no local')).toBeTruthy();
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
    await waitFor(() => expect(within(summary).getByTestId('taxa-entrega').textContent).toBe('R$ 12,63'));
    expect((within(summary).getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
