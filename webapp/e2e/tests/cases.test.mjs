// 'Tive um problema' (decisions.md §37), on the demo data: the demo buyer (Carla Souza) has two
// Pix orders from Sítio Boa Vista that the store marked delivered. On the first she taps 'Tive
// um problema' on the order's page with a reason, a text and a photo (shrunk in the browser);
// the money stays held. The store opens the order in Entregas ('Histórico de Entregas'), reads
// the case's thread and gives back one line by ticking it; the buyer's page shows the refund, and
// the store's balance gets the rest. The other order is confirmed with 'Recebi meu pedido' and
// its money is released at once.
// Then a case the buyer sends to the Feira with 'Pedir ajuda da Feira': the admin decides it in
// 'Disputas' (an amount given back, with a reason) and both sides see the decision and reason.
//
// Other journeys share the demo supplier: every figure here is a difference.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, expectHidden, expectVisible, launchBrowser, payPix, rpcFromPage, signIn, withPage } from '../lib.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** A paid Pix order of 2 cassavas (R$ 16,00) and 1 maracujá (R$ 11,90), marked delivered. */
async function deliveredOrder(buyer, panel) {
  const { status, body } = await rpcFromPage(buyer, {
    codigo: 'finalizar_pedido', site: true,
    sacola: [
      { id: 'demo-p04', quantidade: 2, preco: 8.0, userforn: 'demo-joao' },
      { id: 'demo-p07', quantidade: 1, preco: 11.9, userforn: 'demo-joao' },
    ],
    forn: 'demo-joao', total: 27.9, desconto: 0, taxaentregafinal: 0, pagamento: '2', entrega: false, infoscupom: null,
  });
  assert.equal(status, 200, JSON.stringify(body));
  await payPix(body.all.Infos.txid);
  const id = body.all.id;
  await eventually(async () => (await rpcFromPage(panel, { codigo: 'confirmar_entrega', item: id })).status === 200, 'the store marks it delivered');
  return id;
}

async function saldo(panel) {
  const { body } = await rpcFromPage(panel, { codigo: 'pegar_infos_pagamentos' });
  return Math.round(body.pagamentos.saldo * 100);
}

/** Opens the panel's Entregas, 'Histórico de Entregas', and the newest order of `total`: its case. */
async function storeCase(panel, total) {
  const { usuario } = JSON.parse(await panel.evaluate(() => localStorage.getItem('sessao'))).userinfo;
  await panel.goto(`/painel/${usuario}`);
  await panel.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name: /^Entregas/ }).click();
  await expectVisible(panel.getByRole('heading', { level: 1, name: 'Entregas', exact: true }), "the panel's Entregas");
  await panel.getByRole('tab', { name: 'Histórico de Entregas' }).click();
  const card = panel.getByRole('list', { name: 'Histórico' }).getByRole('listitem').filter({ hasText: total }).first();
  await expectVisible(card, `the delivered order of ${total} in the history`);
  await card.getByRole('button', { name: 'Detalhes' }).click();
  await expectVisible(panel.getByRole('heading', { name: 'Detalhes da Entrega' }), "'Detalhes da Entrega'");
  const caso = panel.getByRole('group', { name: 'Reclamação do cliente' });
  await expectVisible(caso, "the customer's case in the order");
  return caso;
}

/** The buyer's newest order, opened from 'Histórico de pedidos': its case. */
async function buyerCase(buyer) {
  const { usuario } = JSON.parse(await buyer.evaluate(() => localStorage.getItem('sessao'))).userinfo;
  await buyer.goto(`/painel/perfil/${usuario}`);
  await buyer.getByRole('button', { name: 'Histórico de pedidos' }).first().click();
  await buyer.getByTestId('pedido').first().getByRole('button', { name: 'Detalhes' }).click();
  const caso = buyer.getByRole('group', { name: 'Reclamação' });
  await expectVisible(caso, "the order's case");
  return caso;
}

async function jpegFile(page) {
  const bytes = await page.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 320;
    c.height = 240;
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#8e44ad';
    ctx.fillRect(0, 0, 320, 240);
    const blob = await new Promise((r) => c.toBlob(r, 'image/jpeg', 0.9));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  return { name: 'falta.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(bytes) };
}

test("cases: 'Tive um problema' with a photo, the store refunds one line, the rest released; 'Recebi' releases another at once", async () => {
  await withPage(browser, 'cases-store', async (panel) => {
    await panel.goto('/');
    await signIn(panel, 'fornecedor@feira.test');
    await withPage(browser, 'cases-buyer', async (buyer) => {
      await buyer.goto('/');
      await signIn(buyer, 'comprador@feira.test');
      const other = await deliveredOrder(buyer, panel);
      // The newest: the one the case is about, opened from the lists below.
      await deliveredOrder(buyer, panel);
      const before = await saldo(panel);

      // The buyer opens the newest order and taps 'Tive um problema'.
      const { usuario } = JSON.parse(await buyer.evaluate(() => localStorage.getItem('sessao'))).userinfo;
      await buyer.goto(`/painel/perfil/${usuario}`);
      await buyer.getByRole('button', { name: 'Histórico de pedidos' }).first().click();
      await buyer.getByTestId('pedido').first().getByRole('button', { name: 'Detalhes' }).click();
      await buyer.getByRole('button', { name: 'Tive um problema' }).click();
      const form = buyer.getByRole('form', { name: 'Tive um problema' });
      await form.getByLabel('Motivo').selectOption('faltando');
      await form.getByLabel('O que aconteceu?').fill('Veio só uma mandioca.');
      await form.getByLabel('Fotos (até 3)').setInputFiles(await jpegFile(buyer));
      await expectVisible(form.getByText('1 foto'), 'the photo ready');
      await form.getByRole('button', { name: 'Enviar' }).click();
      const caso = buyer.getByRole('group', { name: 'Reclamação' });
      await expectVisible(caso.getByText('Reclamação: Veio faltando'), 'the case opened');
      await expectVisible(caso.getByRole('img', { name: 'Foto da reclamação' }), 'its photo');
      assert.equal(await saldo(panel), before, 'the money stays held');

      // The store opens the order in Entregas, reads the thread and gives back the cassava line
      // (R$ 16,00) by ticking it.
      const loja = await storeCase(panel, 'R$ 27,90');
      await expectVisible(loja.getByText('Reclamação: Veio faltando'), 'the reason, for the store');
      await expectVisible(loja.getByText('Veio só uma mandioca.'), "the buyer's message in the thread");
      await expectVisible(loja.getByRole('img', { name: 'Foto do cliente' }), "the buyer's photo");
      await expectVisible(loja.getByText('Aberta · R$ 27,90 retido até a solução'), 'the money held');
      await loja.getByRole('checkbox', { name: /R\$ 16,00/ }).check();
      await loja.getByRole('button', { name: 'Devolver', exact: true }).click();
      // Done, the panel goes back to the list; the order's case now says how it ended.
      await expectHidden(panel.getByRole('heading', { name: 'Detalhes da Entrega' }), 'back to the list once refunded');
      const ended = await storeCase(panel, 'R$ 27,90');
      await expectVisible(ended.getByText('Encerrada · devolvido R$ 16,00'), 'the case ended with the refund');
      assert.equal(await ended.getByRole('button', { name: 'Devolver', exact: true }).count(), 0, 'no second refund offered');

      // The buyer sees the refund; the store's balance gets the rest (R$ 11,90).
      await buyerCase(buyer);
      await expectVisible(buyer.getByTestId('resultado-reclamacao'), 'how the case ended');
      assert.match(await buyer.getByTestId('resultado-reclamacao').textContent(), /parte do valor foi devolvida/);
      await expectVisible(buyer.getByText('Devolvido: R$ 16,00'), 'the amount given back');
      assert.equal(await saldo(panel), before + 1190, 'the rest released');

      // The other order: 'Recebi meu pedido' releases it at once.
      const received = await rpcFromPage(buyer, { codigo: 'confirmar_recebimento', item: other });
      assert.equal(received.status, 200);
      assert.equal(await saldo(panel), before + 1190 + 2790, 'released at once');
    });
  });
});

test("cases: the buyer asks the Feira for help; the admin decides in 'Disputas' with a reason; both sides see it", async () => {
  await withPage(browser, 'disputes-store', async (panel) => {
    await panel.goto('/');
    await signIn(panel, 'fornecedor@feira.test');
    await withPage(browser, 'disputes-buyer', async (buyer) => {
      await buyer.goto('/');
      await signIn(buyer, 'comprador@feira.test');
      const id = await deliveredOrder(buyer, panel);
      const before = await saldo(panel);
      const opened = await rpcFromPage(buyer, { codigo: 'abrir_reclamacao', idpedido: id, motivo: 'nao_recebi', texto: 'Ninguém veio entregar.' });
      assert.equal(opened.status, 200, JSON.stringify(opened.body));

      // The buyer taps 'Pedir ajuda da Feira' on the order's page.
      let caso = await buyerCase(buyer);
      await expectVisible(caso.getByText('Reclamação: Não recebi'), 'the case');
      await caso.getByRole('button', { name: 'Pedir ajuda da Feira' }).click();
      await expectVisible(caso.getByText('(com a Feira, que vai decidir)'), 'the case with the Feira');

      await withPage(browser, 'disputes-admin', async (admin) => {
        await admin.goto('/admin');
        await signIn(admin, 'admin@feira.test', {
          via: admin.getByRole('button', { name: 'Entrar com o Google' }),
          until: { locator: admin.getByRole('heading', { name: 'Painel administrativo' }), what: 'the admin panel after sign-in' },
        });
        await admin.getByRole('button', { name: 'Disputas', exact: true }).click();
        await expectVisible(admin.getByRole('heading', { name: 'Disputas', exact: true }), "'Disputas'");
        const disputa = admin
          .getByRole('list', { name: 'Disputas aguardando decisão' })
          .getByRole('listitem')
          .filter({ hasText: 'Ninguém veio entregar.' })
          .first();
        await expectVisible(disputa, 'the case among the disputes');
        await expectVisible(disputa.getByText(/retido R\$ 27,90/), 'what is held');
        // A reason is required: nothing moves without it.
        await disputa.getByLabel('Valor a devolver (R$)').fill('10,00');
        await disputa.getByRole('button', { name: 'Devolver o valor' }).click();
        await expectVisible(admin.getByRole('alert'), 'the reason asked for');
        assert.equal(await saldo(panel), before, 'nothing released without a decision');
        await disputa.getByLabel('Motivo da decisão').fill('A loja não mostrou prova da entrega do maracujá.');
        await disputa.getByRole('button', { name: 'Devolver o valor' }).click();
        await expectHidden(disputa, 'the case left the disputes once decided');
      });

      // Both sides see the decision and its reason; the store gets the rest (R$ 17,90).
      caso = await buyerCase(buyer);
      assert.match(await caso.getByTestId('resultado-reclamacao').textContent(), /parte do valor foi devolvida/);
      await expectVisible(caso.getByText('Devolvido: R$ 10,00'), 'the amount the admin gave back');
      await expectVisible(caso.getByText('Motivo da decisão: A loja não mostrou prova da entrega do maracujá.'), "the admin's reason, to the buyer");
      const loja = await storeCase(panel, 'R$ 27,90');
      await expectVisible(loja.getByText('Encerrada · devolvido R$ 10,00'), 'the decision, to the store');
      await expectVisible(loja.getByText('Motivo da decisão: A loja não mostrou prova da entrega do maracujá.'), "the admin's reason, to the store");
      assert.equal(await saldo(panel), before + 1790, 'the rest released to the store');
    });
  });
});
