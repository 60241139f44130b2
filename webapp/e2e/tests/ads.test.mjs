// Direct ads, on the demo data: sign in; from the profile's Anúncios
// section create an ad scoped to two cities with a photo (the 9-step wizard); find it on
// /anuncios in one of those cities and not in a third; check its detail page; edit its price and
// scope; add and remove photos; remove the ad and see its photo URLs answer 404.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { control, containing, eventually, expectHidden, expectVisible, launchBrowser, signIn, withPage, requestsSettled } from '../lib.mjs';

const LOGIN = 'comprador@feira.test';
const TITLE = `Doce de leite e2e ${Date.now().toString(36)}`;
const SHOWN = TITLE.charAt(0) + TITLE.slice(1).toLowerCase();

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** A JPEG of `w`×`h` drawn by the page's canvas, as a file for an <input type=file>. */
async function jpegFile(page, name, w, h, colour) {
  const bytes = await page.evaluate(async ([w, h, colour]) => {
    const c = document.createElement('canvas');
    c.width = w;
    c.height = h;
    const ctx = c.getContext('2d');
    ctx.fillStyle = colour;
    ctx.fillRect(0, 0, w, h);
    ctx.fillStyle = '#fff';
    ctx.fillRect(w / 4, h / 4, w / 2, h / 2);
    const blob = await new Promise((r) => c.toBlob(r, 'image/jpeg', 0.9));
    return [...new Uint8Array(await blob.arrayBuffer())];
  }, [w, h, colour]);
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(bytes) };
}

/** Clicks 'Continuar' (or 'Começar') in `dialog`. */
async function next(dialog) {
  await dialog.getByRole('button', { name: /^(Começar|Continuar)$/ }).click();
}

/** Types part of a city in the wizard's city field and picks `city`. */
async function pickCity(dialog, city) {
  const field = dialog.getByRole('combobox');
  await field.fill(city.slice(0, 6));
  await dialog.getByRole('option', { name: city, exact: true }).click();
}

/** Whether the /anuncios page of `regiao` (category Variedades) lists the ad, once loaded. */
async function listedIn(page, regiao) {
  await page.goto(`/anuncios?categoria=Variedades&regiao=${encodeURIComponent(regiao)}`);
  await expectVisible(page.getByText(regiao, { exact: true }), `the ads page of ${regiao}`);
  await requestsSettled(page);
  await expectHidden(page.locator('.cat-loading'), 'the loading state');
  return (await page.getByText(SHOWN, { exact: true }).count()) > 0;
}

/** Opens the profile's Anúncios section through the account menu and the ads entry dialog. */
async function openMyAds(page) {
  await page.goto('/');
  await control(page, containing('Carla Souza')).first().click();
  await page.getByRole('dialog', { name: 'Minha conta' }).getByRole('button', { name: 'Anúncios' }).click();
  // The ads entry dialog: 'Anúncio Direto' → 'Seus anúncios'.
  const entry = page.getByRole('dialog', { name: 'Anúncios' });
  await entry.getByRole('button', { name: /Anúncio Direto/ }).click();
  await entry.getByRole('button', { name: 'Seus anúncios' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Seus anúncios' }), "the 'Seus anúncios' section");
}

/** Opens the options sheet of the ad. */
async function options(page) {
  await page.locator('.my-ad', { hasText: SHOWN }).click();
  const sheet = page.getByRole('dialog', { name: SHOWN });
  await expectVisible(sheet, 'the options sheet');
  return sheet;
}

/** Dismisses the status dialog's success. */
async function okSuccess(page) {
  const done = page.getByRole('alert').filter({ hasText: 'Suas alterações foram salvas com sucesso' });
  await expectVisible(done, 'the success status');
  await page.getByRole('dialog').filter({ has: done }).getByRole('button', { name: 'OK' }).click();
}

async function status(page, url) {
  return (await page.request.get(url)).status();
}

test('an ad is created, found in its regions, edited, photographed and removed', async () => {
  await withPage(browser, 'ads', async (page, context) => {
    await page.goto('/');
    await signIn(page, LOGIN);
    await openMyAds(page);

    // The 9-step wizard.
    await page.getByRole('button', { name: 'Adicionar Anúncio' }).click();
    const wizard = page.getByRole('dialog', { name: 'Novo anúncio' });
    await expectVisible(wizard, 'the new-ad wizard');
    const progress = () => wizard.getByRole('progressbar').evaluate((p) => p.value);
    await eventually(async () => !(await wizard.getByRole('button', { name: 'Começar' }).isDisabled()), 'wasm-core');
    await next(wizard);
    await wizard.getByRole('radio', { name: 'Variedades' }).click();
    await next(wizard);
    await next(wizard);
    await expectVisible(wizard.getByRole('alert').filter({ hasText: 'Preencha todos os campos!' }), 'the empty-fields message');
    await wizard.getByLabel('Título').fill(TITLE);
    await wizard.getByLabel('Preço (R$)').fill('25,50');
    await next(wizard);
    await wizard.getByLabel('Descrição').fill('Feito no tacho, com leite da fazenda.');
    await next(wizard);
    await wizard.getByTestId('icone-anuncio').setInputFiles(await jpegFile(page, 'icone.jpg', 900, 600, '#c0392b'));
    await expectVisible(wizard.getByRole('img', { name: 'Imagem do anúncio' }), 'the icon preview');
    await next(wizard);
    await pickCity(wizard, 'Piracicaba, SP');
    await next(wizard);
    assert.equal(await progress(), 7);
    await wizard.getByRole('radio', { name: 'Apenas algumas cidades' }).click();
    await next(wizard);
    await pickCity(wizard, 'Campinas, SP');
    await pickCity(wizard, 'Sorocaba, SP');
    await next(wizard);
    assert.equal(await progress(), 9);
    await wizard.getByRole('button', { name: 'Publicar anúncio' }).click();
    const added = page.getByRole('dialog', { name: 'Anúncio adicionado!' });
    await expectVisible(added, "'Anúncio adicionado!'");
    await added.getByRole('button', { name: 'OK' }).click();
    await expectVisible(page.locator('.my-ad', { hasText: SHOWN }), 'the new ad in the list');
    const icon = await page.locator('.my-ad', { hasText: SHOWN }).locator('img').getAttribute('src');
    assert.match(icon, /^\/media\/anuncios\//);
    assert.equal(await status(page, icon), 200);

    // Its detail page, in a new tab.
    const sheet = await options(page);
    const tabPromise = context.waitForEvent('page');
    await sheet.getByRole('link', { name: 'Visualizar anúncio' }).click();
    const tab = await tabPromise;
    await expectVisible(tab.getByRole('heading', { name: SHOWN }), 'the ad detail');
    assert.equal((await tab.getByTestId('preco-anuncio').textContent()).trim(), 'R$ 25,50');
    await expectVisible(tab.getByText('Feito no tacho, com leite da fazenda.'), 'the description');
    await expectVisible(tab.getByTestId('publicado'), 'the published date');
    // The seller is the signed-in user (account.test.mjs may have renamed her 'Carla Souza Lima').
    const seller = tab.locator('dt:text-is("Anunciante") + dd');
    await expectVisible(seller, 'the seller');
    assert.match((await seller.textContent()).trim(), /^Carla Souza( Lima)?$/);
    await expectVisible(tab.getByText('Piracicaba, SP', { exact: true }), 'the origin');
    assert.match(await tab.getByRole('link', { name: /Falar com o anunciante/ }).getAttribute('href'), /^https:\/\/wa\.me\/5519992301478$/);
    await tab.close();

    // The regions of its scope, and not a third.
    assert.ok(await listedIn(page, 'Campinas, SP'), 'listed in Campinas');
    assert.ok(await listedIn(page, 'Sorocaba, SP'), 'listed in Sorocaba');
    assert.ok(!(await listedIn(page, 'Ribeirão Preto, SP')), 'not listed in Ribeirão Preto');

    // Edit: price and scope (the state MG).
    await openMyAds(page);
    await (await options(page)).getByRole('button', { name: 'Editar anúncio' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar anúncio' });
    await expectVisible(edit, 'the edit wizard');
    await eventually(async () => !(await edit.getByRole('button', { name: 'Continuar' }).isDisabled()), 'wasm-core');
    await next(edit);
    await edit.getByLabel('Preço (R$)').fill('30');
    await next(edit);
    await next(edit);
    await expectVisible(edit.getByRole('img', { name: 'Imagem do anúncio' }), 'the current icon');
    await next(edit);
    await next(edit);
    await edit.getByRole('radio', { name: 'Apenas alguns estados' }).click();
    await next(edit);
    await edit.getByLabel('Adicionar estado').fill('MG');
    await edit.getByRole('option', { name: 'MG', exact: true }).click();
    await next(edit);
    await edit.getByRole('button', { name: 'Salvar mudanças' }).click();
    const changed = page.getByRole('dialog', { name: 'Mudanças realizadas!' });
    await expectVisible(changed, "'Mudanças realizadas!'");
    await changed.getByRole('button', { name: 'OK' }).click();
    await expectVisible(page.locator('.my-ad', { hasText: SHOWN }).getByText('R$ 30,00'), 'the new price in the list');
    assert.ok(await listedIn(page, 'Uberaba, MG'), 'listed in Uberaba, MG after the edit');
    assert.ok(!(await listedIn(page, 'Campinas, SP')), 'no longer listed in Campinas');

    // Photos: two added, then one removed (its file is gone).
    await openMyAds(page);
    await (await options(page)).getByRole('button', { name: 'Adicionar fotos' }).click();
    let photos = page.getByRole('dialog', { name: 'Fotos do anúncio' });
    await expectVisible(photos, 'the photos modal');
    assert.ok(await photos.getByRole('button', { name: 'Salvar' }).isDisabled(), 'Salvar disabled while unchanged');
    await photos.getByTestId('foto-anuncio').setInputFiles(await jpegFile(page, 'a.jpg', 640, 480, '#27ae60'));
    await eventually(async () => (await photos.getByRole('img', { name: 'Foto do anúncio' }).count()) === 1, 'the first photo');
    await photos.getByTestId('foto-anuncio').setInputFiles(await jpegFile(page, 'b.jpg', 480, 640, '#8e44ad'));
    await eventually(async () => (await photos.getByRole('img', { name: 'Foto do anúncio' }).count()) === 2, 'the second photo');
    await photos.getByRole('button', { name: 'Salvar' }).click();
    await okSuccess(page);
    await (await options(page)).getByRole('button', { name: 'Adicionar fotos' }).click();
    photos = page.getByRole('dialog', { name: 'Fotos do anúncio' });
    const thumbs = photos.getByRole('img', { name: 'Foto do anúncio' });
    await eventually(async () => (await thumbs.count()) === 2, 'the two stored photos');
    const urls = await thumbs.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    for (const url of urls) assert.equal(await status(page, url), 200, url);
    await photos.getByRole('button', { name: 'Remover foto' }).first().click();
    await photos.getByRole('button', { name: 'Salvar' }).click();
    await okSuccess(page);
    assert.equal(await status(page, urls[0]), 404, 'the removed photo is gone');
    assert.equal(await status(page, urls[1]), 200, 'the kept photo stays');

    // Removal: the ad, its icon and its photo.
    await (await options(page)).getByRole('button', { name: 'Remover anúncio' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remover anúncio?' });
    await expectVisible(confirm, "'Remover anúncio?'");
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await okSuccess(page);
    await expectHidden(page.locator('.my-ad', { hasText: SHOWN }), 'the removed ad');
    assert.equal(await status(page, icon), 404, 'the icon is gone');
    assert.equal(await status(page, urls[1]), 404, 'the photo is gone');
    assert.ok(!(await listedIn(page, 'Uberaba, MG')), 'no longer listed anywhere');
  });
});
