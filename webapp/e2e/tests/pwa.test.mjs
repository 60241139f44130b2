// The installable app: the web app manifest is valid and its icons are what it says;
// the service worker is active and controls the page after the first visit, and leaves the
// server's own paths alone; the catalogue reads are GETs the browser revalidates with a 304.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { APP_URL, eventually, expectVisible, launchBrowser, serviceWorkerInControl, withPage } from '../lib.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes) {
  const b = Buffer.from(bytes);
  assert.equal(b.subarray(1, 4).toString('latin1'), 'PNG', 'a PNG signature');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

test('the web app manifest is valid: names, colours, start, display, 192/512 and maskable icons', async () => {
  const html = await (await fetch(`${APP_URL}/`)).text();
  const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
  assert.ok(href, 'index.html links the manifest');
  const res = await fetch(new URL(href, APP_URL));
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /application\/manifest\+json|application\/json/);
  const m = await res.json();
  assert.equal(m.name, 'Feira — produtos do campo direto de quem produz');
  assert.equal(m.short_name, 'Feira');
  assert.equal(m.lang, 'pt-BR');
  assert.equal(m.start_url, '/');
  assert.equal(m.scope, '/');
  assert.equal(m.display, 'standalone');
  assert.match(m.theme_color, /^#[0-9a-f]{6}$/i);
  assert.match(m.background_color, /^#[0-9a-f]{6}$/i);
  assert.equal(/<meta name="theme-color" content="([^"]+)"/.exec(html)?.[1], m.theme_color, 'the page and the manifest agree');

  const pngs = m.icons.filter((i) => i.type === 'image/png');
  for (const [size, purpose] of [[192, 'any'], [512, 'any'], [192, 'maskable'], [512, 'maskable']]) {
    assert.ok(pngs.some((i) => i.sizes === `${size}x${size}` && i.purpose === purpose), `a ${size} px ${purpose} icon`);
  }
  for (const icon of m.icons) {
    const r = await fetch(new URL(icon.src, APP_URL));
    assert.equal(r.status, 200, icon.src);
    assert.equal(r.headers.get('content-type'), icon.type, icon.src);
    const body = await r.arrayBuffer();
    if (icon.type === 'image/png') {
      const [w, h] = pngSize(body);
      assert.equal(`${w}x${h}`, icon.sizes, `${icon.src} is the size it says`);
    }
  }
  assert.ok(html.includes('rel="apple-touch-icon"'), 'an apple-touch-icon for iOS');
});

test('the service worker is active and controls the page after the first visit; server paths are left alone', async () => {
  await withPage(browser, 'service-worker', async (page) => {
    await page.goto('/');
    await expectVisible(page.getByRole('heading', { name: 'Alimentos' }), "the home's 'Alimentos' section");
    await serviceWorkerInControl(page);
    const sw = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return { state: reg.active?.state, script: reg.active?.scriptURL, scope: reg.scope };
    });
    assert.equal(sw.state, 'activated');
    assert.equal(sw.script, `${APP_URL}/sw.js`);
    assert.equal(sw.scope, `${APP_URL}/`);
    // The shell and the buyer's pages are precached.
    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      const pre = names.find((n) => n.startsWith('workbox-precache'));
      return pre ? (await (await caches.open(pre)).keys()).map((r) => new URL(r.url).pathname) : [];
    });
    for (const re of [/^\/index\.html$/, /^\/assets\/shell-.*\.js$/, /^\/assets\/HomePage-/, /^\/assets\/StorefrontPage-/, /^\/assets\/ProductDetailPage-/, /^\/assets\/CheckoutDrawer-/, /^\/assets\/wasm_core_bg-.*\.wasm$/]) {
      assert.ok(precached.some((p) => re.test(p)), `precached: ${re}`);
    }
    assert.ok(!precached.some((p) => /SupplierPanelPage|AdminPage|wasm_photo/.test(p)), 'the panel, the admin and the photo wasm are not precached');

    // Served by the worker, the app's routes get index.html; the server's paths get the server.
    const answers = await page.evaluate(async () => {
      const get = async (path) => {
        const r = await fetch(path, { headers: { Accept: 'text/html' }, mode: 'same-origin' });
        return [r.status, (r.headers.get('content-type') || '').split(';')[0]];
      };
      return {
        healthz: await get('/healthz'),
        callback: await get('/auth/callback'),
        api: await get('/api?codigo=pegar_lojas'),
        media: await get('/media/nao-existe.jpg'),
      };
    });
    assert.deepEqual(answers.healthz, [200, 'application/json']);
    assert.deepEqual(answers.callback, [200, 'text/html']);
    assert.deepEqual(answers.api, [200, 'application/json']);
    assert.equal(answers.media[0], 404);
    // A navigation to a server path is not answered with the app: the sign-in popup's callback page.
    await page.goto('/auth/callback');
    assert.ok((await page.content()).includes('Você já pode fechar esta janela.'), 'the callback page itself');
    await page.goto('/healthz');
    assert.ok((await page.content()).includes('"status":"ok"'), '/healthz itself');
  });
});

test('catalogue reads are GETs with an ETag that the browser revalidates with a 304', async () => {
  // Without the service worker, to watch the browser's own HTTP cache.
  await withPage(
    browser,
    'revalidation',
    async (page, context) => {
      const cdp = await context.newCDPSession(page);
      const seen = [];
      // What the server answered (a 304 shows here; the page then gets the cached 200).
      const wire = new Map();
      cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => wire.set(requestId, statusCode));
      cdp.on('Network.responseReceived', ({ requestId, response }) => {
        if (response.url.includes('/api?')) seen.push({ requestId, url: response.url, status: response.status, etag: response.headers.etag ?? response.headers.ETag });
      });
      await cdp.send('Network.enable');
      await page.goto('/lojas');
      await expectVisible(page.getByRole('link', { name: /Sítio Boa Vista/ }), "the store list's 'Sítio Boa Vista'");
      const read = seen.find((r) => r.url.includes('codigo=pegar_lojas'));
      assert.ok(read, 'the store list was asked by GET');
      assert.equal(read.status, 200);
      assert.match(read.etag ?? '', /^"[^"]+"$/, 'a strong ETag');
      // Asked again past its freshness (as after max-age): the browser sends If-None-Match.
      const status = await page.evaluate(async (url) => (await fetch(url, { cache: 'no-cache' })).status, read.url);
      assert.equal(status, 200, 'fetch shows the cached answer');
      // What reached the server for that URL (the page may read it again from the memory cache,
      // which sends nothing and has no wire status).
      const statuses = () =>
        seen
          .filter((r) => r.url === read.url)
          .map((r) => wire.get(r.requestId))
          .filter((s) => s !== undefined);
      await eventually(() => statuses().length === 2, 'the revalidation to be seen');
      assert.deepEqual(statuses(), [200, 304], 'the server answered 304 to the revalidation');
    },
    { serviceWorkers: 'block' },
  );
});

test("the webapp's cacheable reads are the API's", async () => {
  // The list the client and the service worker take from the generated contract (x-feira-get).
  const web = readFileSync(new URL('../../src/types/api.gen.ts', import.meta.url), 'utf8');
  const list = /GET_ACTIONS\s*=\s*\[([^\]]*)\]/.exec(web)?.[1].match(/"[a-z_0-9]+"/g)?.map((s) => s.slice(1, -1)) ?? [];
  assert.ok(list.length >= 9, 'the list was read');
  for (const codigo of list) {
    const body = await (await fetch(`${APP_URL}/api?codigo=${codigo}`)).json();
    assert.notEqual(body.error, 'Esta ação só é aceita por POST /api.', `${codigo} is answered by GET`);
    assert.notEqual(body.error, 'Ação desconhecida', codigo);
  }
  const refused = await (await fetch(`${APP_URL}/api?codigo=validar_cupom`)).json();
  assert.equal(refused.error, 'Esta ação só é aceita por POST /api.');
});
