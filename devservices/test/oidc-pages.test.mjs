// The local OpenID provider's pages in Portuguese: every English text we replace is still the
// library's (so an upgrade that changes one fails here, not silently in the browser), and the
// sign-in form comes out with no English left and no other host reached.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PORTUGUES, paginaLocal } from '../oidc-pages.mjs';

const require = createRequire(import.meta.url);
const lib = path.dirname(require.resolve('oidc-provider/package.json'));
const source = (f) => readFileSync(path.join(lib, f), 'utf8');
const LIBRARY = ['lib/views/layout.js', 'lib/views/login.js', 'lib/helpers/defaults.js', 'lib/actions/interaction.js'].map(source).join('\n');

test('every English text replaced is still in the library', () => {
  for (const [en] of PORTUGUES) {
    // The templates keep their markup in JS strings: `<html >` and the rest as written.
    const inLibrary = LIBRARY.includes(en) || (en === '<h1>Sign-in</h1>' && LIBRARY.includes("title = 'Sign-in'"));
    assert.ok(inLibrary, `the library no longer writes ${JSON.stringify(en)}`);
  }
});

test('the sign-in form in Portuguese', () => {
  // The form as the library writes it (layout + login view, the title filled in).
  const form = [
    '<!DOCTYPE html>\n<html >\n  <head>\n    <title>Sign-in</title>\n    <style>\n      @import url(https://fonts.googleapis.com/css?family=Roboto:400,100);\n    </style>\n  </head>\n  <body>\n    <div class="login-card">\n      <h1>Sign-in</h1>',
    '<form autocomplete="off" action="/interaction/x/login" method="post">\n  <input type="hidden" name="prompt" value="login"/>\n  <input required type="text" name="login" placeholder="Enter any login" autofocus="on">',
    '  <input required type="password" name="password" placeholder="and password" >\n\n  <button type="submit" class="login login-submit">Sign-in</button>\n</form>',
    '      <div class="login-help">\n        <a href="/interaction/x/abort">[ Cancel ]</a>\n      </div>\n    </div>',
    '    <div class="grant-debug">\n      <details>\n        <summary style="text-align: center;">(Click to expand) DEBUG information</summary>',
  ].join('\n');
  const pt = paginaLocal(form);
  assert.match(pt, /<html lang="pt-BR">/);
  assert.match(pt, /<title>Entrar<\/title>/);
  assert.match(pt, /<h1>Entrar<\/h1>/);
  assert.match(pt, />Entrar<\/button>/);
  assert.match(pt, /\[ Cancelar \]/);
  assert.match(pt, /name="login" placeholder="Login \(qualquer um, ex\.: comprador\)"/);
  assert.match(pt, /<input type="password" name="password"/, 'the password is not required');
  assert.doesNotMatch(pt, /Sign-in|Enter any|and password|Cancel\b|Click to expand|googleapis/);
});
