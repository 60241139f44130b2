// WhatsApp notices (decisions.md §38) through the local Cloud API (devservices/whatsapp.mjs,
// started by e2e/run.mjs): the buyer (Carla) turns on 'Receber avisos pelo WhatsApp' in her
// profile and the store (Sítio Boa Vista) in its panel's 'Meus Dados'; Carla pays an order by
// Pix; the Cloud API received 'pagamento_confirmado' for Carla's number and 'novo_pedido_pago'
// for the store's. Each message's link ('Ver pedido', relative to the site) opens the order:
// Carla, signed out, signs in on the page it opens and sees the order's detail; the store sees
// it in its panel's Entregas.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, expectVisible, launchBrowser, newContext, payPix, rpcFromPage, signIn, withPage } from '../lib.mjs';

const CONTROL = process.env.WHATSAPP_CONTROL_URL?.replace(/\/+$/, '');

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** Turns on the page's 'Receber avisos pelo WhatsApp' and waits for the saved state. */
async function optIn(page) {
  const box = page.getByRole('checkbox', { name: 'Receber avisos pelo WhatsApp' });
  await expectVisible(box, "'Receber avisos pelo WhatsApp'");
  assert.equal(await box.isChecked(), false, 'off by default');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api') && r.request().postData()?.includes('alterar_avisos'));
  // A click, not `check()`: the box shows the saved state, which comes with the answer, and
  // `check()` fails when the state has not changed by the time the click returns.
  await box.click();
  assert.equal((await saved).status(), 200);
  await eventually(() => box.isChecked(), 'the box checked once saved');
  await expectVisible(page.getByRole('group', { name: 'Quais avisos pelo WhatsApp' }), 'the kinds of notice');
}

const e164 = (masked) => `55${masked.replace(/\D/g, '')}`;

test('opted in, the buyer hears of her Pix and the store of its paid order', { skip: !CONTROL && 'no local Cloud API' }, async () => {
  // The store opts in from its panel.
  const storeContext = await newContext(browser);
  const panel = await storeContext.newPage();
  await panel.goto('/');
  await signIn(panel, 'fornecedor@feira.test');
  await panel.goto('/painel/demo-joao');
  await optIn(panel);
  const store = await rpcFromPage(panel, { codigo: 'pegar_avisos' });
  const storePhone = e164(store.body.loja.telefone);
  await storeContext.close();

  const { messages, orderId } = await withPage(browser, 'whatsapp-notices', async (page) => {
    await page.goto('/');
    await signIn(page, 'comprador@feira.test');
    await page.goto('/painel/perfil/demo-carla');
    await optIn(page);
    const mine = await rpcFromPage(page, { codigo: 'pegar_avisos' });
    const buyerPhone = e164(mine.body.comprador.telefone);

    // A Pix order at Sítio Boa Vista, paid at the PSP.
    const { status, body } = await rpcFromPage(page, {
      codigo: 'finalizar_pedido', site: true,
      // Maracujá: no stock count, so the shard's other tests cannot sell it out first.
      sacola: [{ id: 'demo-p07', quantidade: 1, preco: 11.9, userforn: 'demo-joao' }],
      forn: 'demo-joao', total: 11.9, desconto: 0, taxaentregafinal: 0, pagamento: '2', entrega: false, infoscupom: null,
    });
    assert.equal(status, 200, JSON.stringify(body));
    await payPix(body.all.Infos.txid);

    const messages = await eventually(async () => {
      const all = await (await fetch(`${CONTROL}/messages`)).json();
      const paid = all.find((m) => m.to === buyerPhone && m.template === 'pagamento_confirmado');
      const news = all.find((m) => m.to === storePhone && m.template === 'novo_pedido_pago');
      assert.ok(paid && news, JSON.stringify(all));
      return { paid, news };
    }, "the Cloud API's messages");
    assert.equal(messages.paid.language, 'pt_BR');
    // Her name: account.test.mjs, in the same run, may have renamed her 'Carla Souza Lima'.
    assert.match(messages.paid.body[0], /^Carla Souza( Lima)?$/);
    assert.match(messages.paid.link, new RegExp(`pedido=${body.all.id}$`));
    assert.equal(messages.news.body[1], 'Sítio Boa Vista');
    return { messages, orderId: body.all.id };
  });

  // Carla taps 'Ver pedido' on a device where she is signed out: she signs in there, the link holds.
  await withPage(browser, 'whatsapp-buyer-link', async (page) => {
    await page.goto(`/${messages.paid.link}`);
    await expectVisible(page.getByText('Entre na sua conta para ver o pedido.'), 'the sign-in prompt');
    await signIn(page, 'comprador@feira.test');
    assert.ok(page.url().endsWith(messages.paid.link), page.url());
    const detail = page.getByRole('region', { name: 'Detalhes do Pedido' });
    await expectVisible(detail, "the order's detail");
    await expectVisible(detail.getByTestId('situacao').filter({ hasText: 'Pago' }), 'the paid order');
    await expectVisible(detail.getByText('Sítio Boa Vista'), "the order's store");
  });

  // The store's link opens its panel on Entregas, on that order.
  await withPage(browser, 'whatsapp-store-link', async (page) => {
    await page.goto('/');
    await signIn(page, 'fornecedor@feira.test');
    await page.goto(`/${messages.news.link}`);
    assert.match(messages.news.link, new RegExp(`pedido=${orderId}$`));
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Entregas' }), 'the Entregas section');
    const detail = page.getByRole('region', { name: 'Detalhes da Entrega' });
    await expectVisible(detail, "the order's delivery detail");
    await expectVisible(detail.getByText(messages.paid.body[0], { exact: true }), "the buyer's name");
  });
});
