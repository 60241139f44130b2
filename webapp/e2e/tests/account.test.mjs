// b) Sign-in through the OpenID popup, the personal-data dialog, and sign-out; each state
//    survives a reload.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  SIGN_IN_LABEL, containing, control, eventually, expectHidden, expectVisible, launchBrowser,
  signIn, withPage,
} from '../lib.mjs';

const EMAIL = 'comprador@feira.test';
const NEW_NAME = 'Carla Souza Lima';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** The open dialog holding the button `buttonName`. */
function dialogWithButton(page, buttonName) {
  return page
    .getByRole('dialog')
    .or(page.getByRole('alertdialog'))
    .filter({ has: page.getByRole('button', { name: buttonName, exact: true }) });
}

/** The textboxes of `scope` with their current values. */
async function textboxes(scope) {
  const boxes = scope.getByRole('textbox');
  const out = [];
  for (let i = 0; i < (await boxes.count()); i += 1) {
    const box = boxes.nth(i);
    out.push({ box, value: await box.inputValue() });
  }
  return out;
}

test('sign in, edit the name, sign out; each state survives a reload', async () => {
  await withPage(browser, 'account', async (page) => {
    await page.goto('/');
    await expectVisible(control(page, SIGN_IN_LABEL), `'${SIGN_IN_LABEL}' in the header`);

    // Demo data and provider both call this account 'Carla Souza'.
    const name = await signIn(page, 'comprador');
    assert.equal(await control(page, SIGN_IN_LABEL).count(), 0, `'${SIGN_IN_LABEL}' still shown after signing in`);

    // Account dialog → Dados pessoais.
    await control(page, containing(name)).first().click();
    await control(page, 'Dados pessoais').first().click();
    const personal = dialogWithButton(page, 'Salvar');
    await expectVisible(personal, "the personal-data dialog with 'Salvar'");

    const boxes = await eventually(async () => {
      const all = await textboxes(personal);
      return all.some((b) => b.value === name) ? all : null;
    }, `a name field holding '${name}'`);

    // The e-mail is shown and read-only.
    const emailBox = boxes.find((b) => b.value === EMAIL);
    if (emailBox) {
      assert.equal(await emailBox.box.isEditable(), false, 'the e-mail field is editable');
    } else {
      await expectVisible(personal.getByText(EMAIL), `the e-mail ${EMAIL} in the personal-data dialog`);
    }

    const nameBox = boxes.find((b) => b.value === name).box;
    assert.equal(await nameBox.isEditable(), true, 'the name field is not editable');
    await nameBox.fill(NEW_NAME);
    await control(personal, 'Salvar').first().click();
    await expectVisible(page.getByText('Salvo com sucesso!'), "'Salvo com sucesso!'");

    // Reload: still signed in, with the new name (it comes back from the server).
    await page.reload();
    await expectVisible(control(page, containing(NEW_NAME)), `the header showing the new name '${NEW_NAME}' after a reload`);
    assert.equal(await control(page, SIGN_IN_LABEL).count(), 0, `'${SIGN_IN_LABEL}' shown after a reload while signed in`);

    // Sair → 'Sair da sua conta?' → Sim.
    await control(page, containing(NEW_NAME)).first().click();
    await control(page, 'Sair').first().click();
    const confirm = page
      .getByRole('dialog')
      .or(page.getByRole('alertdialog'))
      .filter({ hasText: 'Sair da sua conta?' });
    await expectVisible(confirm, "the confirmation 'Sair da sua conta?'");
    await control(confirm, 'Sim').first().click();
    await expectVisible(control(page, SIGN_IN_LABEL), `'${SIGN_IN_LABEL}' after signing out`);
    await expectHidden(control(page, containing(NEW_NAME)), `the user's name in the header after signing out`);

    // Reload: still signed out.
    await page.reload();
    await expectVisible(control(page, SIGN_IN_LABEL), `'${SIGN_IN_LABEL}' after a reload while signed out`);
    assert.equal(await control(page, containing(NEW_NAME)).count(), 0, 'the user is signed in again after a reload');
  });
});
