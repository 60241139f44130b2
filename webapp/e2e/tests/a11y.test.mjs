// Accessibility and layout stability of the buyer's pages: on a phone's
// screen, each page loads without any layout shift (the Layout Instability API's entries, as
// Lighthouse's CLS counts them, from the first paint until the page, its data and its photos are
// in), and axe-core (from npm, injected into the page) finds no violation.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expectVisible, launchBrowser, withPage, requestsSettled, scaled } from '../lib.mjs';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A phone (Lighthouse's mobile screen). */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** The pages, with what shows that each is fully there. */
const PAGES = [
  ['/', (p) => p.getByRole('heading', { name: 'Alimentos' })],
  ['/lojas', (p) => p.getByRole('link', { name: /Sítio Boa Vista/ })],
  ['/anuncios?categoria=Alimentos', (p) => p.locator('.pcard').first()],
  ['/sitio-boa-vista', (p) => p.getByRole('button', { name: /Tomate italiano/ })],
  ['/detalhes/Alimentos/demo-p04/demo-joao?type=forn', (p) => p.getByRole('button', { name: 'Adicionar ao carrinho' })],
  ['/termos', (p) => p.getByRole('heading', { level: 1 })],
  ['/links', (p) => p.getByRole('heading', { name: 'Baixe o app' })],
  ['/anunciegratis', (p) => p.getByRole('heading', { level: 1 })],
  ['/blockchain', (p) => p.getByRole('heading', { level: 1 })],
];

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** Starts recording layout shifts before the page's own scripts run. */
async function recordLayoutShifts(context) {
  await context.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!e.hadRecentInput) {
          window.__shifts.push({ value: e.value, nodes: e.sources?.map((s) => s.node?.outerHTML?.slice(0, 80) ?? '?') ?? [] });
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Waits until every photo in the screen has loaded (or failed), so late images count too. */
async function photosSettled(page) {
  await page.waitForFunction(
    () =>
      [...document.images].every((i) => {
        const r = i.getBoundingClientRect();
        const inView = r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
        return i.complete || !inView;
      }),
    null,
    { timeout: scaled(15_000) },
  );
}

for (const [path, ready] of PAGES) {
  test(`${path}: no layout shift and no axe-core violation`, async () => {
    await withPage(
      browser,
      `a11y${path.replace(/[/?=&]+/g, '-')}`,
      async (page, context) => {
        await recordLayoutShifts(context);
        await page.goto(path);
        await expectVisible(ready(page), `${path} fully shown`);
        await requestsSettled(page);
        await photosSettled(page);
        await page.waitForTimeout(300);

        const shifts = await page.evaluate(() => window.__shifts);
        const cls = shifts.reduce((s, e) => s + e.value, 0);
        assert.equal(cls, 0, `${path}: layout shifts ${cls.toFixed(4)}: ${JSON.stringify(shifts)}`);

        // Evaluated by the test's driver: the page's Content-Security-Policy refuses any inline
        // <script>, which addScriptTag would add.
        await page.evaluate(AXE_SOURCE);
        const { violations } = await page.evaluate(() =>
          window.axe.run(document, { resultTypes: ['violations'] }),
        );
        const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
        assert.deepEqual(summary, [], `${path}: axe-core violations`);
      },
      PHONE,
    );
  });
}
