// The store's 'Dia de entrega' (decisions.md §36): Carla orders two deliveries and a pickup from
// Sítio Boa Vista (in person: paid on delivery) and one unpaid Pix; the store (no delivery days:
// the orders are on today's page, 'Sem data marcada') opens the day from Entregas. The packing
// list's totals are the orders' (the unpaid Pix is not there); the CSV downloads with its BOM,
// `;` and decimal comma; the route lists the two deliveries with Google Maps, Waze and WhatsApp
// links to Carla's coordinates; 'Entregue' confirms an order. Then the server really stops: the
// page opens again from what it kept, 'Entregue' is queued, and sent once the server is back.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  eventually,
  expectVisible,
  launchBrowser,
  newContext,
  rpcFromPage,
  serviceWorkerInControl,
  signIn,
  startApi,
  stopApi,
  withPage,
} from '../lib.mjs';

const CASSAVA = 'demo-p04';
const CARLA = { latitude: -22.7185, longitude: -47.635 };
// Sítio Boa Vista's public start point (rounded, decisions.md §31) and its R$ 2,50 per km.
const FARM = { latitude: -22.7, longitude: -47.68 };

let browser;
let apiStopped = false;
before(async () => { browser = await launchBrowser(); });
after(async () => {
  if (apiStopped) await startApi();
  await browser?.close();
});

/** Haversine km on a 6,371 km sphere: the fee the server computes (test arithmetic). */
function km(a, b) {
  const r = (d) => (d * Math.PI) / 180;
  const h = Math.sin(r(b.latitude - a.latitude) / 2) ** 2
    + Math.cos(r(a.latitude)) * Math.cos(r(b.latitude)) * Math.sin(r(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

async function rpcOk(page, codigo, fields = {}) {
  const { status, body } = await rpcFromPage(page, { ...fields, codigo });
  assert.equal(status, 200, `${codigo}: ${JSON.stringify(body)}`);
  return body;
}

test("the day's page: packing totals, CSV, route with one-tap links, 'Entregue', and offline", async () => {
  // --- Carla orders ------------------------------------------------------------------------------
  const buyerContext = await newContext(browser);
  const buyer = await buyerContext.newPage();
  const fee = Math.round(km(FARM, CARLA) * 250) / 100;
  const order = (quantidade, entrega, pagamento = '1') => ({
    sacola: [{ id: CASSAVA, quantidade, preco: 8, userforn: 'demo-joao' }], forn: 'demo-joao', site: true,
    total: 8 * quantidade + (entrega ? fee : 0), desconto: 0, taxaentregafinal: entrega ? fee : 0,
    pagamento, entrega, infoscupom: null,
  });
  let ids;
  try {
    await buyer.goto('/');
    await signIn(buyer, 'comprador@feira.test');
    const placed = [];
    for (const o of [order(4, true), order(5, true), order(2, false), order(3, false, '2')]) {
      placed.push((await rpcOk(buyer, 'finalizar_pedido', o)).all.id);
    }
    ids = { first: placed[0], second: placed[1], pickup: placed[2], unpaidPix: placed[3] };
  } finally {
    await buyerContext.close();
  }

  await withPage(browser, 'delivery-day', async (page) => {
    await page.goto('/');
    await signIn(page, 'fornecedor@feira.test');
    await serviceWorkerInControl(page);
    const { usuario } = JSON.parse(await page.evaluate(() => localStorage.getItem('sessao'))).userinfo;
    await page.goto(`/painel/${usuario}`);
    await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name: /Entregas/ }).first().click();
    await page.getByRole('link', { name: 'Dia de entrega' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Dia de entrega' }), "the day's page");

    // --- The packing list: what the API says, the unpaid Pix left out -----------------------------
    const day = await rpcOk(page, 'pegar_dia_entrega');
    const dayIds = day.pedidos.map((o) => o.pedido.id);
    for (const id of [ids.first, ids.second, ids.pickup]) assert.ok(dayIds.includes(id), `order ${id} on the day`);
    assert.ok(!dayIds.includes(ids.unpaidPix), 'the unpaid Pix is not on the day');
    const totals = new Map();
    for (const { pedido } of day.pedidos) {
      for (const l of pedido.Produtos) {
        const key = `${l.titulo.charAt(0).toLocaleUpperCase('pt-BR')}${l.titulo.slice(1)}${l.opcao ? ` (${l.opcao})` : ''}`;
        totals.set(key, (totals.get(key) ?? 0) + l.quantidade);
      }
    }
    const list = page.getByRole('list', { name: 'Totais por produto' });
    await expectVisible(list, 'the totals per product');
    const shown = await list.getByRole('listitem').allTextContents();
    assert.deepEqual(shown.sort(), [...totals].map(([k, q]) => `${k} — ${q}`).sort());
    const cassava = [...totals].find(([k]) => /mandioca/i.test(k));
    assert.ok(cassava && cassava[1] >= 11, `the cassava total counts Carla's 4 + 5 + 2: ${cassava}`);

    // --- The CSV ----------------------------------------------------------------------------------
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar CSV' }).click(),
    ]);
    const bytes = await readFile(await download.path());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'a UTF-8 BOM');
    const rows = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n').map((r) => r.split(';'));
    assert.equal(rows[0][0], 'Pedido');
    const lines = day.pedidos.reduce((n, o) => n + o.pedido.Produtos.length, 0);
    assert.equal(rows.length, 1 + lines, 'one row per order line');
    const first = rows.find((r) => r[0] === ids.first);
    assert.ok(first, 'the first order in the CSV');
    assert.equal(first[10], '4');
    assert.equal(first[11], '8,00', 'a decimal comma');

    // --- The route: Carla's two deliveries, with their links --------------------------------------
    await expectVisible(page.getByTestId('distancia'), 'the total distance');
    assert.match(await page.getByTestId('distancia').textContent(), /Distância total: \d+,\d km/);
    const stops = page.locator('.day__route [aria-label^="Parada de Carla Souza"]');
    await eventually(async () => (await stops.count()) >= 2, "Carla's two stops");
    const stop = stops.first();
    assert.equal(
      await stop.getByRole('link', { name: 'Google Maps' }).getAttribute('href'),
      `https://www.google.com/maps/dir/?api=1&destination=${CARLA.latitude},${CARLA.longitude}`,
    );
    assert.equal(
      await stop.getByRole('link', { name: 'Waze' }).getAttribute('href'),
      `https://waze.com/ul?ll=${CARLA.latitude},${CARLA.longitude}&navigate=yes`,
    );
    const whats = await stop.getByRole('link', { name: 'WhatsApp' }).getAttribute('href');
    assert.ok(whats.startsWith('https://wa.me/5519992301478?text='), whats);
    assert.equal(new URL(whats).searchParams.get('text'), 'Olá, Carla! Seu pedido da Sítio Boa Vista está a caminho.');
    await expectVisible(stop.getByText(/^Cobrar R\$ [\d.,]+ — pagamento na entrega$/), 'what to charge');

    // --- 'Entregue' confirms the order ------------------------------------------------------------
    await stop.getByRole('button', { name: 'Entregue' }).click();
    await expectVisible(stop.getByText('Entregue ✓'), 'the stop marked delivered');
    const pending = async () => (await rpcOk(page, 'pegar_entregas_pendentes', { limite: 200 })).entregas.map((p) => p.id);
    const still = (await pending()).filter((id) => [ids.first, ids.second].includes(id));
    assert.equal(still.length, 1, 'one of the two deliveries confirmed');

    // --- The server stops: the page opens from what it kept; 'Entregue' waits for it -------------
    await stopApi();
    apiStopped = true;
    await page.reload();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Dia de entrega' }), "the day's page, server stopped");
    await expectVisible(page.getByText('Sem conexão: mostrando os dados salvos deste dia.'), 'the offline note');
    await expectVisible(page.getByRole('list', { name: 'Totais por produto' }), 'the totals, server stopped');
    const left = page.locator('.day__route [aria-label^="Parada de Carla Souza"]').filter({ has: page.getByRole('button', { name: 'Entregue' }) });
    await expectVisible(left.first(), 'the stop still to deliver');
    await left.first().getByRole('button', { name: 'Entregue' }).click();
    await expectVisible(page.getByText('1 confirmação será enviada quando a conexão voltar.'), 'the queued confirmation');

    await startApi();
    apiStopped = false;
    await eventually(async () => (await page.getByText('1 confirmação será enviada quando a conexão voltar.').count()) === 0, 'the queue sent', 60_000);
    const left2 = await pending();
    for (const id of [ids.first, ids.second]) assert.ok(!left2.includes(id), `order ${id} delivered`);
  });
});
