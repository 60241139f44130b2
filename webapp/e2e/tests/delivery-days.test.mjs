// Delivery days and windows (decisions.md §36), in Chromium against the API with demo data:
// a store of its own (so no other journey meets its days) sets, in the panel's Delivery
// settings, delivery on Tuesdays 8h–12h; a buyer picks the next Tuesday at checkout; the order
// page and list show the date and window, and so do the store's Entregas and 'Detalhes da Entrega'.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { addToBag, dialogWith, eventually, expectVisible, launchBrowser, panelSection, registerStore, rpcAnswer, signIn, withPage } from '../lib.mjs';

const STORE_NAME = 'Horta das Terças';
const STORE_URL = 'horta-das-tercas';
const PRODUCT = 'alface americana';
/** 'Terça-feira, 1 de dezembro, 8h–12h'. */
const TUESDAY_8_12 = /^Terça-feira, \d{1,2} de [a-zç]+, 8h–12h$/;

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

let storeId;
let chosen;

test('a store sets Tuesday 8h–12h; a buyer picks it; the order page and the panel show it', async () => {
  // --- The store: registered through the API, its days through the panel ----------------------
  await withPage(browser, 'days-store', async (page) => {
    storeId = await registerStore(page, {
      login: 'hortadias',
      name: STORE_NAME,
      cpf: '714.602.385-08',
      products: [{ titulo: PRODUCT, preco: '4,50' }],
    });

    await page.goto(`/painel/${storeId}`);
    await expectVisible(page.getByRole('navigation', { name: 'Seções do painel' }), 'the panel menu');
    await panelSection(page, 'Delivery');
    await page.getByRole('switch', { name: 'Entrega', exact: true }).check();
    await page.getByRole('button', { name: 'Adicionar horário' }).click();
    const row = page.getByTestId('janela').first();
    await row.getByLabel('Tipo').selectOption('entrega');
    await row.getByLabel('Dia da semana').selectOption({ label: 'Terça-feira' });
    await row.getByLabel('Início').fill('08:00');
    await row.getByLabel('Fim').fill('12:00');
    // A window that ends before it starts: refused with its message, the row kept as typed.
    await row.getByLabel('Fim').fill('07:00');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: 'A janela de entrega de terça-feira, 8h–7h termina antes de começar.' }), 'the window refused');
    assert.equal(await row.getByLabel('Fim').inputValue(), '07:00');
    await row.getByLabel('Fim').fill('12:00');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const saved = dialogWith(page, 'Suas alterações foram salvas com sucesso');
    await expectVisible(saved, 'the delivery settings saved');
    await saved.getByRole('button', { name: 'OK' }).click();
    const stored = await rpcAnswer(page, { codigo: 'pegar_dadosforn', usuario: storeId });
    assert.deepEqual(stored.dadosforn.extensoes.delivery.dias.janelas, [{ tipo: 'entrega', dia_semana: 2, inicio: '08:00', fim: '12:00' }]);
  });

  // --- The buyer: picks the next Tuesday at checkout --------------------------------------------
  await withPage(browser, 'days-buyer', async (page) => {
    await page.goto('/');
    await signIn(page, 'comprador@feira.test');
    await page.goto(`/${STORE_URL}`);
    await addToBag(page, PRODUCT);
    await page.getByRole('button', { name: /Meu Pedido/ }).click();
    const bag = page.getByRole('dialog', { name: 'Sua sacola', exact: true });
    await bag.getByRole('button', { name: 'Continuar Compra' }).click();
    // Delivery only: straight to the summary, with the dates offered.
    const summary = page.getByRole('dialog', { name: 'Resumo do pedido', exact: true });
    await expectVisible(summary, 'the order summary');
    const picker = summary.getByRole('group', { name: 'Data e horário da entrega' });
    await expectVisible(picker, 'the date picker');
    const options = picker.getByRole('radio');
    // Two Tuesdays in fourteen days (three when today is a Tuesday before 8h).
    await eventually(async () => (await options.count()) >= 2, 'the Tuesdays offered');
    const labels = await picker.locator('label').allTextContents();
    for (const l of labels) assert.match(l.trim(), TUESDAY_8_12);
    const continuar = summary.getByRole('button', { name: 'Continuar' });
    assert.equal(await continuar.isDisabled(), true, "'Continuar' waits for a date");
    chosen = labels[0].trim();
    await options.first().check();
    await continuar.click();
    const payment = page.getByRole('dialog', { name: 'Pagamento', exact: true });
    await payment.getByRole('radio', { name: 'Presencial' }).check();
    await payment.getByRole('button', { name: 'Finalizar Compra' }).click();
    const done = page.getByRole('dialog', { name: 'Pedido realizado', exact: true });
    await expectVisible(done, 'the success screen');

    const [order] = (await rpcAnswer(page, { codigo: 'pegar_pedidos' })).pedidos;
    assert.equal(order.Infos.nomeforn, STORE_NAME);
    assert.equal(order.Infos.janela_inicio, '08:00');
    assert.equal(order.Infos.janela_fim, '12:00');
    assert.match(order.Infos.data_entrega, /^\d{4}-\d{2}-\d{2}$/);

    await done.getByRole('button', { name: 'Ver meus pedidos' }).click();
    const card0 = page.getByTestId('pedido').first();
    await expectVisible(card0, 'the order card');
    assert.equal((await card0.getByTestId('pedido-data-entrega').textContent()).trim(), chosen, 'the date on the card');
    await card0.getByRole('button', { name: 'Detalhes' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Detalhes do Pedido' }), "'Detalhes do Pedido'");
    assert.equal((await page.getByTestId('data-entrega').textContent()).trim(), chosen, 'the date on the order page');
  });

  // --- The store's Entregas ------------------------------------------------------------------
  await withPage(browser, 'days-entregas', async (page) => {
    await page.goto('/');
    await signIn(page, 'hortadias');
    await page.goto(`/painel/${storeId}`);
    await expectVisible(page.getByRole('navigation', { name: 'Seções do painel' }), 'the panel menu');
    await panelSection(page, 'Entregas');
    const date = page.getByTestId('entrega-data').first();
    await expectVisible(date, 'the date in Entregas');
    assert.equal((await date.textContent()).trim(), chosen);
    await page.getByRole('button', { name: 'Detalhes' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Detalhes da Entrega' }), "'Detalhes da Entrega'");
    assert.equal((await page.getByTestId('data-entrega').textContent()).trim(), chosen, "the date in 'Detalhes da Entrega'");
  });
});
