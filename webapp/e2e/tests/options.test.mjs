// Options with their own price and stock (decisions.md §39), on the demo data: the supplier
// adds 'Tomate' through the panel's product wizard, with '500 g' at R$ 5,90 on promotion at
// R$ 5,50 with its own stock of 10 and '1 kg' at R$ 9,90 with its own stock of 1 (the
// product's own price, R$ 5,00, then used by neither); the buyer's storefront card says 'a
// partir de R$ 5,50'; on the product page the price switches with the option; the buyer buys the
// 500 g and the 1 kg in one order through the bag and checkout, each at its own price; then the
// 1 kg says 'Esgotado'. The product is removed at the end, so later journeys see the demo data as
// it was.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { canvasJpeg, eventually, expectVisible, launchBrowser, newContext, reloadUntil, rpcFromPage, signIn, withPage } from '../lib.mjs';

const STORE = 'sitio-boa-vista';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const dialogNamed = (page, name) => page.getByRole('dialog', { name, exact: true });

/** Adds the tomato through the panel's product wizard; returns its id. */
async function addThroughTheWizard(panel, usuario) {
  await panel.goto(`/painel/${usuario}`);
  await panel.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name: /^Produtos/ }).click();
  await expectVisible(panel.getByRole('heading', { level: 1, name: 'Produtos', exact: true }), "the panel's Produtos");
  await panel.getByRole('button', { name: 'Adicionar Produto' }).click();
  const wiz = panel.getByRole('dialog').filter({ has: panel.getByRole('progressbar') });
  await expectVisible(wiz.getByText('Prossiga para adicionar um novo produto'), 'the product wizard intro');
  const next = () => wiz.getByRole('button', { name: /^(Continuar|Adicionar produto)$/ }).click();
  await next();
  await wiz.getByLabel('Alimentos', { exact: true }).check();
  await next();
  await wiz.getByLabel('Título', { exact: true }).fill('Tomate');
  await wiz.getByLabel('Preço (R$)', { exact: true }).fill('5,00');
  await next();
  await next(); // the product's stock: none (each option keeps its own)
  // Each option its own price, promotional price and stock.
  await wiz.getByLabel('Opção 1', { exact: true }).fill('500 g');
  await wiz.getByLabel('Preço da opção 1', { exact: true }).fill('5,90');
  await wiz.getByLabel('Preço promocional da opção 1', { exact: true }).fill('5,50');
  await wiz.getByLabel('Estoque próprio da opção 1', { exact: true }).check();
  await wiz.getByLabel('Estoque da opção 1', { exact: true }).fill('10');
  await wiz.getByRole('button', { name: 'Adicionar opção' }).click();
  await wiz.getByLabel('Opção 2', { exact: true }).fill('1 kg');
  await wiz.getByLabel('Preço da opção 2', { exact: true }).fill('9,90');
  await wiz.getByLabel('Estoque próprio da opção 2', { exact: true }).check();
  await wiz.getByLabel('Estoque da opção 2', { exact: true }).fill('1');
  await next();
  await next(); // no description
  const photo = Buffer.from(await canvasJpeg(panel, { width: 400, height: 300, fills: [['#c62828', 0, 0, 400, 300]] }));
  await wiz.getByLabel('Escolher ícone', { exact: true }).setInputFiles({ name: 'tomate.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expectVisible(wiz.getByRole('img', { name: 'Escolher ícone' }), 'the icon preview');
  await next();
  await next();
  const added = panel.getByRole('dialog', { name: 'Produto adicionado!' });
  await expectVisible(added, "'Produto adicionado!'");
  await added.getByRole('button', { name: 'OK' }).click();

  // Stored as typed: each option's own terms.
  const { produtos } = (await rpcFromPage(panel, { codigo: 'pegar_produtos_fornecedor', all: true })).body;
  const tomato = produtos.find((p) => p.titulo === 'tomate');
  assert.ok(tomato, `the tomato among the store's products: ${JSON.stringify(produtos.map((p) => p.titulo))}`);
  const option = (label) => tomato.opcoes.find((o) => o.opcao === label);
  assert.deepEqual(
    [option('500 g'), option('1 kg')].map((o) => [o?.preco, o?.precopromo, o?.estoqueproprio, o?.estoque]),
    [[5.9, 5.5, true, 10], [9.9, null, true, 1]],
    JSON.stringify(tomato.opcoes),
  );
  return tomato.id;
}

test("an option's own price and stock: 'a partir de', the price switches, both options sell at their prices, the last 1 kg is then 'Esgotado'", async () => {
  const storeContext = await newContext(browser);
  const panel = await storeContext.newPage();
  let id;
  try {
    await panel.goto('/');
    await signIn(panel, 'fornecedor@feira.test');
    const { usuario } = JSON.parse(await panel.evaluate(() => localStorage.getItem('sessao'))).userinfo;
    id = await addThroughTheWizard(panel, usuario);

    await withPage(browser, 'options-buyer', async (page) => {
      await page.goto('/');
      await signIn(page, 'comprador@feira.test');
      const card = page.getByRole('button', { name: /^tomate/i }).first();
      await reloadUntil(page, `/${STORE}`, page.getByTestId('loja'), async () => (await card.count()) === 1, 'the tomato in the storefront', 150_000);
      assert.match(await card.getByTestId('preco-card').textContent(), /^a partir de R\$\s5,50$/);

      await page.goto(`/detalhes/Alimentos/${id}/${usuario}?type=forn`);
      await expectVisible(page.getByTestId('preco-unitario'), 'the buying panel');
      await page.getByLabel('Opção').selectOption('500 g');
      await expectVisible(page.getByTestId('preco-unitario').filter({ hasText: /5,50/ }), 'the 500 g at its promotional R$ 5,50');
      await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
      await eventually(async () => (await page.evaluate(() => localStorage.getItem('sacola') ?? '')).includes('500 g'), 'the 500 g in the bag');
      await page.getByLabel('Opção').selectOption('1 kg');
      await expectVisible(page.getByTestId('preco-unitario').filter({ hasText: /9,90/ }), 'the 1 kg at R$ 9,90');
      await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();

      await page.getByRole('button', { name: /Meu Pedido/ }).click();
      const bag = dialogNamed(page, 'Sua sacola');
      await expectVisible(bag.getByText(/9,90 cada/), 'the 1 kg line at its price');
      await expectVisible(bag.getByText(/5,50 cada/), 'the 500 g line at its promotional price');
      await bag.getByRole('button', { name: 'Continuar Compra' }).click();
      await dialogNamed(page, 'Entrega ou Retirada').getByRole('button', { name: /^Retirada/ }).click();
      await dialogNamed(page, 'Resumo do pedido').getByRole('button', { name: 'Continuar' }).click();
      const payment = dialogNamed(page, 'Pagamento');
      await payment.getByRole('radio', { name: 'Presencial' }).check();
      await payment.getByRole('button', { name: 'Finalizar Compra' }).click();
      const done = dialogNamed(page, 'Pedido realizado');
      await expectVisible(done.getByText('Pedido realizado com sucesso!'), 'the success screen');
      await done.getByRole('button', { name: 'Continuar comprando' }).click();
      const mine = (await rpcFromPage(page, { codigo: 'pegar_pedidos' })).body.pedidos;
      const line = (opcao) => mine[0].Produtos.find((p) => p.opcao === opcao);
      assert.equal(line('1 kg')?.preco, 9.9, JSON.stringify(mine[0].Produtos));
      assert.equal(line('500 g')?.preco, 5.5, JSON.stringify(mine[0].Produtos));

      // The last 1 kg is gone: 'Esgotado' for it, the 500 g still sells.
      await reloadUntil(page, `/detalhes/Alimentos/${id}/${usuario}?type=forn`, page.getByTestId('preco-unitario'), async () => {
        await page.getByLabel('Opção').selectOption('1 kg');
        return (await page.getByTestId('esgotado').count()) === 1;
      }, "the 1 kg 'Esgotado'");
      assert.equal(await page.getByRole('button', { name: 'Adicionar ao carrinho' }).isDisabled(), true);
      await page.getByLabel('Opção').selectOption('500 g');
      assert.equal(await page.getByTestId('esgotado').count(), 0, 'the 500 g still sells');
    });
  } finally {
    if (id) await rpcFromPage(panel, { codigo: 'excluir_produto', item: id });
    await storeContext.close();
  }
});
