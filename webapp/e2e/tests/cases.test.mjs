// 'Tive um problema' (decisions.md §37), on the demo data: the demo buyer (Carla Souza) has two
// Pix orders from Sítio Boa Vista that the store marked delivered. On the first she taps 'Tive
// um problema' on the order's page with a reason, a text and a photo (shrunk in the browser);
// the money stays held. The store gives back one line; the buyer's page shows the refund, and
// the store's balance gets the rest. The other order is confirmed with 'Recebi meu pedido' and
// its money is released at once.
//
// Other journeys share the demo supplier: every figure here is a difference.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, expectVisible, launchBrowser, payPix, rpcFromPage, signIn, withPage } from '../lib.mjs';

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
      const id = await deliveredOrder(buyer, panel);
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

      // The store gives back the cassava line (R$ 16,00).
      const { body } = await rpcFromPage(panel, { codigo: 'pegar_reclamacao', idpedido: id });
      const line = body.reclamacao.linhas.find((l) => l.valor === 16);
      const refund = await rpcFromPage(panel, { codigo: 'devolver_reclamacao', idpedido: id, linhas: [line.id] });
      assert.equal(refund.status, 200, JSON.stringify(refund.body));

      // The buyer sees the refund; the store's balance gets the rest (R$ 11,90).
      await buyer.reload();
      await buyer.getByRole('button', { name: 'Histórico de pedidos' }).first().click();
      await buyer.getByTestId('pedido').first().getByRole('button', { name: 'Detalhes' }).click();
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
