/**
 * The checkout's coupon and payment, with the RPC mocked and the real wasm-core: the coupon (upper
 * case, not found, each refusal of its rules with its own message, other failures), 'Finalizar
 * Compra' disabled until a payment is chosen, the spec's order payload with its Idempotency-Key
 * (the same on a retry after an unknown outcome, a new one after an answer), the Pix success
 * screen (order number, amount, countdown), the server's refusal and a transport failure.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BAG_KEY } from '@/lib/bag';
import { noteNetwork } from '@/lib/online';
import type { ErrorCode } from '@/lib/rpc';
import { ALFACE, BUYER, FORN, MANDIOCA, signInAs, TOMATE } from '@/test/shop';
import type { Produto } from '@/types/wire';
import type { Pedido } from '@/types/wire';
import { api, checkout, continueToSummary, fill, finishWith, renderShop, registerShopHooks } from '../testing/shop';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** `finalizar_pedido`'s order (`all`) for a Pix order of BUYER at Sítio Boa Vista. */
function pedidoPix(id: string, infos: Partial<Pedido['Infos']> = {}): Pedido {
  return {
    id,
    idpedido: id,
    Infos: {
      txid: 'TX123456789012345678901234567',
      userforn: 'forn1',
      nomeforn: 'Sítio Boa Vista',
      horario_pedido: Date.now(),
      cliente_user: BUYER.usuario,
      cliente_nome: BUYER.nome,
      cliente_telefone: BUYER.telefone,
      telefoneforn: '(19)99876-5432',
      rua: BUYER.rua,
      numero: BUYER.numero,
      cidade: BUYER.cidade,
      complemento: BUYER.complemento,
      status_pix: '1',
      situacao: '1',
      tipo_entrega: 'Entrega',
      pagamento: '2',
      preco_produtos: 36.7,
      taxa_entrega: 12.63,
      desconto: 3.67,
      total_pago: 45.66,
      cupom: null,
      qrcode: '00020101021226…6304ABCD',
      imagem_qrcode: null,
      reembolsado: false,
      devolucao: null,
      pix_expira_em: Date.now() + 3_600_000,
      pix_devolvido: null,
      entregue_em: null,
      recebido_em: null,
      recebimento: null,
      ...infos,
    },
    Produtos: [],
  };
}

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

registerShopHooks();

describe('coupon', () => {
  it('typed in upper case, applied with validar_cupom; unknown: alert and cleared', async () => {
    const { calls } = api(FORN, {
      validar_cupom: (body) =>
        body.cupom === 'BEMVINDO10'
          ? { body: { codigo: 'BEMVINDO10', tipo: '%', valor: 10, validade_inicio: null, validade_fim: null, pedido_minimo: null, um_por_cliente: false } }
          : { status: 404, body: { error: 'Cupom não encontrado!', codigo_erro: 'nao_encontrado' } },
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
    expect(within(summary).getByTestId('total').textContent).toBe('R$ 45,66');

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

describe('coupon failures', () => {
  // Each refusal of a coupon's rules (decisions.md §32) as the API answers it: its status, code and message.
  it.each<[ErrorCode, number, string]>([
    ['cupom_ainda_nao_valido', 400, 'Cupom válido a partir de 10/12/2026.'],
    ['cupom_expirado', 400, 'Cupom expirado.'],
    ['cupom_esgotado', 409, 'Este cupom atingiu o limite de usos.'],
    ['cupom_ja_usado', 409, 'Este cupom já foi usado.'],
    ['cupom_pedido_minimo', 400, 'Cupom válido para pedidos a partir de R$ 50,00.'],
  ])('%s (HTTP %i): alert with its own message, the coupon cleared', async (codigo_erro, status, error) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api(FORN, { validar_cupom: { status, body: { error, codigo_erro } } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    signInAs(BUYER);
    fill([[ALFACE, 3, null]]);
    const user = userEvent.setup();
    renderShop();
    const summary = await continueToSummary(user, 'Retirada');
    await user.type(within(summary).getByLabelText('Cupom de desconto'), 'bemvindo10');
    await user.click(within(summary).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(1));
    expect(alert).toHaveBeenCalledWith(error);
    expect((within(summary).getByLabelText('Cupom de desconto') as HTMLInputElement).value).toBe('');
    expect(within(summary).queryByTestId('desconto')).toBeNull();
  });

  it("a failure other than not-found: alert 'Algum erro ocorreu!', the typed code kept", async () => {
    api(FORN, { validar_cupom: { status: 500, body: { error: 'Erro interno.', codigo_erro: 'erro_interno' } } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    signInAs(BUYER);
    fill([[ALFACE, 3, null]]);
    const user = userEvent.setup();
    renderShop();
    const summary = await continueToSummary(user, 'Retirada');
    await user.type(within(summary).getByLabelText('Cupom de desconto'), 'bemvindo10');
    await user.click(within(summary).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Algum erro ocorreu!'));
    expect((within(summary).getByLabelText('Cupom de desconto') as HTMLInputElement).value).toBe('BEMVINDO10');
    expect(within(summary).queryByTestId('desconto')).toBeNull();
  });
});

describe('payment and finishing', () => {
  it('Finalizar Compra only after a choice; sends the contract payload; Pix success with QR and copy; bag cleared', async () => {
    const { calls } = api(FORN, {
      validar_cupom: { body: { codigo: 'BEMVINDO10', tipo: '%', valor: 10, validade_inicio: null, validade_fim: null, pedido_minimo: null, um_por_cliente: false } },
      // The charge expires 59:32 after the order is answered (however long the walk to it took).
      finalizar_pedido: () => ({
        body: {
          all: pedidoPix('3f9a1c2b-77aa-4c1e-9e0f-5d2a1b3c4d5e', { total_pago: 45.66, pix_expira_em: Date.now() + 59 * 60_000 + 32_000 }),
          qrcode: '00020101021226…6304ABCD',
          imagem_qrcode: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      }),
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
    // The order's number, its amount and the charge's countdown.
    expect(within(done).getByTestId('numero-pedido').textContent).toBe('Pedido nº 3F9A1C2B');
    expect(within(done).getByTestId('valor-pedido').textContent).toBe('R$ 45,66');
    expect(within(done).getByTestId('pix-expira').textContent).toMatch(/^Expira em 59:3[12]$/);
    expect(within(done).getByTestId('pix-situacao').textContent).toBe('Pague com Pix para confirmar o seu pedido.');
    expect(within(done).getByRole('img', { name: 'QR Code Pix' }).getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect((within(done).getByTestId('pix-copia-e-cola') as HTMLTextAreaElement).value).toBe('00020101021226…6304ABCD');
    await user.click(within(done).getByRole('button', { name: 'Copiar código' }));
    expect(await navigator.clipboard.readText()).toBe('00020101021226…6304ABCD');
    expect(await within(done).findByText('Código copiado!')).toBeTruthy();

    const call = calls.find((c) => c.codigo === 'finalizar_pedido')!;
    expect(call.headers['Idempotency-Key']).toMatch(UUID);
    const sent = call.body;
    const line = (p: Produto, quantidade: number, opcaoselecionada: string | null) => ({ id: p.id, userforn: p.userforn, quantidade, opcaoselecionada });
    // What the API reads of the spec's order payload (§3, §7; the generated PlaceOrder): the bag's
    // lines, forn, the total the buyer saw, payment code '2' for Pix (decisions.md §6), delivery,
    // and the coupon's code. The server recomputes the rest.
    expect(sent).toEqual({
      codigo: 'finalizar_pedido',
      sacola: [line(ALFACE, 3, null), line(TOMATE, 2, '1 kg'), line(MANDIOCA, 1, null)],
      forn: 'forn1',
      total: 45.66,
      pagamento: '2',
      entrega: true,
      infoscupom: { codigo: 'BEMVINDO10' },
    });
    expect(localStorage.getItem(BAG_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Sacola: 0 produtos' })).toBeTruthy();
  });

  it("shows the server's refusal and keeps the bag", async () => {
    api(FORN, {
      finalizar_pedido: { status: 409, body: { error: 'Estoque insuficiente para alface crespa', codigo_erro: 'estoque_insuficiente' } },
      pegar_produto_url_site: { body: { item: { ...ALFACE, dadosforn: FORN } } },
    });
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

  it("a transport failure shows 'Algum erro ocorreu!'; sending the same order again carries the same Idempotency-Key, a new order a new one", async () => {
    let falhar = true;
    const { calls } = api(FORN, {
      finalizar_pedido: () => {
        if (falhar) {
          falhar = false;
          return new TypeError('Failed to fetch');
        }
        return { body: { all: pedidoPix('a1b2c3d4e5', { pagamento: '1', qrcode: null, total_pago: 11.7 }) } };
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAs(BUYER);
    fill([[ALFACE, 3, null]]);
    const user = userEvent.setup();
    renderShop();
    await finishWith(user, await continueToSummary(user, 'Retirada'), 'Presencial');
    const err = await screen.findByRole('dialog', { name: 'Não foi possível finalizar' });
    expect(within(err).getByText('Algum erro ocorreu!')).toBeTruthy();
    expect(localStorage.getItem(BAG_KEY)).not.toBeNull();
    // The network answers again (the offline probe's job), and the buyer tries again.
    act(() => noteNetwork(true));
    await user.click(within(err).getByRole('button', { name: 'Revisar pedido' }));
    const pay = await screen.findByRole('dialog', { name: 'Pagamento' });
    await user.click(within(pay).getByRole('button', { name: 'Finalizar Compra' }));
    const done = await screen.findByRole('dialog', { name: 'Pedido realizado' });
    expect(within(done).getByTestId('numero-pedido').textContent).toBe('Pedido nº A1B2C3D4');
    expect(within(done).getByText('Combine a entrega ou a retirada com o vendedor. O pagamento é feito pessoalmente.')).toBeTruthy();

    const tries = calls.filter((c) => c.codigo === 'finalizar_pedido');
    expect(tries).toHaveLength(2);
    expect(tries[0].body).toMatchObject({ pagamento: '1', entrega: false, infoscupom: null });
    expect(tries[1].body).toEqual(tries[0].body);
    expect(tries[0].headers['Idempotency-Key']).toMatch(UUID);
    expect(tries[1].headers['Idempotency-Key']).toBe(tries[0].headers['Idempotency-Key']);

    // The order went through: the same bag bought again is another attempt.
    await user.click(within(done).getByRole('button', { name: 'Continuar comprando' }));
    fill([[ALFACE, 3, null]]);
    await finishWith(user, await continueToSummary(user, 'Retirada'), 'Presencial');
    await screen.findByRole('dialog', { name: 'Pedido realizado' });
    const third = calls.filter((c) => c.codigo === 'finalizar_pedido')[2];
    expect(third.body).toEqual(tries[0].body);
    expect(third.headers['Idempotency-Key']).toMatch(UUID);
    expect(third.headers['Idempotency-Key']).not.toBe(tries[0].headers['Idempotency-Key']);
  });

  it('a refusal settles the attempt: the next try carries a new key', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = api(FORN, { finalizar_pedido: { status: 400, body: { error: 'Sítio Boa Vista está com o período de compras fechado!', codigo_erro: 'dados_invalidos' } } });
    signInAs(BUYER);
    fill([[ALFACE, 3, null]]);
    const user = userEvent.setup();
    renderShop();
    await finishWith(user, await continueToSummary(user, 'Retirada'), 'Presencial');
    const err = await screen.findByRole('dialog', { name: 'Não foi possível finalizar' });
    await user.click(within(err).getByRole('button', { name: 'Revisar pedido' }));
    const pay = await screen.findByRole('dialog', { name: 'Pagamento' });
    await user.click(within(pay).getByRole('button', { name: 'Finalizar Compra' }));
    await screen.findByRole('dialog', { name: 'Não foi possível finalizar' });
    const [a, b] = calls.filter((c) => c.codigo === 'finalizar_pedido');
    expect(b.body).toEqual(a.body);
    expect(b.headers['Idempotency-Key']).not.toBe(a.headers['Idempotency-Key']);
  });
});
