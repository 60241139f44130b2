// Stock a seller and a buyer can trust (decisions.md §26), on the demo data:
//   a buyer puts the demo supplier's eggs (5 in stock) in the bag; the supplier sets the stock to
//   0 in the panel's edit form; the product card in the panel, the storefront's card and product
//   modal, and the product page say 'Esgotado' and the buyer cannot add it; the bag's line says
//   'Esgotado' and the checkout waits until it is removed; the server refuses an order for it
//   ('Estoque insuficiente para …'). A stock of 1 is one unit, not unlimited. A product the supplier
//   disabled has an 'Indisponível' page, not 'Página não encontrada'. The stock is put back at
//   the end, so later journeys see the demo data as it was.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { dialogWith, eventually, expectVisible, launchBrowser, newContext, reloadUntil, rpcFromPage, signIn, withPage } from '../lib.mjs';

const STORE = 'sitio-boa-vista';
const EGGS = { id: 'demo-p08', titulo: 'ovos caipiras (dúzia)', preco: 16, estoque: 5 };
const EGGS_NAME = /ovos caipiras/i;
const DISABLED = { id: 'demo-p05', titulo: 'Abobrinha italiana' };

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** Opens a panel section from the side menu. */
async function section(page, name) {
  await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name, exact: true }), `the panel section '${name}'`);
}

/** In the panel's Produtos: opens the eggs' edit form, types `estoque`, saves. */
async function setStock(page, estoque) {
  await page.getByRole('button', { name: EGGS_NAME }).first().click();
  await page.getByRole('button', { name: 'Editar produto' }).click();
  const form = page.getByRole('dialog', { name: 'Editar produto' });
  await expectVisible(form, "the 'Editar produto' form");
  const box = form.getByLabel('Sem controle de estoque', { exact: true });
  if (await box.isChecked()) await box.uncheck();
  await form.getByLabel('Estoque', { exact: true }).fill(String(estoque));
  await form.getByRole('button', { name: 'Salvar' }).click();
  const ok = dialogWith(page, 'Suas alterações foram salvas com sucesso');
  await expectVisible(ok, `the stock ${estoque} saved`);
  await ok.getByRole('button', { name: 'OK' }).click();
}

/** The eggs as the supplier's API reads them. */
async function eggs(page) {
  const { body } = await rpcFromPage(page, { codigo: 'pegar_produtos_fornecedor', all: true });
  return body.produtos.find((p) => p.id === EGGS.id);
}

test("stock: 0 is 'Esgotado' everywhere and cannot be bought; 1 is one unit; a disabled product is 'Indisponível'", async () => {
  await withPage(browser, 'stock-supplier', async (panel) => {
    // A buyer has the eggs in the bag already.
    const buyerContext = await newContext(browser);
    const buyer = await buyerContext.newPage();
    try {
      await buyer.goto('/');
      await signIn(buyer, 'comprador@feira.test');
      await buyer.goto(`/${STORE}`);
      await buyer.getByRole('button', { name: EGGS_NAME }).first().click();
      const modal = buyer.getByRole('dialog').filter({ has: buyer.getByRole('button', { name: 'Adicionar ao carrinho' }) });
      await modal.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
      await expectVisible(buyer.getByText('Produto adicionado ao carrinho!'), 'the eggs in the bag');

      // --- The supplier sets the stock to 0 in the panel -------------------------------------------
      await panel.goto('/');
      await signIn(panel, 'fornecedor@feira.test');
      const { usuario } = JSON.parse(await panel.evaluate(() => localStorage.getItem('sessao'))).userinfo;
      await panel.goto(`/painel/${usuario}`);
      await section(panel, 'Produtos');
      try {
        await setStock(panel, 0);
        const saved = await eggs(panel);
        assert.equal(saved.estoque, 0, 'stock 0 stored as 0, not as unlimited');
        assert.equal(saved.esgotado, true, 'the server calls it sold out');
        const card = panel.getByRole('button', { name: EGGS_NAME }).first();
        await expectVisible(card.getByText('Esgotado'), "the panel's card 'Esgotado'");
        await expectVisible(card.getByText('Estoque: 0'), "the panel's card 'Estoque: 0'");

        // --- The buyer: storefront card and modal, product page ---------------------------------------
        // (Another browser changed it: the storefront's public read may be a cached copy for a while.)
        const storeCard = buyer.getByRole('button', { name: EGGS_NAME }).first();
        await reloadUntil(buyer, `/${STORE}`, storeCard, async () => {
          return (await storeCard.getByText('Esgotado').count()) === 1;
        }, "the storefront's card 'Esgotado'");
        await storeCard.click();
        const soldOut = buyer.getByRole('dialog').filter({ has: buyer.getByRole('button', { name: 'Adicionar ao carrinho' }) });
        await expectVisible(soldOut.getByTestId('esgotado'), "'Esgotado' in the product modal");
        assert.equal(await soldOut.getByRole('button', { name: 'Adicionar ao carrinho' }).isDisabled(), true, "'Adicionar ao carrinho' disabled");
        await buyer.keyboard.press('Escape');

        // The bag learnt it from the storefront: the line says so and the checkout waits.
        await buyer.getByRole('button', { name: /Meu Pedido/ }).click();
        const bag = buyer.getByRole('dialog', { name: 'Sua sacola', exact: true });
        await expectVisible(bag.getByTestId('linha-bloqueada'), "the bag line 'Esgotado'");
        assert.equal(await bag.getByTestId('linha-bloqueada').textContent(), 'Esgotado');
        assert.equal(
          await bag.getByTestId('sacola-bloqueada').textContent(),
          'Ovos caipiras (dúzia) esgotou. Remova o produto da sacola para continuar.',
        );
        assert.equal(await bag.getByRole('button', { name: 'Continuar Compra' }).isDisabled(), true, "'Continuar Compra' waits");
        await buyer.keyboard.press('Escape');

        await buyer.goto(`/detalhes/Alimentos/${EGGS.id}/${usuario}?type=forn`);
        await expectVisible(buyer.getByTestId('esgotado'), "'Esgotado' on the product page");
        assert.equal(await buyer.getByRole('button', { name: 'Adicionar ao carrinho' }).isDisabled(), true, 'no adding from the product page');

        // The server refuses an order for it, whatever the client.
        const order = await rpcFromPage(buyer, {
          codigo: 'finalizar_pedido', site: true,
          sacola: [{ id: EGGS.id, quantidade: 1, preco: EGGS.preco, userforn: usuario }],
          forn: usuario, total: EGGS.preco, desconto: 0, taxaentregafinal: 0, pagamento: '1', entrega: false, infoscupom: null,
        }, { 'Idempotency-Key': crypto.randomUUID() });
        assert.equal(order.status, 409, JSON.stringify(order.body));
        assert.equal(order.body.error, `Estoque insuficiente para ${EGGS.titulo}`);

        // --- 1 is one unit ---------------------------------------------------------------------------
        await setStock(panel, 1);
        const one = await eggs(panel);
        assert.equal(one.estoque, 1, 'stock 1 stored as 1');
        assert.equal(one.esgotado, false);
        await reloadUntil(buyer, `/detalhes/Alimentos/${EGGS.id}/${usuario}?type=forn`, buyer.getByTestId('preco-total'), async () => {
          return (await buyer.getByTestId('estoque').count()) === 1 && (await buyer.getByTestId('estoque').textContent()) === 'Estoque: 1';
        }, "the product page's 'Estoque: 1'");
        assert.equal(await buyer.getByRole('button', { name: 'Adicionar ao carrinho' }).isDisabled(), false, 'one unit can be bought');
        assert.equal(await buyer.getByRole('button', { name: 'Aumentar quantidade' }).isDisabled(), true, 'but not two');
      } finally {
        // Back to the demo's stock.
        await setStock(panel, EGGS.estoque);
        assert.equal((await eggs(panel)).estoque, EGGS.estoque, 'the demo stock restored');
      }

      // --- A disabled product: 'Indisponível', not 'Página não encontrada' ------------------------------
      await buyer.goto(`/detalhes/Alimentos/${DISABLED.id}/${usuario}?type=forn`);
      await expectVisible(buyer.getByRole('heading', { level: 1, name: DISABLED.titulo }), 'the disabled product page');
      await expectVisible(buyer.getByTestId('indisponivel'), "'Indisponível'");
      assert.equal(await buyer.getByRole('heading', { name: 'Página não encontrada' }).count(), 0);
      assert.equal(await buyer.getByRole('button', { name: 'Adicionar ao carrinho' }).count(), 0, 'no buying panel');
      await expectVisible(buyer.getByRole('link', { name: 'Acessar Loja' }), 'its store');
      await buyer.goto(`/detalhes/Alimentos/nao-existe/${usuario}?type=forn`);
      await expectVisible(buyer.getByRole('heading', { name: 'Página não encontrada' }), 'a product that does not exist is not found');
      await eventually(async () => (await buyer.getByTestId('indisponivel').count()) === 0, 'no Indisponível for a missing product');
    } finally {
      await buyerContext.close();
    }
  });
});
