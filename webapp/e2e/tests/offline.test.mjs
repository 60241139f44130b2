// The buyer whose signal dropped: visit the home, a storefront and a product page online, put a
// product in the bag, then the server really stops answering (the harness kills the API: no
// browser emulation, which Chromium 148 no longer reflects in `navigator.onLine` once a service
// worker controls the page) and the buyer reloads: the storefront's products and photos show from
// the service worker's saved copy with the offline banner, though the browser still says it is
// online; the bag is intact, finishing the order and signing in say that a connection is needed;
// the product page and the home of the last region show with the banner too, a page never opened
// says a connection is needed. The server comes back: without a reload or a click, the page asks
// again, shows the store list and the banner goes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  control,
  dialogWith,
  eventually,
  expectHidden,
  expectVisible,
  launchBrowser,
  serviceWorkerInControl,
  startApi,
  stopApi,
  withPage,
} from '../lib.mjs';

const STORE = 'sitio-boa-vista';
const PRODUCT = 'Tomate italiano';
const PRODUCT_PAGE = '/detalhes/Alimentos/demo-p04/demo-joao?type=forn';
const BANNER = 'Você está sem internet. Mostrando a última versão salva.';
const NO_ORDER = 'Sem conexão. Conecte-se à internet para finalizar o pedido.';
const NO_SIGN_IN = 'Sem conexão. Conecte-se à internet para entrar.';

let browser;
let apiStopped = false;
before(async () => { browser = await launchBrowser(); });
after(async () => {
  // Whatever happened, the next journeys find the API running.
  if (apiStopped) await startApi();
  await browser?.close();
});

/** The photos on the page that have loaded, and how many there are. */
function photos(page) {
  return page.evaluate(() => {
    const imgs = [...document.querySelectorAll('img')].filter((i) => i.getAttribute('src')?.startsWith('/media/'));
    return { total: imgs.length, loaded: imgs.filter((i) => i.complete && i.naturalWidth > 0).length };
  });
}

test('the server stops answering: the storefront, product page and home the buyer opened show with the banner; the bag is kept; the order and sign-in need a connection; the page recovers by itself', async () => {
  await withPage(browser, 'offline', async (page) => {
    // --- Online: the home (the service worker installs), then the storefront ----------------------
    await page.goto('/');
    await expectVisible(page.getByRole('heading', { name: 'Alimentos' }), "the home's 'Alimentos' section");
    await serviceWorkerInControl(page);
    assert.equal(await page.getByText(BANNER).count(), 0, 'no banner online');

    await page.goto(`/${STORE}`);
    await expectVisible(page.getByTestId('loja'), 'the storefront');
    const card = page.getByRole('button', { name: new RegExp(PRODUCT) }).first();
    await card.click();
    const modal = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Adicionar ao carrinho' }) });
    await expectVisible(modal, `the product modal of '${PRODUCT}'`);
    await modal.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.keyboard.press('Escape');
    await expectHidden(modal, 'the product modal');
    await eventually(async () => (await page.getByTestId('sacola').getAttribute('aria-label')) === 'Sacola: 1 produto', 'the bag to hold 1 product');
    await eventually(async () => {
      const p = await photos(page);
      return p.total > 0 && p.loaded === p.total;
    }, "the storefront's photos to load");
    const bagBefore = await page.evaluate(() => localStorage.getItem('sacola'));
    // And a product page (its own reads: the product and its supplier).
    await page.goto(PRODUCT_PAGE);
    await expectVisible(page.getByRole('heading', { level: 1, name: /Mandioca descascada/i }), 'the product page');
    await page.goto(`/${STORE}`);
    await expectVisible(page.getByTestId('loja'), 'the storefront again');
    assert.equal(await page.getByText(BANNER).count(), 0, 'still no banner online');

    // --- The server stops; the buyer reloads the storefront ------------------------------------------
    await stopApi();
    apiStopped = true;
    await page.reload();
    await expectVisible(page.getByTestId('loja'), 'the storefront, server stopped');
    await expectVisible(page.getByRole('button', { name: new RegExp(PRODUCT) }), `the product '${PRODUCT}', server stopped`);
    await expectVisible(page.getByText(BANNER, { exact: true }), 'the offline banner on the storefront');
    assert.equal(await page.evaluate(() => navigator.onLine), true, 'the browser still says it is online: the banner does not lean on it');
    await eventually(async () => {
      const p = await photos(page);
      return p.total > 0 && p.loaded === p.total;
    }, 'every photo of the storefront to show, server stopped');
    assert.equal(await page.evaluate(() => localStorage.getItem('sacola')), bagBefore, 'the bag is intact');
    assert.equal(await page.getByTestId('sacola').getAttribute('aria-label'), 'Sacola: 1 produto');

    // The bag opens with its product; finishing the order says a connection is needed.
    await control(page, /Meu Pedido/).first().click();
    const drawer = dialogWith(page, 'Sua sacola');
    await expectVisible(drawer, 'the bag drawer');
    await expectVisible(drawer.getByTestId('item-sacola').filter({ hasText: new RegExp(PRODUCT, 'i') }), `'${PRODUCT}' in the bag`);
    await expectVisible(drawer.getByText(NO_ORDER, { exact: true }), `'${NO_ORDER}'`);
    await page.keyboard.press('Escape');
    await expectHidden(drawer, 'the bag drawer');

    // Signing in needs the provider and the API: said at once, no popup.
    let popups = 0;
    page.on('popup', () => { popups += 1; });
    await page.getByRole('button', { name: 'Entre ou cadastre-se' }).click();
    const status = dialogWith(page, NO_SIGN_IN);
    await expectVisible(status, `'${NO_SIGN_IN}'`);
    assert.equal(popups, 0, 'no sign-in popup without a connection');
    await status.getByRole('button', { name: 'OK' }).click();

    // The product page it opened: its photo, price and buying panel, with the banner.
    await page.goto(PRODUCT_PAGE);
    await expectVisible(page.getByRole('heading', { level: 1, name: /Mandioca descascada/i }), 'the product page, server stopped');
    await expectVisible(page.getByRole('button', { name: 'Adicionar ao carrinho' }), 'its buying panel, server stopped');
    await expectVisible(page.getByText(BANNER, { exact: true }), 'the offline banner on the product page');

    // The home of the last region, with the banner.
    await page.goto('/');
    await expectVisible(page.getByRole('heading', { name: 'Alimentos' }), "the home's 'Alimentos' section, server stopped");
    await expectVisible(page.getByText(BANNER, { exact: true }), 'the offline banner on the home');

    // A page never opened has nothing saved: it says that a connection is needed.
    await page.goto('/lojas');
    await expectVisible(page.getByText('Sem conexão. Conecte-se à internet e tente de novo.'), 'the store list needing a connection');

    // --- The server is back: the page asks again by itself ------------------------------------------
    await startApi();
    apiStopped = false;
    await expectVisible(page.getByRole('link', { name: /Sítio Boa Vista/ }), 'the store list, without a reload or a click');
    await expectHidden(page.getByText(BANNER, { exact: true }), 'the offline banner');
  });
});
