// What a buyer and a seller expect of any shop, on the demo data:
//   - a buyer writes a note at checkout ('Observação para a loja') and the store sees it in Entregas;
//   - 'Pedir de novo' on that order fills the bag again;
//   - 'quejo' finds the cheese, with 'Você quis dizer queijo?';
//   - the store downloads its month's sales report as CSV (UTF-8 with BOM, ';', decimal comma).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { containing, control, eventually, expectVisible, launchBrowser, newContext, payPix, rpcFromPage, signIn, withPage } from '../lib.mjs';

const STORE = 'sitio-boa-vista';
const NOTE = 'Deixar na portaria com o Zé';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

function dialogNamed(page, name) {
  return page.getByRole('dialog', { name, exact: true });
}

/** Opens a panel section from the side menu. */
async function section(page, name) {
  await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name, exact: true }), `the panel section '${name}'`);
}

/** Signs the store in and opens its panel. */
async function openPanel(panel) {
  await panel.goto('/');
  await signIn(panel, 'fornecedor@feira.test');
  const { usuario } = JSON.parse(await panel.evaluate(() => localStorage.getItem('sessao'))).userinfo;
  await panel.goto(`/painel/${usuario}`);
}

test("a note at checkout reaches the store; 'Pedir de novo' refills the bag; 'quejo' finds the cheese", async () => {
  await withPage(browser, 'shop-buyer', async (page) => {
    await page.goto('/');
    await signIn(page, 'comprador@feira.test');
    await page.goto(`/${STORE}`);
    await expectVisible(page.getByTestId('loja'), `the storefront /${STORE}`);
    const card = page.getByRole('button', { name: /mandioca descascada/i }).first();
    await card.click();
    const modal = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Adicionar ao carrinho' }) });
    await modal.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('button', { name: /Meu Pedido/ }).click();
    const bag = dialogNamed(page, 'Sua sacola');
    await expectVisible(bag.getByTestId('subtotal'), 'the bag');
    await bag.getByRole('button', { name: 'Continuar Compra' }).click();
    await dialogNamed(page, 'Entrega ou Retirada').getByRole('button', { name: /^Retirada/ }).click();
    const summary = dialogNamed(page, 'Resumo do pedido');
    const note = summary.getByTestId('observacao-pedido');
    await expectVisible(note, "the summary's note field");
    await note.fill(NOTE);
    await expectVisible(summary.getByText(`${[...NOTE].length}/280`), 'the note counter');
    await summary.getByRole('button', { name: 'Continuar' }).click();
    const payment = dialogNamed(page, 'Pagamento');
    await payment.getByRole('radio', { name: 'Presencial' }).check();
    await payment.getByRole('button', { name: 'Finalizar Compra' }).click();
    const done = dialogNamed(page, 'Pedido realizado');
    await expectVisible(done.getByText('Pedido realizado com sucesso!'), 'the success screen');
    await done.getByRole('button', { name: 'Continuar comprando' }).click();
    const mine = (await rpcFromPage(page, { codigo: 'pegar_pedidos' })).body.pedidos;
    assert.equal(mine[0].Infos.observacao, NOTE, 'the note stored with the order');

    // The store sees it in Entregas.
    const storeContext = await newContext(browser);
    const panel = await storeContext.newPage();
    try {
      await openPanel(panel);
      await section(panel, 'Entregas');
      await expectVisible(panel.getByTestId('entrega-observacao').filter({ hasText: NOTE }).first(), 'the note in the store’s Entregas');
    } finally {
      await storeContext.close();
    }

    // 'Pedir de novo' from the history fills the bag with the cassava again.
    await page.goto('/');
    await control(page, containing('Carla')).first().click();
    await dialogNamed(page, 'Minha conta').getByRole('button', { name: 'Histórico de Pedidos' }).click();
    const history = page.getByTestId('pedido');
    await expectVisible(history.first(), 'the order history');
    await history.first().getByRole('button', { name: 'Pedir de novo' }).click();
    await expectVisible(page.getByTestId('pedir-de-novo').filter({ hasText: '1 produto voltou para a sacola.' }).first(), "the 'Pedir de novo' result");
    const refilled = dialogNamed(page, 'Sua sacola');
    await expectVisible(refilled.getByTestId('item-sacola').filter({ hasText: /mandioca descascada/i }), 'the cassava back in the bag');

    // 'quejo' finds the cheese.
    await page.goto('/anuncios?q=quejo');
    await expectVisible(page.getByTestId('voce-quis-dizer').filter({ hasText: 'Você quis dizer queijo?' }), "'Você quis dizer queijo?'");
    await expectVisible(page.getByRole('link', { name: /queijo minas frescal/i }).first(), 'the cheese in the results');
  });
});

test('the store downloads its monthly sales report as CSV', async () => {
  await withPage(browser, 'shop-report', async (panel) => {
    // A Pix order paid (the buyer in a browser of their own): the ledger has it.
    const buyerContext = await newContext(browser);
    const buyer = await buyerContext.newPage();
    await buyer.goto('/');
    await signIn(buyer, 'comprador@feira.test');
    const placed = await rpcFromPage(buyer, {
      codigo: 'finalizar_pedido', sacola: [{ id: 'demo-p04', quantidade: 2 }], forn: 'demo-joao', total: 16, pagamento: '2', entrega: false, infoscupom: null,
    }, { 'Idempotency-Key': crypto.randomUUID() });
    assert.equal(placed.status, 200, JSON.stringify(placed.body));
    await payPix(placed.body.all.Infos.txid);
    await buyerContext.close();

    await openPanel(panel);
    await section(panel, 'Pagamentos');
    const month = panel.getByTestId('relatorio-mes').first();
    await eventually(async () => (await month.count()) === 1, 'a month in the sales report');
    await expectVisible(month.getByText(/mandioca descascada/i).first(), 'the cassava in the report');
    const download = panel.waitForEvent('download');
    await month.getByRole('button', { name: 'Baixar CSV do mês' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^vendas-\d{4}-\d{2}\.csv$/);
    const bytes = readFileSync(await file.path());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with a BOM');
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    assert.equal(lines[0], 'Mês;Produto;Quantidade;Bruto (R$);Cupons (R$);Taxas (R$);Devolvido (R$);Líquido (R$)');
    const cassava = lines.find((l) => l.includes('mandioca descascada'));
    assert.ok(cassava, lines.join('\n'));
    assert.match(cassava, /^\d{2}\/\d{4};mandioca descascada 1 kg;\d+;\d+,\d{2};/, 'separated by ; with decimal commas');
  });
});
