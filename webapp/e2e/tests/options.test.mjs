// Options with their own price and stock (decisions.md §39), on the demo data: the supplier
// adds 'Tomate' with '500 g' at the product's R$ 5,00 and '1 kg' at R$ 9,00 with a stock of 1
// (the add-product action, as the wizard sends it); the buyer's storefront card says 'a partir
// de R$ 5,00'; on the product page the price switches with the option; the buyer buys the 500 g
// and the 1 kg in one order through the bag and checkout, each at its own price; then the 1 kg
// says 'Esgotado'. The product is removed at the end, so later journeys see the demo data as it
// was.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, expectVisible, launchBrowser, newContext, reloadUntil, rpcFromPage, signIn, withPage } from '../lib.mjs';

const STORE = 'sitio-boa-vista';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const dialogNamed = (page, name) => page.getByRole('dialog', { name, exact: true });

test("an option's own price and stock: 'a partir de', the price switches, both options sell at their prices, the last 1 kg is then 'Esgotado'", async () => {
  const storeContext = await newContext(browser);
  const panel = await storeContext.newPage();
  let id;
  try {
    await panel.goto('/');
    await signIn(panel, 'fornecedor@feira.test');
    const { usuario } = JSON.parse(await panel.evaluate(() => localStorage.getItem('sessao'))).userinfo;
    const added = await rpcFromPage(panel, {
      codigo: 'adicionar_produto', iconeurl: false,
      infos: {
        categoria: 'Alimentos', titulo: 'Tomate', preco: 5, estoque: null, minimo: null, descricao: null,
        opcoes: [
          { opcao: '500 g', preco: '', precopromo: '', estoqueproprio: false, estoque: null },
          { opcao: '1 kg', preco: 9, precopromo: '', estoqueproprio: true, estoque: 1 },
        ],
      },
    });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    id = added.body.infos.id;

    await withPage(browser, 'options-buyer', async (page) => {
      await page.goto('/');
      await signIn(page, 'comprador@feira.test');
      const card = page.getByRole('button', { name: /^tomate/i }).first();
      // Each try waits for the storefront's cards to be drawn (they come after the page's load
      // event): counting at once saw the skeletons and reloaded again and again under load.
      await reloadUntil(page, `/${STORE}`, async () => {
        await card.waitFor({ state: 'visible', timeout: 15_000 }).catch(() => {});
        return (await card.count()) === 1;
      }, 'the tomato in the storefront', 150_000);
      assert.match(await card.getByTestId('preco-card').textContent(), /^a partir de R\$\s5,00$/);

      await page.goto(`/detalhes/Alimentos/${id}/${usuario}?type=forn`);
      await expectVisible(page.getByTestId('preco-unitario'), 'the buying panel');
      assert.match(await page.getByTestId('preco-unitario').textContent(), /5,00/);
      await page.getByLabel('Opção').selectOption('500 g');
      await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
      await eventually(async () => (await page.evaluate(() => localStorage.getItem('sacola') ?? '')).includes('500 g'), 'the 500 g in the bag');
      await page.getByLabel('Opção').selectOption('1 kg');
      await expectVisible(page.getByTestId('preco-unitario').filter({ hasText: /9,00/ }), 'the 1 kg at R$ 9,00');
      await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();

      await page.getByRole('button', { name: /Meu Pedido/ }).click();
      const bag = dialogNamed(page, 'Sua sacola');
      await expectVisible(bag.getByText(/9,00 cada/), 'the bag line at the option’s price');
      await expectVisible(bag.getByText(/5,00 cada/), 'the 500 g line at the product’s price');
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
      assert.equal(line('1 kg')?.preco, 9, JSON.stringify(mine[0].Produtos));
      assert.equal(line('500 g')?.preco, 5, JSON.stringify(mine[0].Produtos));

      // The last 1 kg is gone: 'Esgotado' for it, the 500 g still sells.
      await reloadUntil(page, `/detalhes/Alimentos/${id}/${usuario}?type=forn`, async () => {
        await expectVisible(page.getByTestId('preco-unitario'), 'the buying panel');
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
