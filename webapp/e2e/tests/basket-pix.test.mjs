// A recurring basket paid by Pix Automático (decisions.md §35; docs/subscriptions.md 'Payment'),
// in Chromium against the API on the local PSP (devservices/psp.mjs), with demo data: a store of
// its own (so no other journey meets its baskets; its own CPF) accepts Pix and takes pickups every
// day 8h–12h, orders until 18h of the day before. Carla fills a bag there and, at checkout, ticks
// 'Assinar' with Pix Automático (a maximum per delivery and the payer's CPF): the recurrence's QR
// is shown. The payer approves it at their bank (the PSP's control API; the PSP notifies the API,
// which confirms with GET /rec): 'Minhas assinaturas' shows it authorised. The store moves its
// cut-off to 7 days before the delivery, so this week's has passed: the app's own cycles job
// (every minute) orders the cycle as a Pix order charged with /cobr. Before it is paid the order
// page says the charge is automatic (no code to copy), and the order is no delivery for the store
// yet (§27). The PSP settles the charge as paid (its cobr webhook, confirmed with GET /cobr): the
// buyer's order page shows it paid, and the store's Entregas lists it on the chosen date, its
// money 'A liberar' in Pagamentos.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PSP_CONTROL_URL, addToBag, centavos, deliveryDays, eventually, expectVisible, launchBrowser, openBaskets, panelSection, registerStore,
  rpcAnswer, signIn, withPage,
} from '../lib.mjs';

const STORE_NAME = 'Horta Recorrente';
const STORE_URL = 'horta-recorrente';
const KALE = 'couve manteiga recorrente';
const HONEY = 'mel silvestre recorrente';
/** The payer's CPF, sent to the PSP with the recurrence (not stored). */
const PAYER_CPF = '529.982.247-25';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** The local PSP's control API (e2e/run.mjs runs the API on it). */
async function psp(method, path) {
  assert.ok(PSP_CONTROL_URL, 'PSP_CONTROL_URL is not set: run the journeys through e2e/run.mjs');
  const res = await fetch(`${PSP_CONTROL_URL}${path}`, {
    method,
    ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
  });
  const body = await res.json();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Carla's orders from this store, straight from the API. */
async function storeOrders(page) {
  return (await rpcAnswer(page, { codigo: 'pegar_pedidos' })).pedidos.filter((p) => p.Infos.nomeforn === STORE_NAME);
}

/** Opens 'Detalhes do Pedido' of Carla's order from this store, from 'Histórico de pedidos'. */
async function openOrder(page, buyerId) {
  await page.goto(`/painel/perfil/${buyerId}`);
  await page.getByRole('button', { name: 'Histórico de pedidos' }).first().click();
  const card = page.getByTestId('pedido').filter({ hasText: STORE_NAME }).first();
  await expectVisible(card, "the cycle's order in 'Histórico de pedidos'");
  await card.getByRole('button', { name: 'Detalhes' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Detalhes do Pedido' }), "'Detalhes do Pedido'");
}

let storeId;
let chosen;
let basketId;

/** Whether `text` names the date `label` (the picker capitalises the weekday, sentences do not). */
const names = (text, label) => text.toLowerCase().includes(label.toLowerCase());

test('a weekly basket by Pix Automático: authorised at the PSP, the cycle ordered, charged by /cobr, paid, seen by both', async () => {
  // --- The store: registered, accepting Pix, its products and days through the API (setup) -----
  await withPage(browser, 'basket-pix-store-setup', async (page) => {
    storeId = await registerStore(page, {
      login: 'hortarecorrente',
      name: STORE_NAME,
      cpf: '296.417.853-46',
      phone: '(19) 99834-5612',
      description: 'Hortaliças e mel',
      products: [{ titulo: KALE, preco: '5,00' }, { titulo: HONEY, preco: '15,00' }],
      pagamentos: '12',
      days: { corteDias: 1, corteHora: '18:00' },
    });
  });

  // --- Carla subscribes with Pix Automático and sees the recurrence's QR ------------------------
  await withPage(browser, 'basket-pix-subscribes', async (page) => {
    await page.goto('/');
    await signIn(page, 'comprador@feira.test');
    await page.goto(`/${STORE_URL}`);
    await addToBag(page, KALE);
    await addToBag(page, HONEY);
    await page.getByRole('button', { name: /Meu Pedido/ }).click();
    await page.getByRole('dialog', { name: 'Sua sacola', exact: true }).getByRole('button', { name: 'Continuar Compra' }).click();
    const summary = page.getByRole('dialog', { name: 'Resumo do pedido', exact: true });
    const picker = summary.getByRole('group', { name: 'Data e horário da retirada' });
    await expectVisible(picker, 'the pickup dates');
    const options = picker.getByRole('radio');
    await eventually(async () => (await options.count()) >= 2, 'the dates offered');
    chosen = (await picker.locator('label').first().textContent()).trim();
    await options.first().check();
    await summary.getByRole('button', { name: 'Continuar' }).click();
    const payment = page.getByRole('dialog', { name: 'Pagamento', exact: true });
    await payment.getByRole('radio', { name: 'Pix', exact: true }).check();
    const box = payment.getByTestId('assinar');
    await expectVisible(box, "the 'Assinar' box");
    await box.getByTestId('assinar-pix-automatico').check();
    await box.getByTestId('valor-maximo').fill('30,00');
    await box.getByTestId('cpf-pagador').fill(PAYER_CPF);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api') && r.request().postDataJSON()?.codigo === 'assinar');
    await box.getByRole('button', { name: 'Assinar' }).click();
    const res = await answered;
    const basket = await res.json();
    assert.equal(res.status(), 200, JSON.stringify(basket));
    basketId = basket.id;
    assert.equal(basket.pagamento, 'pix_automatico');
    assert.equal(basket.total_centavos, 2000);
    assert.equal(basket.pix_automatico.situacao, 'aguardando');
    assert.ok(names(basket.proxima_entrega_texto, chosen), `${basket.proxima_entrega_texto} names ${chosen}`);

    // The recurrence's QR, to authorise at the bank: the PSP's JORNADA_2 code for its location
    // (kept in view though the bag is emptied).
    const qr = page.getByTestId('pix-automatico-qr');
    await expectVisible(qr, "the recurrence's QR");
    await expectVisible(qr.getByRole('img', { name: 'QR Code do Pix Automático' }), 'the QR image');
    const code = await qr.getByTestId('pix-automatico-codigo').inputValue();
    assert.match(code, /^000201/, code);
    assert.ok(code.includes('/rec/'), `${code}: a recurrence's location`);
    // No order yet: the cycle is ordered at its cut-off.
    assert.equal((await storeOrders(page)).length, 0);

    const card = await openBaskets(page, STORE_NAME);
    assert.equal(
      (await card.getByTestId('pix-automatico-situacao').textContent()).trim(),
      'Pix Automático: aguardando autorização no seu banco · até R$ 30,00 por entrega',
    );
  });

  // --- The payer approves the recurrence at the bank ---------------------------------------------
  const { recs } = await psp('GET', '/state');
  const rec = recs.find((r) => r.vinculo?.contrato === basketId);
  assert.ok(rec, `the basket ${basketId}'s recurrence at the PSP`);
  assert.equal(rec.status, 'CRIADA');
  assert.equal(rec.calendario.periodicidade, 'SEMANAL');
  assert.equal(rec.vinculo.devedor.cpf, PAYER_CPF.replace(/\D/g, ''));
  await psp('POST', `/rec/${rec.idRec}/approve`);

  // --- 'Minhas assinaturas': authorised ----------------------------------------------------------
  await withPage(browser, 'basket-pix-authorised', async (page) => {
    await page.goto('/');
    await signIn(page, 'comprador@feira.test');
    await eventually(async () => {
      const card = await openBaskets(page, STORE_NAME);
      return (await card.getByTestId('pix-automatico-situacao').textContent()).trim() === 'Pix Automático: ativo · até R$ 30,00 por entrega';
    }, "the recurrence authorised in 'Minhas assinaturas'", 30_000);
    const card = page.getByTestId('assinatura').filter({ hasText: STORE_NAME });
    assert.equal(await card.getByLabel('Pix Copia e Cola do Pix Automático').count(), 0, 'no QR once authorised');
  });

  // --- The store moves its cut-off: the job orders the cycle, charged by /cobr -------------------
  await withPage(browser, 'basket-pix-cut-off', async (page) => {
    await page.goto('/');
    await signIn(page, 'hortarecorrente');
    await rpcAnswer(page, deliveryDays(storeId, { corteDias: 7, corteHora: '00:00' }));
  });
  let order;
  await eventually(async () => {
    const { cobrs } = await psp('GET', '/state');
    return cobrs.some((c) => c.idRec === rec.idRec);
  }, "the cycle's recurring charge at the PSP", 90_000);
  const { cobrs } = await psp('GET', '/state');
  const cobr = cobrs.find((c) => c.idRec === rec.idRec);
  assert.equal(cobr.status, 'ATIVA');
  assert.equal(cobr.valor.original, '20.00');

  await withPage(browser, 'basket-pix-order', async (page) => {
    await page.goto('/');
    await signIn(page, 'comprador@feira.test');
    const orders = await storeOrders(page);
    assert.equal(orders.length, 1);
    [order] = orders;
    assert.equal(order.Infos.pagamento, '2');
    assert.equal(order.Infos.status_pix, '1');
    assert.equal(order.Infos.txid, cobr.txid);
    assert.equal(order.Infos.total_pago, 20);
    assert.equal(order.Infos.janela_inicio, '08:00');

    // Unpaid: the order page shows the charge's state, not a code to copy.
    await openOrder(page, order.Infos.cliente_user);
    assert.equal((await page.getByTestId('situacao').textContent()).trim(), 'Aguardando pagamento');
    assert.equal(order.Infos.vencimento_pix_automatico, cobr.calendario.dataDeVencimento);
    const due = cobr.calendario.dataDeVencimento.split('-').reverse().join('/');
    const automatic = page.getByTestId('pix-automatico-cobranca');
    await expectVisible(automatic, 'the automatic charge');
    assert.ok((await automatic.textContent()).startsWith(`Cobrança automática via Pix Automático em ${due}.`), await automatic.textContent());
    assert.equal(await page.getByTestId('pix-prazo').count(), 0, "no 'Pague até' deadline");
    assert.equal(await page.getByRole('button', { name: 'Copiar código' }).count(), 0, "no 'Copiar código'");
    assert.equal(await page.getByTestId('pix-copia-e-cola').count(), 0, 'no copy-paste code');

    // --- Paid at the bank: the order page turns to 'Pago' ---------------------------------------
    await psp('POST', `/cobr/${cobr.txid}/pay`);
    await eventually(async () => {
      const [o] = await storeOrders(page);
      return o.Infos.status_pix === '2';
    }, "the cycle's order paid", 30_000);
    await openOrder(page, order.Infos.cliente_user);
    await eventually(async () => (await page.getByTestId('pix-status').textContent()) === 'Pago', "the order page to say 'Pago'");
    assert.equal((await page.getByTestId('situacao').textContent()).trim(), 'Pago · aguardando entrega');
  });

  // --- The store: the paid order in Entregas, its money 'A liberar' ------------------------------
  await withPage(browser, 'basket-pix-store-paid', async (page) => {
    await page.goto('/');
    await signIn(page, 'hortarecorrente');
    await page.goto(`/painel/${storeId}`);
    await expectVisible(page.getByRole('navigation', { name: 'Seções do painel' }), 'the panel menu');
    await panelSection(page, 'Entregas');
    const date = page.getByTestId('entrega-data').first();
    await expectVisible(date, 'the paid order in Entregas');
    assert.equal((await date.textContent()).trim(), chosen);
    const pendentes = await rpcAnswer(page, { codigo: 'pegar_entregas_pendentes' });
    assert.deepEqual((pendentes.entregas ?? []).map((p) => p.idpedido ?? p.id), [order.idpedido]);
    await page.getByRole('button', { name: 'Detalhes' }).first().click();
    await expectVisible(page.getByRole('heading', { name: 'Detalhes da Entrega' }), "'Detalhes da Entrega'");
    await expectVisible(page.getByText('Pix — Pago'), 'the order paid');

    await panelSection(page, 'Pagamentos');
    const held = page.getByTestId('a-liberar');
    await expectVisible(held, "'A liberar'");
    await eventually(async () => centavos(await held.textContent()) === 2000, "'A liberar' R$ 20,00");
  });
});
