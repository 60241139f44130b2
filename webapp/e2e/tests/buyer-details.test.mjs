// The buyer's details, on the demo data (Sítio Boa Vista, demo-joao; its mandioca demo-p04 at R$ 8):
//   a) every refusal of a coupon's rules reaches the buyer with its own message (not 'Algum erro
//      ocorreu!'): expired, not valid yet, used up, already used by this buyer, below its minimum;
//   b) the order detail, with the browser in Tokyo: the order's time and the Pix's deadline in
//      Brazilian time (decisions.md §40); the Pix paid through the sandbox turns the open detail
//      to 'Pago' without a reload, and the list agrees; cancelled, the buyer is told;
//   c) a 390 px phone: the storefront's search box at least 200 px wide, the header's region chip
//      reading the whole city, one <main>; the local sign-in page in Portuguese.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  SIGN_IN_LABEL, control, dialogWith, eventually, expectVisible, launchBrowser, newContext, payPix, rpcFromPage, signIn, withPage,
} from '../lib.mjs';

const STORE = 'sitio-boa-vista';
const SUPPLIER = 'demo-joao';
const MANDIOCA = 'demo-p04';
const SP = 'America/Sao_Paulo';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

async function rpcOk(page, codigo, fields = {}) {
  const { status, body } = await rpcFromPage(page, { ...fields, codigo });
  assert.equal(status, 200, `${codigo}: ${JSON.stringify(body)}`);
  return body;
}

/** The day `dias` days from now in São Paulo, as `aaaa-mm-dd` and `dd/mm/aaaa`. */
function diaSp(dias) {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: SP, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(Date.now() + dias * 86_400_000));
  const [a, m, d] = iso.split('-');
  return { iso, br: `${d}/${m}/${a}` };
}

/** An instant as the webapp shows it in zone `timeZone`: '27/11/2026, 23:30'. */
const dataHora = (ms, timeZone = SP) => new Intl.DateTimeFormat('pt-BR', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(new Date(ms));

/** Opens the signed-in buyer's order history from the account menu. */
async function openHistory(page) {
  await control(page, /Carla Souza/).first().click();
  const menu = page.getByRole('dialog', { name: 'Minha conta', exact: true });
  await menu.getByRole('button', { name: 'Histórico de pedidos', exact: true }).click();
  await expectVisible(page.getByRole('heading', { name: 'Pedidos', exact: true }), "the heading 'Pedidos'");
}

test("coupon refusals: each rule's message reaches the buyer", async () => {
  await withPage(browser, 'coupon-refusals', async (page) => {
    // --- The store's coupons (R$ 1 off), one per rule ------------------------------------------
    const supplierContext = await newContext(browser);
    const panel = await supplierContext.newPage();
    await panel.goto('/');
    await signIn(panel, 'fornecedor@feira.test');
    const sfx = Date.now().toString(36).slice(-4).toUpperCase();
    const ontem = diaSp(-1);
    const amanha = diaSp(1);
    const cupons = {
      vencido: `VEN${sfx}`, futuro: `FUT${sfx}`, minimo: `MIN${sfx}`, umaVez: `UMA${sfx}`, limite: `LIM${sfx}`,
    };
    const form = (codigo, rules) => ({
      form: { codigo, tipo: 'R$', valor: '1', validade_inicio: '', validade_fim: '', limite_usos: '', um_por_cliente: false, pedido_minimo: '', ...rules },
    });
    await rpcOk(panel, 'adicionar_cupom', form(cupons.vencido, { validade_fim: ontem.iso }));
    await rpcOk(panel, 'adicionar_cupom', form(cupons.futuro, { validade_inicio: amanha.iso }));
    await rpcOk(panel, 'adicionar_cupom', form(cupons.minimo, { pedido_minimo: '500' }));
    await rpcOk(panel, 'adicionar_cupom', form(cupons.umaVez, { um_por_cliente: true }));
    await rpcOk(panel, 'adicionar_cupom', form(cupons.limite, { limite_usos: '1' }));
    await supplierContext.close();

    // --- The buyer uses the one-per-buyer coupon and the one-use coupon once each ---------------
    await page.goto('/');
    await signIn(page, 'comprador@feira.test');
    const pedidos = [];
    for (const codigo of [cupons.umaVez, cupons.limite]) {
      const placed = await rpcOk(page, 'finalizar_pedido', {
        sacola: [{ id: MANDIOCA, quantidade: 1 }], forn: SUPPLIER, total: 7, pagamento: '1', entrega: false, infoscupom: { codigo },
      });
      pedidos.push(placed.all.id);
    }

    try {
      // --- The checkout: each refusal's own message ---------------------------------------------
      await page.goto(`/${STORE}`);
      await page.getByRole('button', { name: /mandioca descascada/i }).first().click();
      const modal = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Adicionar ao carrinho' }) });
      await modal.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
      await page.getByRole('button', { name: /Meu Pedido/ }).click();
      await page.getByRole('dialog', { name: 'Sua sacola', exact: true }).getByRole('button', { name: 'Continuar Compra' }).click();
      await page.getByRole('dialog', { name: 'Entrega ou Retirada', exact: true }).getByRole('button', { name: /^Retirada/ }).click();
      const summary = page.getByRole('dialog', { name: 'Resumo do pedido', exact: true });
      await expectVisible(summary.getByTestId('total'), 'the summary');

      const alerts = [];
      page.on('dialog', (d) => {
        alerts.push(d.message());
        void d.dismiss();
      });
      /** Types `codigo`, presses 'Aplicar', and returns the alert it shows. */
      async function aplicar(codigo) {
        const before = alerts.length;
        await summary.getByLabel('Cupom de desconto').fill(codigo);
        await summary.getByRole('button', { name: 'Aplicar' }).click();
        await eventually(() => alerts.length > before, `the alert after ${codigo}`);
        return alerts[before];
      }
      assert.equal(await aplicar(cupons.vencido), 'Cupom expirado.');
      assert.equal(await aplicar(cupons.futuro), `Cupom válido a partir de ${amanha.br}.`);
      assert.equal(await aplicar(cupons.umaVez), 'Este cupom já foi usado.');
      assert.equal(await aplicar(cupons.limite), 'Este cupom atingiu o limite de usos.');
      assert.ok(!alerts.includes('Algum erro ocorreu!'), `no generic message: ${alerts.join(' | ')}`);

      // The minimum is the checkout's (it knows the bag): the coupon is applied, and the summary says why it cannot go on.
      await summary.getByLabel('Cupom de desconto').fill(cupons.minimo);
      await summary.getByRole('button', { name: 'Aplicar' }).click();
      await expectVisible(summary.getByRole('alert').filter({ hasText: 'Cupom válido para pedidos a partir de R$ 500,00.' }), "the coupon's minimum");
      assert.equal(await summary.getByRole('button', { name: 'Continuar' }).isDisabled(), true, "'Continuar' waits");
      // And the server says the same to an order sent anyway.
      const { status, body } = await rpcFromPage(page, {
        codigo: 'finalizar_pedido', sacola: [{ id: MANDIOCA, quantidade: 1 }], forn: SUPPLIER, total: 7, pagamento: '1', entrega: false, infoscupom: { codigo: cupons.minimo },
      });
      assert.equal(status, 400);
      assert.deepEqual(body, { error: 'Cupom válido para pedidos a partir de R$ 500,00.', codigo_erro: 'cupom_pedido_minimo' });
    } finally {
      for (const item of pedidos) await rpcFromPage(page, { codigo: 'cancelar_pedido', item });
    }
  });
});

test("order detail in Brazilian time, live to 'Pago' after the Pix is paid; cancelled, the buyer is told", async () => {
  await withPage(browser, 'order-live', async (page) => {
    await page.goto('/');
    await signIn(page, 'comprador@feira.test');
    assert.equal(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone), 'Asia/Tokyo', 'the browser is in Tokyo');
    const placed = await rpcOk(page, 'finalizar_pedido', {
      sacola: [{ id: MANDIOCA, quantidade: 1 }], forn: SUPPLIER, total: 8, pagamento: '2', entrega: false, infoscupom: null,
    });
    const { id, Infos: infos } = placed.all;
    assert.ok(infos.txid && infos.pix_expira_em, 'a Pix charge with its deadline');

    await openHistory(page);
    const card = page.getByTestId('pedido').first();
    await expectVisible(card, 'the order card');
    assert.equal(await card.getByTestId('pedido-status').textContent(), 'Aguardando pagamento');
    // The time in São Paulo, whatever the browser's zone.
    const hora = await card.locator('.order-card__time').textContent();
    assert.equal(hora, dataHora(infos.horario_pedido), 'the order time in Brazilian time');
    if (dataHora(infos.horario_pedido, 'Asia/Tokyo') === hora) assert.fail('Tokyo and São Paulo read the same');

    const navigations = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));
    await card.getByRole('button', { name: 'Detalhes' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Detalhes do Pedido' }), "'Detalhes do Pedido'");
    assert.equal(await page.getByTestId('situacao').textContent(), 'Aguardando pagamento', "the card's phrase");
    await eventually(async () => (await page.getByTestId('pix-status').textContent()) === 'Pendente', "'Pendente'");
    const prazo = await page.getByTestId('pix-prazo').textContent();
    assert.ok(prazo.startsWith(`Pague até ${dataHora(infos.pix_expira_em)}`), `the deadline in Brazilian time: ${prazo}`);
    assert.match(prazo, /expira em (\d+:)?\d{2}:\d{2}$/);

    await payPix(infos.txid);
    await eventually(async () => (await page.getByTestId('pix-status').textContent()) === 'Pago', "'Pago' without a reload", 20_000);
    assert.equal(await page.getByTestId('situacao').textContent(), 'Pago · aguardando entrega');
    assert.equal(await page.getByTestId('pix-prazo').count(), 0, 'no deadline once paid');
    assert.deepEqual(navigations, [], 'no reload');

    // The list agrees.
    await page.getByRole('button', { name: 'Voltar' }).click();
    await eventually(async () => (await page.getByTestId('pedido').first().getByTestId('pedido-status').textContent()) === 'Pago · aguardando entrega', 'the card paid too');

    // Cancelled from the detail: the buyer is told, and that the Pix comes back.
    await page.getByTestId('pedido').first().getByRole('button', { name: 'Detalhes' }).click();
    await page.getByRole('button', { name: 'Cancelar pedido' }).click();
    await dialogWith(page, 'Cancelar Pedido?').getByRole('button', { name: 'Sim', exact: true }).click();
    await expectVisible(page.getByTestId('pedidos-aviso'), 'the cancellation message');
    assert.equal(await page.getByTestId('pedidos-aviso').textContent(), 'Pedido cancelado. O valor pago por Pix será devolvido a você.');
    const { body } = await rpcFromPage(page, { codigo: 'pegar_pedidos' });
    assert.equal(body.pedidos.find((p) => p.id === id)?.Infos.situacao.charAt(0), '0', 'the server cancelled it');
  }, { timezoneId: 'Asia/Tokyo' });
});

test('phone: the storefront search box and the region chip are readable; one <main>; sign-in in Portuguese', async () => {
  await withPage(browser, 'phone-look', async (page) => {
    await page.goto('/');
    const chip = page.getByTestId('regiao-atual');
    await expectVisible(chip, 'the region chip');
    const regiao = await chip.evaluate((el) => {
      const t = el.querySelector('.region-btn__text');
      return { text: t.textContent, cut: t.scrollWidth > t.clientWidth };
    });
    assert.equal(regiao.text, 'Piracicaba, SP');
    assert.equal(regiao.cut, false, 'the city is not cut');
    assert.equal(await page.locator('main').count(), 1, 'one <main> on the home page');

    // The local sign-in page speaks Portuguese.
    const popupPromise = page.waitForEvent('popup');
    await control(page, SIGN_IN_LABEL).first().click();
    const popup = await popupPromise;
    await popup.waitForLoadState('domcontentloaded');
    await expectVisible(popup.getByRole('button', { name: 'Entrar', exact: true }), "the provider's 'Entrar'");
    assert.equal(await popup.title(), 'Entrar');
    assert.equal(await popup.locator('html').getAttribute('lang'), 'pt-BR');
    assert.doesNotMatch(await popup.locator('body').innerText(), /Sign-in|Enter any login|Cancel\b/);
    await popup.close();

    await page.goto(`/${STORE}`);
    const search = page.getByPlaceholder('Pesquisar produtos...');
    await expectVisible(search, 'the storefront search box');
    const { width } = await search.boundingBox();
    assert.ok(width >= 200, `the search box is ${width} px wide`);
    assert.equal(await page.locator('main').count(), 1, 'one <main> on the storefront');
  }, PHONE);
});
