// The admin journey, on the demo data:
//   a) a visitor at /admin sees the 'Bem-vindo(a)' card; the admin signs in from it (the real
//      popup sign-in), hides a demo supplier (Apiário Flor da Serra, which no other journey uses)
//      and its store leaves /lojas and its products the home; then shows it again; finds a
//      customer by part of the e-mail and sees 'Não informado' where a phone is missing.
//   b) a withdrawal created through the supplier panel's action: a buyer pays a Pix order of the
//      demo supplier, the supplier confirms its delivery (the money is released, decisions.md
//      §27) and asks `transferir`; the admin sees the orders the request pays for, confirms it and
//      the list empties.
//   c) Pendências Pix: a refund the PSP did not make (a paid order cancelled by its buyer, the PSP
//      told to answer NAO_REALIZADO): the buyer's order says the refund is being checked; then a
//      Pix the PSP received for no charge of ours (given back, decisions.md §28). The admin's tab
//      lists both, each with its refund's state, and 'Tentar de novo' asks the PSP again for the
//      refund it did not make, which it then makes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  containing, eventually, expectHidden, expectVisible, launchBrowser, mailTo, payPix, PSP_CONTROL_URL, rpcFromPage,
  signIn, withPage,
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
  if (label === 'Tornar visível') {
    // The confirmation: 'Tornar visível?' with Não/Sim.
    const confirm = page.getByRole('dialog', { name: 'Tornar visível?' });
    await expectVisible(confirm, 'the visibility confirmation');
    await confirm.getByRole('button', { name: 'Sim', exact: true }).click();
  } else {
    // Hiding: the store's open orders and money first, then the reason, e-mailed to it.
    const ask = page.getByRole('dialog', { name: 'Tornar invisível?' });
    await expectVisible(ask.getByTestId('resumo-loja'), "the store's orders and money before hiding it");
    await ask.getByRole('textbox').fill('Fotos de produtos de outra loja');
    await ask.getByRole('button', { name: 'Tornar invisível', exact: true }).click();
  }
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

    // Hide the supplier, with a reason the store is e-mailed.
    await toggleVisibility(page, 'Tornar invisível', 'Invisível');
    const mail = await mailTo((m) => m.subject === 'Sua loja foi ocultada na Feira', "the store's e-mail");
    assert.match(mail.text, /Motivo: Fotos de produtos de outra loja/);
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

/**
 * Signs in the demo buyer and pays a Pix pickup order of `quantidade` kg of the demo supplier's
 * cassava (R$ 8,00 each) through the checkout's action; returns the order (`pedido`).
 */
async function paidPixOrder(page, quantidade) {
  await page.goto('/');
  await signIn(page, 'comprador@feira.test');
  const order = await rpcFromPage(page, {
    codigo: 'finalizar_pedido', site: true,
    sacola: [{ id: 'demo-p04', quantidade, preco: 8.0, userforn: 'demo-joao' }],
    forn: 'demo-joao', total: 8.0 * quantidade, desconto: 0, taxaentregafinal: 0, pagamento: '2', entrega: false,
    infoscupom: null,
  }, { 'Idempotency-Key': crypto.randomUUID() });
  assert.equal(order.status, 200, JSON.stringify(order.body));
  const { idpedido } = order.body.all;
  await payPix(order.body.all.Infos.txid);
  await eventually(
    async () => (await rpcFromPage(page, { codigo: 'consultar_pagamento', all: { idpedido } })).body.pago === true,
    'the payment applied',
  );
  return order.body.all;
}

// The withdrawal is the supplier panel's request (`transferir`).
test('admin: confirms a pending withdrawal created through the supplier panel; the list empties', async () => {
  // A buyer pays a Pix order of the demo supplier: held until its delivery is confirmed.
  let idpedido;
  await withPage(browser, 'admin-withdrawal-buyer', async (page) => {
    ({ idpedido } = await paidPixOrder(page, 2));
  });
  // The supplier marks it delivered, the buyer confirms receipt (the money is released,
  // decisions.md §37), and the supplier asks for its balance.
  await withPage(browser, 'admin-withdrawal-supplier', async (page) => {
    await page.goto('/');
    await signIn(page, 'fornecedor@feira.test');
    const confirmed = await rpcFromPage(page, { codigo: 'confirmar_entrega', item: idpedido });
    assert.equal(confirmed.status, 200, `confirmar_entrega: ${JSON.stringify(confirmed.body)}`);
  });
  await withPage(browser, 'admin-withdrawal-receipt', async (page) => {
    await page.goto('/');
    await signIn(page, 'comprador@feira.test');
    const received = await rpcFromPage(page, { codigo: 'confirmar_recebimento', item: idpedido });
    assert.equal(received.status, 200, `confirmar_recebimento: ${JSON.stringify(received.body)}`);
  });
  await withPage(browser, 'admin-withdrawal-supplier-again', async (page) => {
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
    // The orders it pays for, ours among them.
    const orders = row.getByRole('list', { name: 'Pedidos do saque de Sítio Boa Vista' });
    await expectVisible(orders.getByText(`nº ${idpedido.slice(0, 8).toUpperCase()}`), 'the paid order among the orders the request pays for');
    await expectVisible(orders.getByRole('listitem').filter({ hasText: 'Carla Souza' }).filter({ hasText: 'R$ 16,00' }).first(), "the order's customer and value");
    await row.getByRole('button', { name: 'Confirmar Transferência' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar Transferência?' });
    await expectVisible(confirm, "the question 'Confirmar Transferência?'");
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await expectVisible(page.getByText('Nenhuma solicitação de saque pendente.'), 'the empty list');
    assert.equal(await page.getByTestId('total-saques').textContent(), '0');
  });
});

/** A call to the local PSP's control API (devservices/psp/control.mjs). */
async function pspControl(method, route, body) {
  const res = await fetch(`${PSP_CONTROL_URL}${route}`, {
    method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' },
  });
  const text = await res.text();
  assert.ok(res.ok, `the PSP's control ${method} ${route} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

test("admin: Pendências Pix lists a Pix received for no charge and a refund the PSP did not make, and tries that refund again", {
  skip: !PSP_CONTROL_URL && 'needs the local PSP (e2e/run.mjs starts it)',
}, async () => {
  // The next refund the PSP settles fails.
  await pspControl('PUT', '/refund-outcome', { status: 'NAO_REALIZADO', count: 1, motivo: 'Conta do pagador encerrada' });

  // A buyer pays a Pix order, then cancels it: the refund is asked and the PSP does not make it.
  await withPage(browser, 'admin-pix-buyer', async (page) => {
    const { idpedido, Infos } = await paidPixOrder(page, 1);
    const cancelled = await rpcFromPage(page, { codigo: 'cancelar_pedido', idpedido });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    await eventually(async () => {
      const { body } = await rpcFromPage(page, { codigo: 'pegar_pedidos' });
      return body.pedidos.find((p) => p.idpedido === idpedido)?.Infos.devolucao === 'nao_realizado';
    }, 'the refund settled as not made');

    // The buyer's order says so.
    await page.goto(`/painel/perfil/${Infos.cliente_user}`);
    await page.getByRole('button', { name: 'Histórico de pedidos' }).first().click();
    await expectVisible(page.getByRole('heading', { name: 'Pedidos', exact: true }), "the heading 'Pedidos'");
    await page.getByTestId('pedido').first().getByRole('button', { name: 'Detalhes' }).click();
    assert.equal(await page.getByTestId('situacao').textContent(), 'Cancelado');
    assert.equal(
      await page.getByTestId('devolucao').textContent(),
      'A devolução do seu Pix está sendo verificada pela Feira.',
    );
  });

  // Then a Pix for a txid we never issued: never applied, given back (after the failing refund
  // above, so that its own refund is not the one the PSP was told to refuse).
  const stray = `e2esemcobranca${Date.now()}`;
  await pspControl('POST', '/pix', { valor: '13.57', txid: stray });

  // The admin sees both.
  await withPage(browser, 'admin-pix', async (page) => {
    await page.goto('/admin');
    await signInAsAdmin(page);
    await page.getByRole('button', { name: 'Pendências Pix', exact: true }).click();
    const received = page.getByRole('region', { name: 'Pix recebidos não aplicados' });
    const row = received.getByRole('row').filter({ hasText: stray });
    await expectVisible(row, 'the stray Pix among the received ones');
    await expectVisible(row.getByText('R$ 13,57'), 'its amount');
    const refunds = page.getByRole('region', { name: 'Devoluções não concluídas' });
    const refund = refunds.getByRole('row').filter({ hasText: 'Pedido cancelado' }).filter({ hasText: 'Não realizada' });
    await expectVisible(refund, 'the refund the PSP did not make');
    await expectVisible(refund.getByText('R$ 8,00'), 'its amount');
    /** The tab read again (its lists load when it opens). */
    const reopen = async () => {
      await page.getByRole('button', { name: 'Solicitações de Saque', exact: true }).click();
      await page.getByRole('button', { name: 'Pendências Pix', exact: true }).click();
      await expectVisible(refunds, 'the refunds again');
    };
    // The stray Pix is being given back: its row says how the refund goes.
    await eventually(async () => {
      await reopen();
      return (await row.getByTestId('devolucao-recebido').textContent()) !== '—';
    }, "the stray Pix's refund state", 30_000);

    // 'Tentar de novo': the PSP is asked again and makes it this time.
    await refund.getByRole('button', { name: /^Tentar de novo/ }).first().click();
    await eventually(async () => {
      await reopen();
      return (await refund.count()) === 0;
    }, 'the refund tried again, no longer not made', 30_000);
  });
});
