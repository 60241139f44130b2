// c) Not-found page, terms page, footer contact e-mail.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { expectVisible, launchBrowser, withPage } from '../lib.mjs';

const NOT_FOUND = 'Página não encontrada';
// The webapp's CONTACT_EMAIL (src/config/contact.ts).
const CONTACT_EMAIL = process.env.E2E_CONTACT_EMAIL || 'contato@feira.agr.br';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

test('an unknown path shows the not-found page', async () => {
  await withPage(browser, 'not-found', async (page) => {
    const res = await page.goto('/a/b/c');
    assert.ok(res && res.status() < 500, `GET /a/b/c answered ${res?.status()}`);
    await expectVisible(page.getByText(NOT_FOUND), `'${NOT_FOUND}' at /a/b/c`);
  });
});

test('/termos shows the terms', async () => {
  await withPage(browser, 'termos', async (page) => {
    const res = await page.goto('/termos');
    assert.equal(res?.status(), 200, 'GET /termos status');
    await expectVisible(page.getByRole('heading', { name: /termos/i }), 'a heading naming the terms at /termos');
    assert.equal(await page.getByText(NOT_FOUND).count(), 0, `/termos shows '${NOT_FOUND}'`);
  });
});

test('the footer shows the contact e-mail', async () => {
  await withPage(browser, 'footer', async (page) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo').or(page.locator('footer')).first();
    await expectVisible(footer, 'the footer');
    await expectVisible(footer.getByText(CONTACT_EMAIL), `the contact e-mail ${CONTACT_EMAIL} in the footer`);
    const mail = footer.getByRole('link', { name: CONTACT_EMAIL });
    if (await mail.count()) {
      assert.equal(await mail.first().getAttribute('href'), `mailto:${CONTACT_EMAIL}`, 'the e-mail link');
    }
  });
});
