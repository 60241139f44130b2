// d) First-visit weight: bytes transferred (encoded, as on the wire) for JS, CSS and wasm when a
//    fresh browser opens '/'. Prints `first-visit-bytes: N`.
// e) Repeat visit: once the service worker is installed, opening '/' again transfers
//    at most 5 KB, counted the same way from the page's network events and, to include what the
//    service worker itself fetches, by a counting proxy in front of the app. Prints
//    `first-visit-all-bytes` (everything, the worker's install included) and `repeat-visit-bytes`.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  SIGN_IN_LABEL,
  control,
  countingProxy,
  expectVisible,
  launchBrowser,
  proxyQuiet,
  serviceWorkerInControl,
  withPage,
  requestsSettled,
} from '../lib.mjs';

const BUDGET = 120 * 1024;
const REPEAT_BUDGET = 5 * 1024;

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

function kindOf(url, mimeType) {
  const m = (mimeType || '').toLowerCase();
  const p = new URL(url).pathname.toLowerCase();
  if (m.includes('wasm') || p.endsWith('.wasm')) return 'wasm';
  if (m.includes('css') || p.endsWith('.css')) return 'css';
  if (m.includes('javascript') || m.includes('ecmascript') || /\.(m?js)$/.test(p)) return 'js';
  return null;
}

test(`first visit to / transfers at most ${BUDGET} bytes of JS, CSS and wasm`, async () => {
  await withPage(browser, 'first-visit', async (page, context) => {
    const cdp = await context.newCDPSession(page);
    const responses = new Map();
    const finished = new Map();
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      responses.set(requestId, { url: response.url, mimeType: response.mimeType });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      finished.set(requestId, encodedDataLength);
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

    await page.goto('/');
    await expectVisible(control(page, SIGN_IN_LABEL), 'the home page rendered (header sign-in control)');
    await requestsSettled(page);

    const counted = [];
    for (const [id, bytes] of finished) {
      const r = responses.get(id);
      if (!r || r.url.startsWith('data:')) continue;
      const kind = kindOf(r.url, r.mimeType);
      if (kind) counted.push({ kind, bytes, url: r.url });
    }
    const total = counted.reduce((s, c) => s + c.bytes, 0);
    console.log(`first-visit-bytes: ${total}`);
    for (const c of counted.sort((a, b) => b.bytes - a.bytes)) {
      console.log(`#   ${c.kind.padEnd(4)} ${String(c.bytes).padStart(8)}  ${new URL(c.url).pathname}`);
    }
    assert.ok(counted.some((c) => c.kind === 'js'), 'no JavaScript response was seen: the measurement is broken');
    assert.ok(total <= BUDGET, `first visit transferred ${total} bytes of JS/CSS/wasm, budget ${BUDGET}`);
  });
});


/** Every response's `encodedDataLength` seen by the page (all kinds), summed when asked. */
async function pageBytes(context, page) {
  const cdp = await context.newCDPSession(page);
  const bytes = new Map();
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => bytes.set(requestId, encodedDataLength));
  await cdp.send('Network.enable');
  return () => [...bytes.values()].reduce((s, b) => s + b, 0);
}

test(`a repeat visit to / transfers at most ${REPEAT_BUDGET} bytes once the service worker is installed`, async () => {
  const proxy = await countingProxy();
  try {
    await withPage(browser, 'repeat-visit', async (first, context) => {
      const home = (p) => expectVisible(p.getByRole('heading', { name: 'Alimentos' }), "the home's 'Alimentos' section");
      await first.goto(`${proxy.url}/`);
      await home(first);
      await serviceWorkerInControl(first);
      await proxyQuiet(proxy);
      console.log(`first-visit-all-bytes: ${proxy.down()}`);
      await first.close();

      const start = proxy.down();
      const second = await context.newPage();
      const seen = await pageBytes(context, second);
      await second.goto(`${proxy.url}/`);
      await home(second);
      await expectVisible(second.locator('.pcard img').first(), 'a product photo');
      await requestsSettled(second);
      await proxyQuiet(proxy);
      const wire = proxy.down() - start;
      console.log(`repeat-visit-bytes: ${wire} (the page's network events: ${seen()})`);
      assert.ok(wire <= REPEAT_BUDGET, `the repeat visit transferred ${wire} bytes, budget ${REPEAT_BUDGET}`);
      assert.ok(seen() <= REPEAT_BUDGET, `the page's network events add up to ${seen()} bytes, budget ${REPEAT_BUDGET}`);
    });
  } finally {
    await proxy.close();
  }
});
