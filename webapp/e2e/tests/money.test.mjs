// Money a seller and a buyer can trust (decisions.md §26–§28), on the demo data:
//   the demo supplier (João Batista, Sítio Boa Vista) watches its panel; the demo buyer (Carla
//   Souza) orders a dozen bananas for pickup and pays by Pix. Before the payment the order is not
//   a delivery: the buyer's success screen shows the order number, the amount and a countdown, and
//   the supplier's Entregas Pendentes does not list it. The local PSP pays the charge: the buyer's
//   screen turns to 'Pagamento confirmado' without a reload, the order appears in the supplier's
//   Entregas live, and its money is 'A liberar' in Pagamentos. The supplier confirms the delivery:
//   the money leaves 'A liberar' and joins the withdrawable balance.
//
// Other journeys share the demo supplier: every figure here is a difference, and the order is
// found by its id.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  centavos, dialogWith, eventually, expectVisible, launchBrowser, newContext, payPix, rpcFromPage, signIn, withPage,
} from '../lib.mjs';

const STORE = 'sitio-boa-vista';
const PRODUCT = /banana prata/i;

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** Opens a panel section from the side menu. */
async function section(page, name) {
  await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name, exact: true }), `the panel section '${name}'`);
}

/** 'Saldo' and 'A liberar' as Pagamentos shows them, in centavos. */
async function money(page) {
  await section(page, 'Pagamentos');
  await expectVisible(page.getByTestId('saldo'), "the balance");
  await expectVisible(page.getByTestId('a-liberar'), "'A liberar'");
  return {
    saldo: centavos(await page.getByTestId('saldo').textContent()),
    aLiberar: centavos(await page.getByTestId('a-liberar').textContent()),
  };
}

/** The supplier's pending deliveries, straight from the API. */
async function pendingIds(page) {
  const { body } = await rpcFromPage(page, { codigo: 'pegar_entregas_pendentes' });
  return (body.entregas ?? []).map((p) => p.idpedido ?? p.id);
}

test("money: a Pix order is a delivery only once paid; the buyer sees 'Pagamento confirmado' live; the money is 'A liberar' until the delivery is confirmed", async () => {
  await withPage(browser, 'money-supplier', async (panel) => {
    // --- The supplier's panel, open on Pagamentos, then Entregas -------------------------------
    await panel.goto('/');
    await signIn(panel, 'fornecedor@feira.test');
    const { usuario } = JSON.parse(await panel.evaluate(() => localStorage.getItem('sessao'))).userinfo;
    await panel.goto(`/painel/${usuario}`);
    await expectVisible(panel.getByRole('navigation', { name: 'Seções do painel' }), 'the panel menu');
    const before = await money(panel);
    await section(panel, 'Entregas');
    const pendentes = panel.getByRole('list', { name: 'Entregas pendentes' }).getByRole('listitem');
    const countBefore = (await pendingIds(panel)).length;
    await eventually(async () => (await pendentes.count()) === countBefore, `${countBefore} pending deliveries listed`);
    const panelNavigations = [];
    panel.on('framenavigated', (f) => f === panel.mainFrame() && panelNavigations.push(f.url()));

    // --- The buyer orders by Pix -------------------------------------------------------------------
    const buyerContext = await newContext(browser);
    const buyer = await buyerContext.newPage();
    try {
      await buyer.goto('/');
      await signIn(buyer, 'comprador@feira.test');
      await buyer.goto(`/${STORE}`);
      await buyer.getByRole('button', { name: PRODUCT }).first().click();
      const modal = buyer.getByRole('dialog').filter({ has: buyer.getByRole('button', { name: 'Adicionar ao carrinho' }) });
      await modal.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
      await buyer.getByRole('button', { name: /Meu Pedido/ }).click();
      await buyer.getByRole('dialog', { name: 'Sua sacola', exact: true }).getByRole('button', { name: 'Continuar Compra' }).click();
      await buyer.getByRole('dialog', { name: 'Entrega ou Retirada', exact: true }).getByRole('button', { name: /^Retirada/ }).click();
      const summary = buyer.getByRole('dialog', { name: 'Resumo do pedido', exact: true });
      const total = await summary.getByTestId('total').textContent();
      await summary.getByRole('button', { name: 'Continuar' }).click();
      const payment = buyer.getByRole('dialog', { name: 'Pagamento', exact: true });
      await payment.getByRole('radio', { name: 'Pix' }).check();
      await payment.getByRole('button', { name: 'Finalizar Compra' }).click();

      // The success screen: number, amount, countdown, QR; waiting for the payment.
      const done = buyer.getByRole('dialog', { name: 'Pedido realizado', exact: true });
      await expectVisible(done.getByText('Pedido realizado com sucesso!'), 'the success screen');
      const numero = await done.getByTestId('numero-pedido').textContent();
      assert.match(numero, /^Pedido nº [0-9A-Z_-]{8}$/i, 'the order number');
      assert.equal(await done.getByTestId('valor-pedido').textContent(), total, 'the amount on the success screen');
      await expectVisible(done.getByRole('img', { name: 'QR Code Pix' }), 'the Pix QR image');
      const expira = done.getByTestId('pix-expira');
      const first = await expira.textContent();
      assert.match(first, /^Expira em (\d+:)?\d{2}:\d{2}$/, `the countdown: ${first}`);
      await eventually(async () => (await expira.textContent()) !== first, 'the countdown to tick');
      assert.equal(await done.getByTestId('pix-situacao').textContent(), 'Pague com Pix para confirmar o seu pedido.');

      const { body } = await rpcFromPage(buyer, { codigo: 'pegar_pedidos' });
      const order = body.pedidos.find((p) => numero.endsWith((p.idpedido ?? p.id).slice(0, 8).toUpperCase()));
      assert.ok(order, `the order ${numero} among the buyer's orders`);
      const idpedido = order.idpedido ?? order.id;
      assert.equal(order.Infos.pagamento, '2');
      assert.ok(order.Infos.pix_expira_em > Date.now(), 'the charge expires in the future');

      // --- Unpaid: not a delivery ------------------------------------------------------------------
      // (The panel hears every order event live: give one the time to arrive, then look.)
      await buyer.waitForTimeout(2000);
      assert.ok(!(await pendingIds(panel)).includes(idpedido), 'the unpaid Pix order is not a pending delivery');
      assert.equal(await pendentes.count(), countBefore, 'Entregas Pendentes lists nothing new before the payment');
      const refused = await rpcFromPage(panel, { codigo: 'confirmar_entrega', item: idpedido, usuario });
      assert.equal(refused.status, 409, `an unpaid Pix order cannot be confirmed: ${JSON.stringify(refused.body)}`);
      assert.equal(refused.body.error, 'O pagamento Pix deste pedido ainda não foi confirmado.');

      // --- Paid -----------------------------------------------------------------------------------------
      const buyerNavigations = [];
      buyer.on('framenavigated', (f) => f === buyer.mainFrame() && buyerNavigations.push(f.url()));
      await payPix(order.Infos.txid);
      await eventually(
        async () => (await done.getByTestId('pix-situacao').textContent()) === 'Pagamento confirmado',
        "the buyer's screen to say 'Pagamento confirmado'",
        20_000,
      );
      assert.deepEqual(buyerNavigations, [], 'no reload on the buyer side');
      assert.equal(await done.getByTestId('pix-expira').count(), 0, 'no countdown once paid');

      // The order is a delivery now, live in the panel.
      await eventually(async () => (await pendentes.count()) === countBefore + 1, 'the paid order in Entregas Pendentes, live', 20_000);
      assert.ok((await pendingIds(panel)).includes(idpedido), 'the paid order is a pending delivery');
      assert.deepEqual(panelNavigations, [], 'no reload on the supplier side');

      // Its money is held.
      const value = centavos(total);
      await eventually(async () => (await money(panel)).aLiberar === before.aLiberar + value, `'A liberar' grown by ${total}`);
      const held = await money(panel);
      assert.equal(held.saldo, before.saldo, 'the withdrawable balance unchanged while the money is held');
      await expectVisible(panel.getByRole('list', { name: 'Pedidos a liberar' }).getByText('Carla Souza').first(), "the order among 'A liberar'");

      // --- Delivered: released ------------------------------------------------------------------------
      await section(panel, 'Entregas');
      // Newest first: the order just paid.
      await expectVisible(pendentes.first(), 'the pending deliveries');
      await pendentes.first().getByRole('button', { name: 'Detalhes' }).click();
      await expectVisible(panel.getByRole('heading', { name: 'Detalhes da Entrega' }), "'Detalhes da Entrega'");
      await expectVisible(panel.getByText('Pix — Pago'), 'the order paid');
      await panel.getByRole('button', { name: 'Marcar como entregue' }).click();
      await panel.getByRole('dialog', { name: 'Marcar como entregue?' }).getByRole('button', { name: 'Sim' }).click();
      const ok = dialogWith(panel, 'Suas alterações foram salvas com sucesso');
      await expectVisible(ok, 'the mark saved');
      await ok.getByRole('button', { name: 'OK' }).click();
      const { body: after } = await rpcFromPage(buyer, { codigo: 'pegar_pedidos' });
      const marked = after.pedidos.find((p) => (p.idpedido ?? p.id) === idpedido);
      assert.equal(marked.Infos.situacao.charAt(0), '2', 'our order was the one marked');
      // Still held until the buyer's word (decisions.md §37).
      const stillHeld = await money(panel);
      assert.equal(stillHeld.aLiberar, before.aLiberar + value, "still 'A liberar' after the store's mark");

      // The buyer taps 'Recebi meu pedido' on the order's page: released at once.
      await buyer.goto(`/painel/perfil/${marked.Infos.cliente_user}`);
      await buyer.getByRole('button', { name: 'Histórico de pedidos' }).first().click();
      await expectVisible(buyer.getByRole('heading', { name: 'Pedidos', exact: true }), "the heading 'Pedidos'");
      await buyer.getByTestId('pedido').first().getByRole('button', { name: 'Detalhes' }).click();
      await buyer.getByRole('group', { name: 'Você recebeu seu pedido?' }).getByRole('button', { name: 'Recebi meu pedido' }).click();
      await expectVisible(buyer.getByRole('region', { name: 'Avaliar pedido' }), 'the review open once received');

      // The panel reads Pagamentos again.
      await panel.reload();
      const released = await money(panel);
      assert.equal(released.aLiberar, before.aLiberar, "the money left 'A liberar'");
      assert.equal(released.saldo, before.saldo + value, 'and joined the withdrawable balance');
    } finally {
      await buyerContext.close();
    }
  });
});
