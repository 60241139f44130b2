// The buyer on a weak signal: visit the home, a storefront and a product page online,
// put a product in the bag, then lose the network (`context.setOffline(true)`) and reload: the
// storefront's products and photos show with the offline banner, the bag is intact, finishing the
// order and signing in say that a connection is needed; the product page and the home of the
// last region show too, a page never opened says a connection is needed; back online, the banner
// goes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { control, dialogWith, eventually, expectHidden, expectVisible, launchBrowser, serviceWorkerInControl, withPage } from '../lib.mjs';

const STORE = 'sitio-boa-vista';
const PRODUCT = 'Tomate italiano';
const PRODUCT_PAGE = '/detalhes/Alimentos/demo-p04/demo-joao?type=forn';
const BANNER = 'Você está sem internet. Mostrando a última versão salva.';
const NO_ORDER = 'Sem conexão. Conecte-se à internet para finalizar o pedido.';
const NO_SIGN_IN = 'Sem conexão. Conecte-se à internet para entrar.';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** The photos on the page that have loaded, and how many there are. */
function photos(page) {
  return page.evaluate(() => {
    const imgs = [...document.querySelectorAll('img')].filter((i) => i.getAttribute('src')?.startsWith('/media/'));
    return { total: imgs.length, loaded: imgs.filter((i) => i.complete && i.naturalWidth > 0).length };
  });
}

test('offline: the storefront, product page and home the buyer opened show with the banner; the bag is kept; the order and sign-in need a connection', async () => {
  await withPage(browser, 'offline', async (page, context) => {
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

    // --- Offline: reload the storefront ------------------------------------------------------------
    await context.setOffline(true);
    await page.reload();
    await expectVisible(page.getByTestId('loja'), 'the storefront, offline');
    await expectVisible(page.getByRole('button', { name: new RegExp(PRODUCT) }), `the product '${PRODUCT}', offline`);
    await expectVisible(page.getByText(BANNER, { exact: true }), 'the offline banner');
    await eventually(async () => {
      const p = await photos(page);
      return p.total > 0 && p.loaded === p.total;
    }, 'every photo of the storefront to show offline');
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

    // Signing in needs the provider: said at once, no popup.
    let popups = 0;
    page.on('popup', () => { popups += 1; });
    await page.getByRole('button', { name: 'Entre ou cadastre-se' }).click();
    const status = dialogWith(page, NO_SIGN_IN);
    await expectVisible(status, `'${NO_SIGN_IN}'`);
    assert.equal(popups, 0, 'no sign-in popup offline');
    await status.getByRole('button', { name: 'OK' }).click();

    // The product page it opened, offline: its photo, price and buying panel.
    await page.goto(PRODUCT_PAGE);
    await expectVisible(page.getByRole('heading', { level: 1, name: /Mandioca descascada/i }), 'the product page, offline');
    await expectVisible(page.getByRole('button', { name: 'Adicionar ao carrinho' }), 'its buying panel, offline');
    await expectVisible(page.getByText(BANNER, { exact: true }), 'the offline banner on the product page');

    // The home of the last region, offline.
    await page.goto('/');
    await expectVisible(page.getByRole('heading', { name: 'Alimentos' }), "the home's 'Alimentos' section, offline");
    await expectVisible(page.getByText(BANNER, { exact: true }), 'the offline banner on the home');

    // A page never opened has nothing saved: it says that a connection is needed.
    await page.goto('/lojas');
    await expectVisible(page.getByText('Sem conexão. Conecte-se à internet e tente de novo.'), 'the store list needing a connection');

    // --- Back online ------------------------------------------------------------------------------
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expectVisible(page.getByRole('link', { name: /Sítio Boa Vista/ }), 'the store list, online again');
    await expectHidden(page.getByText(BANNER, { exact: true }), 'the offline banner');
  });
});
