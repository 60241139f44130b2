// A recurring basket paid in person (decisions.md §35), in Chromium against the API with demo
// data: a store of its own (so no other journey meets its baskets) takes pickups every day
// 8h–12h, orders until 18h of the day before. Carla fills a bag there, and at checkout, paying in
// person, ticks 'Assinar' (semanal); 'Minhas assinaturas' shows the next delivery and its total;
// the store's 'Assinaturas' shows the basket and the next delivery's totals per product. The
// store then moves its cut-off to 7 days before the delivery (its Entrega settings), so this
// week's cut-off has passed: the cycles job (the app's own, every minute — no test hook) orders
// it, and the order appears in the store's Entregas on the chosen date. Carla skips the next
// week: 'Minhas assinaturas' moves the next delivery a week on, and no order is placed for the
// skipped week (the job skips that cycle at its cut-off, a week ahead: the API suite checks that
// part with its clock; here no second order appears).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addToBag, deliveryDays, eventually, expectVisible, launchBrowser, openBaskets, panelSection, registerStore, rpcAnswer, scaled, signIn, withPage,
} from '../lib.mjs';

const STORE_NAME = 'Cesta da Serra';
const STORE_URL = 'cesta-da-serra';
const LETTUCE = 'alface lisa da serra';
const EGGS = 'ovos vermelhos da serra';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

let storeId;
let chosen;

/** Whether `text` names the date `label` (the picker capitalises the weekday, sentences do not). */
const names = (text, label) => text.toLowerCase().includes(label.toLowerCase());

test('a weekly basket paid in person: subscribed at checkout, seen by both, ordered by the job, a week skipped', async () => {
  // --- The store: registered, its products and its days through the API (setup) ----------------
  await withPage(browser, 'basket-store-setup', async (page) => {
    storeId = await registerStore(page, {
      login: 'cestaserra',
      name: STORE_NAME,
      cpf: '418.527.396-73',
      phone: '(19) 99812-3456',
      description: 'Hortaliças e ovos',
      products: [{ titulo: LETTUCE, preco: '4,50' }, { titulo: EGGS, preco: '16,00' }],
      days: { corteDias: 1, corteHora: '18:00' },
    });
  });

  // --- Carla fills a bag and ticks 'Assinar' at checkout -----------------------------------------
  await withPage(browser, 'basket-buyer-subscribes', async (page) => {
    await page.goto('/');
    await signIn(page, 'comprador@feira.test');
    await page.goto(`/${STORE_URL}`);
    await addToBag(page, LETTUCE);
    await addToBag(page, EGGS);
    await page.getByRole('button', { name: /Meu Pedido/ }).click();
    const bag = page.getByRole('dialog', { name: 'Sua sacola', exact: true });
    await bag.getByRole('button', { name: 'Continuar Compra' }).click();
    const summary = page.getByRole('dialog', { name: 'Resumo do pedido', exact: true });
    await expectVisible(summary, 'the order summary');
    const picker = summary.getByRole('group', { name: 'Data e horário da retirada' });
    await expectVisible(picker, 'the pickup dates');
    const options = picker.getByRole('radio');
    await eventually(async () => (await options.count()) >= 2, 'the dates offered');
    chosen = (await picker.locator('label').first().textContent()).trim();
    await options.first().check();
    await summary.getByRole('button', { name: 'Continuar' }).click();
    const payment = page.getByRole('dialog', { name: 'Pagamento', exact: true });
    await payment.getByRole('radio', { name: 'Presencial' }).check();
    const box = payment.getByTestId('assinar');
    await expectVisible(box, "the 'Assinar' box");
    assert.equal(await box.getByTestId('frequencia').inputValue(), 'semanal');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api') && r.request().postDataJSON()?.codigo === 'assinar');
    await box.getByRole('button', { name: 'Assinar' }).click();
    const res = await answered;
    assert.equal(res.status(), 200);
    const basket = await res.json();
    assert.ok(names(basket.proxima_entrega_texto, chosen), `${basket.proxima_entrega_texto} names ${chosen}`);
    assert.equal(basket.total_centavos, 2050);
    // No order yet: the cycle is ordered at the cut-off.
    assert.equal((await rpcAnswer(page, { codigo: 'pegar_pedidos' })).pedidos.filter((p) => p.Infos.nomeforn === STORE_NAME).length, 0);

    const card = await openBaskets(page, STORE_NAME);
    const next = card.getByTestId('proxima-entrega');
    await expectVisible(next, 'the next delivery');
    const text = (await next.textContent()).trim();
    assert.ok(names(text, chosen), `${text} names ${chosen}`);
    assert.ok(text.includes('R$ 20,50'), `${text}: the total`);
    assert.equal((await card.getByTestId('assinatura-situacao').textContent()).trim(), 'Ativa');
  });

  // --- The store's 'Assinaturas': the basket and the next delivery's totals ----------------------
  await withPage(browser, 'basket-store-week', async (page) => {
    await page.goto('/');
    await signIn(page, 'cestaserra');
    await page.goto(`/painel/${storeId}`);
    await expectVisible(page.getByRole('navigation', { name: 'Seções do painel' }), 'the panel menu');
    await panelSection(page, 'Assinaturas');
    const resumo = page.getByTestId('resumo-assinaturas');
    await expectVisible(resumo, 'the next delivery totals');
    const r = (await resumo.textContent()).trim();
    for (const part of ['1 cesta', `${LETTUCE} 1`, `${EGGS} 1`, 'R$ 20,50']) assert.ok(r.includes(part), `${r}: ${part}`);
    const row = page.getByTestId('assinatura-loja');
    await expectVisible(row.filter({ hasText: 'Carla Souza' }), "Carla's basket");
    assert.equal(await row.count(), 1);
    const cells = (await row.locator('td').allTextContents()).map((c) => c.trim());
    assert.equal(cells[1], 'semanal');
    assert.ok(names(cells[4], chosen), `${cells[4]} names ${chosen}`);
    assert.equal(cells[5], 'R$ 20,50');

    // The store moves its cut-off to 7 days before at 00:00: this week's has passed.
    await rpcAnswer(page, deliveryDays(storeId, { corteDias: 7, corteHora: '00:00' }));

    // The job (every minute) orders it; it shows in Entregas on the chosen date.
    await panelSection(page, 'Entregas');
    const date = page.getByTestId('entrega-data').first();
    const deadline = Date.now() + scaled(75_000);
    for (;;) {
      await panelSection(page, 'Entregas');
      if (await date.isVisible().catch(() => false)) break;
      assert.ok(Date.now() < deadline, "the cycle's order did not reach Entregas");
      await page.waitForTimeout(3_000);
      await page.reload();
      await expectVisible(page.getByRole('navigation', { name: 'Seções do painel' }), 'the panel menu');
    }
    assert.equal((await date.textContent()).trim(), chosen);
  });

  // --- Carla: the cycle's order, and she skips the next week -------------------------------------
  await withPage(browser, 'basket-buyer-skips', async (page) => {
    await page.goto('/');
    await signIn(page, 'comprador@feira.test');
    const orders = (await rpcAnswer(page, { codigo: 'pegar_pedidos' })).pedidos.filter((p) => p.Infos.nomeforn === STORE_NAME);
    assert.equal(orders.length, 1);
    assert.equal(orders[0].Infos.janela_inicio, '08:00');

    const card = await openBaskets(page, STORE_NAME);
    const history = card.getByRole('list', { name: 'Últimas entregas' });
    await expectVisible(history, "the basket's last deliveries");
    assert.match((await history.textContent()).trim(), /R\$ 20,50/);
    const next = card.getByTestId('proxima-entrega');
    const before = (await next.textContent()).trim();
    assert.ok(!names(before, chosen), `${before}: the next delivery is a week on`);
    await card.getByRole('button', { name: 'Pular a próxima' }).click();
    await expectVisible(card.getByRole('button', { name: 'Desfazer pulo' }), "'Desfazer pulo'");
    await expectVisible(card.getByText(/^Entrega de \d{4}-\d{2}-\d{2} pulada\.$/), 'the skipped week');
    await eventually(async () => (await next.textContent()).trim() !== before, 'the next delivery moved a week on');
  });

  // Still one order for this store.
  await withPage(browser, 'basket-after-skip', async (page) => {
    await page.goto('/');
    await signIn(page, 'comprador@feira.test');
    const orders = (await rpcAnswer(page, { codigo: 'pegar_pedidos' })).pedidos.filter((p) => p.Infos.nomeforn === STORE_NAME);
    assert.equal(orders.length, 1);
  });
});
