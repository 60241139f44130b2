// The admin journey, on the demo data:
//   a) a visitor at /admin sees the 'Bem-vindo(a)' card; the admin signs in from it (the real
//      popup sign-in), hides a demo supplier (Apiário Flor da Serra, which no other journey uses)
//      and its store leaves /lojas and its products the home; then shows it again; finds a
//      customer by part of the e-mail and sees 'Não informado' where a phone is missing.
//   b) a withdrawal created through the supplier panel's action: a buyer pays a Pix order of the
//      demo supplier (sandbox), the supplier asks `transferir`, the admin confirms it and the
//      list empties.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  containing, eventually, expectHidden, expectVisible, launchBrowser, payPix, rpcFromPage, signIn,
  withPage,
} from '../lib.mjs';

const ADMIN = 'admin@feira.test';
const HIDDEN_STORE = 'Apiário Flor da Serra';
const HIDDEN_URL = 'apiario-flor-da-serra';
// The hidden supplier's products, as the cards show them (capitalised).
const HIDDEN_PRODUCTS = /mel silvestre puro|mel de laranjeira|favo de mel|própolis verde|cera de abelha pura|vela artesanal/i;
const PIX_KEY = 'fornecedor@feira.test';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** Signs in from the admin card's 'Entrar com o Google' (the provider's popup). */
function signInAsAdmin(page) {
  return signIn(page, ADMIN, {
    via: page.getByRole('button', { name: 'Entrar com o Google' }),
    until: { locator: page.getByRole('heading', { name: 'Painel administrativo' }), what: 'the admin panel after sign-in' },
  });
}

/** How many cards of the hidden supplier's products the home shows (after it loaded). */
async function hiddenProductsOnHome(page) {
  await page.goto('/');
  await expectVisible(page.getByRole('heading', { name: 'Alimentos' }), "the home's 'Alimentos' section");
  return page.getByText(HIDDEN_PRODUCTS).count();
}

async function storeListed(page) {
  await page.goto('/lojas');
  await expectVisible(page.getByRole('link', { name: 'Criar uma loja' }), 'the store list');
  await expectVisible(page.getByRole('link', { name: 'Sítio Boa Vista' }), 'a store of the list');
  return page.getByRole('link', { name: HIDDEN_STORE }).count();
}

/** Opens the supplier's details modal in the admin panel and clicks its toggle `label`. */
async function toggleVisibility(page, label, expected) {
  await page.getByRole('button', { name: 'Fornecedores', exact: true }).click();
  await page.getByRole('button', { name: containing(HIDDEN_STORE) }).click();
  const modal = page.getByRole('dialog', { name: HIDDEN_STORE });
  await expectVisible(modal, `the details of '${HIDDEN_STORE}'`);
  await modal.getByRole('button', { name: label, exact: true }).click();
  // The spec's confirmation: 'tornar invisível?' / 'Tornar visível?' with Nao/Sim.
  const confirm = page.getByRole('dialog', { name: label === 'Tornar visível' ? 'Tornar visível?' : 'tornar invisível?' });
  await expectVisible(confirm, 'the visibility confirmation');
  await confirm.getByRole('button', { name: 'Sim', exact: true }).click();
  await eventually(async () => (await modal.getByTestId('visibilidade').textContent()) === expected, `visibility '${expected}'`);
  await modal.getByRole('button', { name: 'Fechar' }).click();
}

test('admin: login card, hide a supplier from /lojas and the home, find a customer by e-mail', async () => {
  await withPage(browser, 'admin', async (page) => {
    // Public first: the store and its products are there.
    assert.equal(await storeListed(page), 1, `${HIDDEN_STORE} in /lojas before`);
    assert.ok((await hiddenProductsOnHome(page)) > 0, `products of ${HIDDEN_STORE} on the home before`);

    // A visitor at /admin sees the card, not the panel.
    await page.goto('/admin');
    await expectVisible(page.getByRole('heading', { name: 'Bem-vindo(a)' }), "the card 'Bem-vindo(a)'");
    assert.equal(await page.getByRole('heading', { name: 'Fornecedores' }).count(), 0);
    await signInAsAdmin(page);

    // Hide the supplier.
    await toggleVisibility(page, 'Tornar invisível', 'Invisível');
    try {
      assert.equal(await storeListed(page), 0, `${HIDDEN_STORE} gone from /lojas`);
      assert.equal(await hiddenProductsOnHome(page), 0, `no product of ${HIDDEN_STORE} on the home`);
      await page.goto(`/${HIDDEN_URL}`);
      await expectVisible(page.getByRole('heading', { name: 'Em manutenção' }), 'its public storefront in maintenance');
      // The admin still sees the store.
      await page.goto(`/admin/${HIDDEN_URL}`);
      await expectVisible(page.getByTestId('loja'), 'the admin storefront of the hidden store');
      await expectVisible(page.getByRole('button', { name: /mel silvestre puro/i }).first(), 'its products for the admin');
    } finally {
      // Show it again, so later journeys see the demo data as it was.
      await page.goto('/admin');
      await toggleVisibility(page, 'Tornar visível', 'Visível');
    }
    assert.equal(await storeListed(page), 1, `${HIDDEN_STORE} back in /lojas`);

    // Customers: search by part of the e-mail.
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Clientes', exact: true }).click();
    await expectVisible(page.getByRole('heading', { name: 'Clientes' }), "the section 'Clientes'");
    const total = Number(await page.getByTestId('total-clientes').textContent());
    assert.ok(total >= 7, `the demo customers counted: ${total}`);
    const cards = page.getByRole('list', { name: 'Clientes' }).getByRole('button');
    await page.getByRole('searchbox', { name: 'Buscar por nome ou e-mail' }).fill('beatriz@');
    await eventually(async () => (await cards.count()) === 1, 'one customer for beatriz@');
    await expectVisible(cards.filter({ hasText: 'Beatriz Campos' }), 'Beatriz Campos found by e-mail');
    await cards.first().click();
    const modal = page.getByRole('dialog', { name: 'Beatriz Campos' });
    await expectVisible(modal.getByText('beatriz@feira.test'), 'her e-mail in the details');
    await expectVisible(modal.getByText('Sala 3'), 'her complement in the details');
    await modal.getByRole('button', { name: 'Fechar' }).click();
    await expectHidden(modal, 'the details modal');
  });
});

// The withdrawal is the supplier panel's request (`transferir`).
test('admin: confirms a pending withdrawal created through the supplier panel; the list empties', async () => {
  // A buyer pays a Pix order of the demo supplier: its open-items balance.
  await withPage(browser, 'admin-withdrawal-buyer', async (page) => {
    await page.goto('/');
    await signIn(page, 'comprador@feira.test');
    const order = await rpcFromPage(page, {
      codigo: 'finalizar_pedido', site: true,
      sacola: [{ id: 'demo-p04', quantidade: 2, preco: 8.0, userforn: 'demo-joao' }],
      forn: 'demo-joao', total: 16.0, desconto: 0, taxaentregafinal: 0, pagamento: '2', entrega: false, infoscupom: null,
    });
    assert.equal(order.status, 200, JSON.stringify(order.body));
    const txid = order.body.all.Infos.txid;
    await payPix(txid);
    const idpedido = order.body.all.idpedido;
    await eventually(
      async () => (await rpcFromPage(page, { codigo: 'consultar_pagamento', all: { idpedido } })).body.pago === true,
      'the payment applied',
    );
  });
  // The supplier asks for its balance (the supplier panel's action).
  await withPage(browser, 'admin-withdrawal-supplier', async (page) => {
    await page.goto('/');
    await signIn(page, 'fornecedor@feira.test');
    const res = await rpcFromPage(page, { codigo: 'transferir', pix: PIX_KEY });
    assert.equal(res.status, 200, `transferir: ${JSON.stringify(res.body)}`);
  });
  // The admin confirms it.
  await withPage(browser, 'admin-withdrawal', async (page) => {
    await page.goto('/admin');
    await signInAsAdmin(page);
    await page.getByRole('button', { name: 'Solicitações de Saque', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'Sítio Boa Vista' }).filter({ hasText: PIX_KEY });
    await expectVisible(row, 'the pending request of Sítio Boa Vista');
    await row.getByRole('button', { name: 'Confirmar Transferência' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar Transferência?' });
    await expectVisible(confirm, "the question 'Confirmar Transferência?'");
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await expectVisible(page.getByText('Nenhuma solicitação de saque pendente.'), 'the empty list');
    assert.equal(await page.getByTestId('total-saques').textContent(), '0');
  });
});
