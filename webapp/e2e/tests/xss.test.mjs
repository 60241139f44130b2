// The Content-Security-Policy blocks nothing of ours (the critical CSS, the wasm, the service
// worker), and user text is never HTML: a new user stores `<img src=x onerror=…>` in every text field a
// visitor sees (their name; the store's name and description; a product's title, description and
// option; an ad's title and description), then the pages that show them are opened, by the
// author and by an anonymous visitor. Nothing runs (no `alert` dialog), no <img src=x>
// exists in the page, and the text is shown as text.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { expectVisible, launchBrowser, rpcFromPage, signIn, withPage, requestsSettled } from '../lib.mjs';

const LOGIN = `xss${Date.now().toString(36)}`;
// Short (a title holds 50 characters) and lower case (titles are shown in sentence case):
// `alert` would open a dialog, which the test watches for.
const payload = (field) => `<img src=x onerror=alert('${field}')>`;
const CITY = 'Piracicaba, SP';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** `POST /api` from the page; asserts 200 and returns the body. */
async function ok(page, body) {
  const res = await rpcFromPage(page, body);
  assert.equal(res.status, 200, `${body.codigo}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Opens `path` and checks that nothing injected ran or became an element. */
async function assertInert(page, path, { shows } = {}) {
  const dialogs = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss().catch(() => {}); });
  await page.goto(path);
  await requestsSettled(page);
  if (shows) await expectVisible(page.getByText(shows).first(), `'${shows}' shown as text at ${path}`);
  // Give any image error handler time to fire.
  await page.waitForTimeout(500);
  const imgs = await page.evaluate(() => document.querySelectorAll('img[src="x"], img[onerror]').length);
  assert.equal(imgs, 0, `injected markup became elements at ${path}`);
  assert.deepEqual(dialogs, [], `dialogs at ${path}`);
}

test('user text with markup is shown as text and never runs', async () => {
  const pages = [];
  await withPage(browser, 'xss-author', async (page) => {
    await page.goto('/');
    await signIn(page, LOGIN);
    await ok(page, { codigo: 'alterar_nome', nome: payload('nome') });
    const registered = await ok(page, {
      codigo: 'cadastro_fornecedor',
      infos: {
        nomeforn: payload('loja'), cpf: '987.654.320-29', telefone: '(19) 99876-1234',
        descricaoforn: payload('descricaoforn'), instagram: '@sitioxss', local: 1, cidades: [],
      },
    });
    const me = registered.userinfo?.usuario ?? registered.userinfo?.id;
    const product = await ok(page, {
      codigo: 'adicionar_produto',
      iconeurl: false,
      cidades: ['ALL'],
      infos: {
        categoria: 'Alimentos', titulo: payload('titulo'), preco: '12,50', minimo: 1, estoque: 10,
        opcoes: [{ opcao: payload('opcao') }], descricao: payload('descricao'), oculto: false,
      },
    });
    const productId = product.infos.id;
    await ok(page, {
      codigo: 'adicionar_anuncio',
      telefone: '(19) 99876-1234',
      iconeurl: null,
      infos: {
        anuncio: true, origem: CITY, cidades: [], locais: 1, titulo: payload('anuncio'),
        descricao: payload('anuncio-descricao'), categoria: 'Variedades', preco: '10',
      },
    });
    const store = `loja-${LOGIN}`;
    await ok(page, { codigo: 'criar_site', url: store, paleta: '1' });
    const supplier = (await ok(page, { codigo: 'pegar_dadosforn', usuario: me ?? product.infos.userforn })).dadosforn;
    const userforn = supplier.usuario;
    // [path, text shown to the author, text shown to a visitor]
    pages.push(
      [`/${store}`, 'onerror', 'onerror'],
      [`/detalhes/Alimentos/${productId}/${userforn}`, 'onerror', null],
      [`/anuncios?categoria=Variedades&regiao=${encodeURIComponent(CITY)}`, 'onerror', 'onerror'],
      ['/lojas', null, null],
      [`/painel/perfil/${userforn}`, null, null],
    );
    // The author's own views: the header's name, the panel.
    await assertInert(page, '/', { shows: 'onerror' });
    await assertInert(page, `/painel/${userforn}`);
    for (const [path, shows] of pages) await assertInert(page, path, { shows });
  });
  // An anonymous visitor.
  await withPage(browser, 'xss-visitor', async (page) => {
    for (const [path, , shows] of pages) await assertInert(page, path, { shows });
  });
});

test('the app itself runs whole under its Content-Security-Policy: nothing of ours is blocked', async () => {
  await withPage(browser, 'csp', async (page, context) => {
    await context.addInitScript(() => {
      window.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    const blocked = [];
    page.on('console', (msg) => {
      if (msg.text().includes('Content Security Policy')) blocked.push(msg.text());
    });
    for (const path of ['/', '/lojas', '/sitio-boa-vista', '/anuncios?categoria=Alimentos', '/blockchain']) {
      const res = await page.goto(path);
      assert.match(res.headers()['content-security-policy'] ?? '', /frame-ancestors 'none'/, `${path}: no CSP`);
      await requestsSettled(page);
      const seen = await page.evaluate(() => window.__csp);
      assert.deepEqual(seen, [], `${path}: blocked by the CSP`);
    }
    assert.deepEqual(blocked, [], 'CSP messages in the console');
  });
});
