// a) The header's region selector: pick a city in 'Selecione uma cidade', and it is remembered
//    across reloads (localStorage 'regiao' = {"regiao": "City, UF"}).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  control, dialogWith, eventually, expectHidden, expectVisible, launchBrowser, withPage,
} from '../lib.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

test('the region selector changes the region and it survives a reload', async () => {
  await withPage(browser, 'region', async (page) => {
    await page.goto('/');

    const piracicaba = control(page, /Piracicaba, SP/);
    await expectVisible(piracicaba, "the region selector showing the default 'Piracicaba, SP'");
    await piracicaba.first().click();

    const dialog = dialogWith(page, 'Selecione uma cidade');
    await expectVisible(dialog, "the dialog 'Selecione uma cidade' (role dialog)");
    const search = dialog
      .getByRole('searchbox')
      .or(dialog.getByRole('combobox'))
      .or(dialog.getByRole('textbox'))
      .first();
    await search.fill('sao paulo');

    const option = dialog
      .getByRole('option', { name: 'São Paulo, SP', exact: true })
      .or(dialog.getByRole('button', { name: 'São Paulo, SP', exact: true }))
      .or(dialog.getByText('São Paulo, SP', { exact: true }))
      .first();
    await expectVisible(option, "'São Paulo, SP' among the cities found for 'sao paulo' (accent-insensitive search)");
    await option.click();
    await control(dialog, 'Continuar').first().click();
    await expectHidden(dialog, "the dialog 'Selecione uma cidade'");

    await expectVisible(control(page, /São Paulo, SP/), "the region selector showing 'São Paulo, SP'");
    assert.equal(
      await control(page, /Piracicaba, SP/).count(),
      0,
      "the region selector still shows 'Piracicaba, SP'",
    );

    const stored = await eventually(
      () => page.evaluate(() => localStorage.getItem('regiao')),
      "localStorage 'regiao' to be written",
    );
    assert.deepEqual(JSON.parse(stored), { regiao: 'São Paulo, SP' }, "localStorage 'regiao'");

    await page.reload();
    await expectVisible(control(page, /São Paulo, SP/), "'São Paulo, SP' in the region selector after a reload");
    assert.equal(await control(page, /Piracicaba, SP/).count(), 0, "'Piracicaba, SP' came back after a reload");
  });
});
