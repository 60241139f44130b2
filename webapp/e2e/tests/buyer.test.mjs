// The buyer journey, on the demo data:
//   pick a region; open the storefront 'sitio-boa-vista' (per-km fee, coupon BEMVINDO10 = 10 %,
//   payments in person and Pix); add two products, one reaching its promo minimum; try a product
//   of another supplier (conflict modal); sign in from the checkout (a new buyer, so the address
//   prompt and wizard run); register an address; choose delivery with the per-km fee; apply the
//   % coupon; pay by Pix; see the QR and the copy-paste code; mark it paid through the sandbox
//   endpoint; see 'Pago' in the order history. Then a second order, in person with pickup,
//   cancelled from the history.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  APP_URL, SIGN_IN_LABEL, centavos, containing, control, dialogWith, eventually, expectHidden, expectVisible,
  launchBrowser, parseBrCode, payPix, PSP_CONTROL_URL, providerName, rpcFromPage, signIn, withPage,
} from '../lib.mjs';

// A buyer the demo data does not know: no street yet.
const LOGIN = 'novocomprador';
const NAME = providerName(LOGIN);
const STORE = 'sitio-boa-vista';
const OTHER_STORE = 'engenho-capivari';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** The open dialog whose accessible name is `name`. */
function dialogNamed(page, name) {
  return page.getByRole('dialog', { name, exact: true });
}

/** Opens a storefront product's modal and adds `qtd` units (optionally an option) to the bag. */
async function addFromStore(page, title, { qtd = 1, opcao = null } = {}) {
  const card = page.getByRole('button', { name: new RegExp(title, 'i') }).first();
  await expectVisible(card, `the product card '${title}'`);
  await card.click();
  const modal = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Adicionar ao carrinho' }) });
  await expectVisible(modal, `the product modal of '${title}'`);
  if (opcao) await modal.getByRole('combobox').selectOption(opcao);
  for (let q = Number(await modal.getByTestId('quantidade').textContent()); q < qtd; q += 1) {
    await modal.getByRole('button', { name: 'Aumentar quantidade' }).click();
  }
  await eventually(async () => Number(await modal.getByTestId('quantidade').textContent()) === qtd, `quantity ${qtd} of '${title}'`);
  const total = await modal.getByTestId('preco-total').textContent();
  await modal.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  return total;
}

/** Signs in from the checkout's sign-in prompt (the popup of the local OpenID provider). */
function signInFromCheckout(page, dialog, login) {
  return signIn(page, login, { via: dialog.getByRole('button', { name: SIGN_IN_LABEL }), until: null });
}

/** The signed-in buyer's orders, straight from the API (to read the Pix txid). */
async function ordersOf(page) {
  return (await rpcFromPage(page, { codigo: 'pegar_pedidos' })).body.pedidos;
}

/** Opens the profile's 'Histórico de pedidos' from the account menu. */
async function openHistory(page) {
  await control(page, containing(NAME)).first().click();
  const menu = dialogNamed(page, 'Minha conta');
  await expectVisible(menu, "the account dialog 'Minha conta'");
  await menu.getByRole('button', { name: 'Histórico de Pedidos' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Pedidos', exact: true }), "the heading 'Pedidos'");
}

test('buyer: Pix delivery order with a coupon, paid; then an in-person pickup order, cancelled', async () => {
  await withPage(browser, 'buyer', async (page, context) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });

    // --- Region ------------------------------------------------------------------------------
    await page.goto('/');
    await control(page, /Piracicaba, SP/).first().click();
    const regionDialog = dialogWith(page, 'Selecione uma cidade');
    await expectVisible(regionDialog, "the dialog 'Selecione uma cidade'");
    await regionDialog.getByRole('combobox').fill('piracicaba');
    await regionDialog.getByRole('option', { name: 'Piracicaba, SP', exact: true }).click();
    await control(regionDialog, 'Continuar').first().click();
    await expectHidden(regionDialog, 'the region dialog');
    await expectVisible(page.getByRole('heading', { name: 'Alimentos' }), "the home page's 'Alimentos' section in Piracicaba");

    // --- Storefront: two products, one reaching its promo minimum ------------------------------
    await page.goto(`/${STORE}`);
    await expectVisible(page.getByTestId('loja'), `the storefront /${STORE}`);
    assert.equal(await addFromStore(page, 'alface crespa hidropônica', { qtd: 3 }), 'R$ 11,70', 'lettuce at the promo price from 3 units');
    assert.equal(await addFromStore(page, 'maracujá azedo', { qtd: 2 }), 'R$ 23,80', 'two kg of passion fruit');
    await expectVisible(page.getByRole('button', { name: 'Sacola: 2 produtos' }), 'the bag button counting 2 products');

    // --- Another supplier: the conflict modal ----------------------------------------------------
    await page.goto(`/${OTHER_STORE}`);
    await expectVisible(page.getByTestId('loja'), `the storefront /${OTHER_STORE}`);
    await page.getByRole('button', { name: /rapadura tradicional/i }).first().click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    const conflict = dialogWith(page, 'Você já possui produtos de outro fornecedor no carrinho');
    await expectVisible(conflict, 'the other-supplier conflict modal');
    await conflict.getByRole('button', { name: 'OK' }).click();
    await expectHidden(conflict, 'the conflict modal');
    await expectVisible(page.getByRole('button', { name: 'Sacola: 2 produtos' }), 'the bag unchanged (2 products)');

    // --- Bag → sign in → address wizard ----------------------------------------------------------
    await page.goto(`/${STORE}`);
    await page.getByRole('button', { name: /Meu Pedido/ }).click();
    const bag = dialogNamed(page, 'Sua sacola');
    await expectVisible(bag, "the bag drawer 'Sua sacola'");
    await expectVisible(bag.getByTestId('subtotal'), 'the subtotal');
    assert.equal(await bag.getByTestId('subtotal').textContent(), 'R$ 35,50', 'the bag subtotal');
    await bag.getByRole('button', { name: 'Continuar Compra' }).click();

    const loginPrompt = dialogNamed(page, 'Entre para continuar');
    await expectVisible(loginPrompt, 'the sign-in prompt');
    await signInFromCheckout(page, loginPrompt, LOGIN);

    const addressPrompt = dialogNamed(page, 'Endereço de entrega');
    await expectVisible(addressPrompt, 'the address prompt after signing in');
    await expectVisible(addressPrompt.getByText('Cadastre um endereço para realizar compras'), "'Cadastre um endereço para realizar compras'");
    await addressPrompt.getByRole('button', { name: 'Cadastrar endereço' }).click();
    await addressPrompt.getByRole('combobox').fill('piracicaba');
    await addressPrompt.getByRole('option', { name: 'Piracicaba, SP', exact: true }).click();
    await addressPrompt.getByRole('button', { name: 'Continuar' }).click();
    await addressPrompt.getByLabel('Rua').fill('Rua do Rosário');
    await addressPrompt.getByLabel('Número').fill('1500');
    await addressPrompt.getByRole('button', { name: 'Continuar' }).click();
    await addressPrompt.getByLabel('Complemento (opcional)').fill('Casa 2');
    await addressPrompt.getByLabel('Telefone').pressSequentially('19992301478');
    assert.equal(await addressPrompt.getByLabel('Telefone').inputValue(), '(19) 99230-1478', 'the masked phone');
    await addressPrompt.getByRole('button', { name: 'Continuar' }).click();
    // No geocoder in the harness: the point is the city's centre, and the wizard says so.
    await expectVisible(
      addressPrompt.getByText('Usamos o centro de Piracicaba para calcular a distância'),
      "the city-centre notice after gerar_coordenadas",
    );
    await addressPrompt.getByRole('button', { name: 'Salvar endereço' }).click();

    // --- Delivery with the per-km fee, % coupon -----------------------------------------------------
    const modes = dialogNamed(page, 'Entrega ou Retirada');
    await expectVisible(modes, 'the Entrega/Retirada choice');
    await modes.getByRole('button', { name: /^Entrega/ }).click();
    const summary = dialogNamed(page, 'Resumo do pedido');
    await expectVisible(summary, 'the order summary');
    const fee = summary.getByTestId('taxa-entrega');
    await eventually(async () => (await fee.getAttribute('data-estado')) === 'por_km', 'the per-km fee state');
    const feeText = await fee.textContent();
    assert.match(feeText, /^R\$ \d+,\d{2}$/, 'the per-km fee in reais');
    assert.equal(await summary.getByTestId('produtos').textContent(), 'R$ 35,50');

    const coupon = summary.getByLabel('Cupom de desconto');
    await coupon.pressSequentially('bemvindo10');
    assert.equal(await coupon.inputValue(), 'BEMVINDO10', 'the coupon typed in upper case');
    await summary.getByRole('button', { name: 'Aplicar' }).click();
    await expectVisible(summary.getByTestId('desconto'), 'the coupon discount');
    assert.equal(await summary.getByTestId('desconto').textContent(), '- R$ 3,55', '10 % of R$ 35,50');
    const total = await summary.getByTestId('total').textContent();
    assert.equal(centavos(total), 3550 + centavos(feeText) - 355, 'total = products + fee − coupon');
    await summary.getByRole('button', { name: 'Continuar' }).click();

    // --- Pix ------------------------------------------------------------------------------------------
    const payment = dialogNamed(page, 'Pagamento');
    await expectVisible(payment, 'the payment choice');
    const finish = payment.getByRole('button', { name: 'Finalizar Compra' });
    assert.equal(await finish.isDisabled(), true, "'Finalizar Compra' disabled before choosing");
    await payment.getByRole('radio', { name: 'Pix' }).check();
    assert.equal(await finish.isDisabled(), false, "'Finalizar Compra' enabled after choosing");
    await finish.click();

    const done = dialogNamed(page, 'Pedido realizado');
    await expectVisible(done, 'the success screen');
    await expectVisible(done.getByText('Pedido realizado com sucesso!'), "'Pedido realizado com sucesso!'");
    const qr = done.getByRole('img', { name: 'QR Code Pix' });
    await expectVisible(qr, 'the Pix QR image');
    await eventually(() => qr.evaluate((img) => img.complete && img.naturalWidth > 0), 'the QR image to load');
    const code = await done.getByTestId('pix-copia-e-cola').inputValue();
    assert.match(code, /^000201/, 'a BR Code payload');
    assert.match(code, /br\.gov\.bcb\.pix/i, 'the Pix GUI in the payload');
    // An independent parser accepts its structure and CRC; through a PSP it is dynamic (a location).
    const parsed = parseBrCode(code);
    assert.equal(parsed.error, undefined, `the BR Code parses: ${parsed.error}`);
    assert.equal(parsed.type, PSP_CONTROL_URL ? 'DYNAMIC' : 'STATIC', 'the BR Code type');
    await done.getByRole('button', { name: 'Copiar código' }).click();
    await expectVisible(done.getByText('Código copiado!'), "'Código copiado!'");
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code, 'the clipboard holds the code');
    await expectVisible(page.getByRole('button', { name: 'Sacola: 0 produtos' }), 'the bag emptied');

    // --- Paid (through the local PSP, which notifies the API's webhook) ------------------------------
    const [pixOrder] = await ordersOf(page);
    assert.equal(pixOrder.Infos.pagamento, '2');
    assert.equal(pixOrder.Infos.total_pago * 100, centavos(total), 'the stored total');
    await payPix(pixOrder.Infos.txid);

    await done.getByRole('button', { name: 'Ver meus pedidos' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Pedidos', exact: true }), "the order history heading 'Pedidos'");
    let cards = page.getByTestId('pedido');
    await expectVisible(cards.first(), 'an order card');
    assert.equal(await cards.count(), 1);
    await expectVisible(cards.first().getByText('Entrega', { exact: true }), "the card's type 'Entrega'");
    await cards.first().getByRole('button', { name: 'Detalhes' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Detalhes do Pedido' }), "'Detalhes do Pedido'");
    await eventually(async () => (await page.getByTestId('pix-status').textContent()) === 'Pago', "the Pix check to show 'Pago'");
    assert.equal(await page.getByTestId('situacao').textContent(), 'Pago · aguardando entrega', "the card's phrase as the headline");
    assert.equal(await page.getByTestId('total-pago').textContent(), total, 'the order total');
    await expectVisible(page.getByText('Cupom BEMVINDO10'), 'the coupon in the detail');
    await expectVisible(page.getByText(/Rua do Rosário, 1500 - Casa 2, Piracicaba, SP/), 'the delivery address with its complement');
    assert.equal(
      await page.getByRole('link', { name: /WhatsApp/ }).getAttribute('href'),
      'https://wa.me/5519998765432',
      "the seller's WhatsApp link",
    );
    await page.getByRole('button', { name: 'Voltar' }).click();

    // --- Second order: pickup, in person, cancelled from the history -----------------------------------
    await page.goto(`/${STORE}`);
    await addFromStore(page, 'couve manteiga', { qtd: 2, opcao: 'Maço' });
    await page.getByRole('button', { name: /Meu Pedido/ }).click();
    const bag2 = dialogNamed(page, 'Sua sacola');
    await expectVisible(bag2.getByTestId('subtotal'), 'the second bag');
    await bag2.getByRole('button', { name: 'Continuar Compra' }).click();
    await dialogNamed(page, 'Entrega ou Retirada').getByRole('button', { name: /^Retirada/ }).click();
    const summary2 = dialogNamed(page, 'Resumo do pedido');
    await expectVisible(summary2.getByText('Retirada no local'), "'Retirada no local' in the summary");
    assert.equal(await summary2.getByTestId('taxa-entrega').count(), 0, 'no delivery fee for pickup');
    assert.equal(await summary2.getByTestId('total').textContent(), 'R$ 8,00');
    await summary2.getByRole('button', { name: 'Continuar' }).click();
    const payment2 = dialogNamed(page, 'Pagamento');
    await payment2.getByRole('radio', { name: 'Presencial' }).check();
    await payment2.getByRole('button', { name: 'Finalizar Compra' }).click();
    const done2 = dialogNamed(page, 'Pedido realizado');
    await expectVisible(done2.getByText('Pedido realizado com sucesso!'), 'the second success screen');
    assert.equal(await done2.getByRole('img', { name: 'QR Code Pix' }).count(), 0, 'no QR code for an in-person payment');
    await done2.getByRole('button', { name: 'Continuar comprando' }).click();

    await openHistory(page);
    cards = page.getByTestId('pedido');
    await eventually(async () => (await cards.count()) === 2, 'two orders in the history');
    await expectVisible(cards.first().getByText('Retirada no local'), "the newest card 'Retirada no local'");
    await cards.first().getByRole('button', { name: 'Detalhes' }).click();
    await expectVisible(page.getByText('Presencial'), "'Presencial' in the detail");
    assert.equal(await page.getByTestId('situacao').textContent(), 'Aguardando entrega');
    await page.getByRole('button', { name: 'Cancelar pedido' }).click();
    const confirm = dialogNamed(page, 'Cancelar Pedido?');
    await expectVisible(confirm, "the confirmation 'Cancelar Pedido?'");
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Pedidos', exact: true }), 'back to the list after cancelling');
    await page.getByTestId('pedido').first().getByRole('button', { name: 'Detalhes' }).click();
    assert.equal(await page.getByTestId('situacao').textContent(), 'Cancelado');
    assert.equal(await page.getByRole('button', { name: 'Cancelar pedido' }).count(), 0, 'a cancelled order offers no cancel');

    // The server agrees: the pickup order is cancelled, the Pix order is paid and awaits delivery.
    const finalOrders = await ordersOf(page);
    assert.deepEqual(finalOrders.map((o) => [o.Infos.tipo_entrega === 'Entrega', o.Infos.situacao]), [[false, '00'], [true, '1']]);
    assert.equal(finalOrders[1].Infos.status_pix, '2', 'the Pix order is paid');
  });
});
