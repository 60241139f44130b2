// Shared helpers for the end-to-end tests (run through e2e/run.mjs, which sets APP_URL).
//
// Chromium comes from Debian (/usr/bin/chromium, or CHROMIUM_PATH) and is driven by
// playwright-core. Nothing but loopback is ever reached: the resolver maps every other host to
// NOTFOUND, and every other URL (IP literals included) is sent to a dead proxy on loopback.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export const APP_URL = (process.env.APP_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
export const ARTIFACTS_DIR = process.env.E2E_ARTIFACTS || path.join(HERE, 'artifacts');

/**
 * Every time limit of the journeys is a limit measured on an idle machine, multiplied by
 * E2E_TIMEOUT_SCALE (default 2) and by how loaded the machine is at the moment the wait starts
 * (`loadFactor`): on a busy machine (the suite runs three Chromiums on two cores, beside whatever
 * else the machine does) a step that takes 3 s alone can take ten times as long. A limit only
 * ends a test that is failing anyway, so a generous one costs nothing on a passing run.
 */
export const SCALE = Number(process.env.E2E_TIMEOUT_SCALE || 2);

/**
 * 1 on a machine with at most two runnable tasks per core (the last minute's load average), then
 * growing with the load, up to 4 (a load of 8 per core): a wait started now gets that much longer.
 */
export function loadFactor() {
  const perCore = os.loadavg()[0] / (os.availableParallelism?.() ?? os.cpus().length);
  return Math.min(4, Math.max(1, perCore / 2));
}

/** `ms` (a limit measured on an idle machine) scaled for this run and the machine's load now. */
export const scaled = (ms) => Math.round(ms * SCALE * loadFactor());

const BASE_TIMEOUT_MS = Number(process.env.E2E_TIMEOUT_MS || 15_000);
/** Default time for one UI expectation (ms), scaled for the load now. */
export const uiTimeout = () => scaled(BASE_TIMEOUT_MS);

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-domain-reliability',
  '--no-pings',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
  // Belt and braces: anything that is not loopback (an IP literal skips the resolver) goes to a
  // proxy on 127.0.0.1:9 where nothing listens. Loopback bypasses proxies implicitly.
  '--proxy-server=http://127.0.0.1:9',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

function isLoopback(url) {
  try {
    const u = new URL(url);
    if (!/^(https?|wss?):$/.test(u.protocol)) return true; // data:, blob:, about:, …
    return ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
  } catch {
    return true;
  }
}

/**
 * A fresh browser context (empty storage: a first visit) with the app's locale. Requests that
 * would leave loopback are recorded in `context.offsite` (they fail: see CHROMIUM_ARGS).
 */
export async function newContext(browser, options = {}) {
  const context = await browser.newContext({
    baseURL: APP_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  context.setDefaultTimeout(uiTimeout());
  context.offsite = [];
  context.on('request', (req) => {
    if (!isLoopback(req.url())) context.offsite.push(req.url());
  });
  context.on('page', trackRequests);
  return context;
}

/** Each page's requests in flight (for `requestsSettled`). */
const tracked = new WeakMap();

/**
 * Follows `page`'s requests: those in flight for its current document (a navigation drops the
 * previous document's, which may never report an end), event streams aside (open for the page's
 * life).
 */
function trackRequests(page) {
  if (tracked.has(page)) return;
  const state = { inFlight: new Set(), changed: Date.now() };
  tracked.set(page, state);
  const settle = (req) => {
    if (state.inFlight.delete(req)) state.changed = Date.now();
  };
  page.on('request', (req) => {
    if (req.resourceType() === 'eventsource') return;
    state.inFlight.add(req);
    state.changed = Date.now();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    for (const req of state.inFlight) {
      if (!req.isNavigationRequest()) state.inFlight.delete(req);
    }
    state.changed = Date.now();
  });
}

/**
 * Resolves once none of `page`'s requests has been in flight for `quietMs`: what the page asked
 * for on its own (data, lazy photos, chunks) has arrived. Unlike Playwright's 'networkidle', an
 * open event stream does not hold it back, and the wait's limit is scaled for a loaded machine.
 */
export async function requestsSettled(page, quietMs = 500) {
  const state = tracked.get(page);
  assert.ok(state, 'requestsSettled needs a page of a context made by newContext');
  await eventually(() => {
    if (state.inFlight.size === 0 && Date.now() - state.changed >= quietMs) return true;
    if (state.inFlight.size) {
      throw new Error(`${state.inFlight.size} in flight: ${[...state.inFlight].slice(0, 3).map((r) => r.url()).join(', ')}`);
    }
    return false;
  }, "the page's requests to settle", 30_000);
}

/** Saves a full-page screenshot under ARTIFACTS_DIR and returns its path. */
export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^a-zA-Z0-9_.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => {});
  return file;
}

/**
 * Runs `fn(page, context)` in a fresh context; on failure saves a screenshot of every open page
 * and adds its path to the error message; always closes the context.
 */
export async function withPage(browser, name, fn, contextOptions) {
  const context = await newContext(browser, contextOptions);
  const page = await context.newPage();
  const consoleErrors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => consoleErrors.push(`pageerror: ${err.message}`));
  try {
    return await fn(page, context);
  } catch (err) {
    const shots = [];
    for (const [i, p] of context.pages().entries()) {
      shots.push(await screenshot(p, i === 0 ? name : `${name}-${i}`));
    }
    const extra = [
      `url: ${page.url()}`,
      `screenshots: ${shots.join(', ')}`,
      consoleErrors.length ? `browser console errors:\n  ${consoleErrors.join('\n  ')}` : '',
    ].filter(Boolean).join('\n');
    err.message = `${err.message}\n${extra}`;
    throw err;
  } finally {
    if (context.offsite.length) {
      console.log(`# warning: ${name}: the page asked for non-loopback URLs (blocked): ${[...new Set(context.offsite)].join(', ')}`);
    }
    await context.close().catch(() => {});
  }
}

/** Waits until `locator` is visible; fails with `what` in the message. */
export async function expectVisible(locator, what, timeout) {
  try {
    await locator.first().waitFor({ state: 'visible', timeout: limit(timeout) });
  } catch (err) {
    throw new Error(`expected to see ${what} (${err.message.split('\n')[0]})`, { cause: err });
  }
}

/** Waits until `locator` matches nothing visible; fails with `what` in the message. */
export async function expectHidden(locator, what, timeout) {
  try {
    await locator.first().waitFor({ state: 'hidden', timeout: limit(timeout) });
  } catch (err) {
    throw new Error(`expected ${what} to disappear (${err.message.split('\n')[0]})`, { cause: err });
  }
}

/** A RegExp matching any accessible name that contains `text`. */
export function containing(text) {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

/** A button, link or menu item with this accessible name (string: exact; RegExp: as given). */
export function control(scope, name) {
  const exact = typeof name === 'string';
  return scope
    .getByRole('button', { name, exact })
    .or(scope.getByRole('link', { name, exact }))
    .or(scope.getByRole('menuitem', { name, exact }));
}

/** The open dialog (role dialog or alertdialog) that contains `text`. */
export function dialogWith(page, text) {
  return page
    .getByRole('dialog')
    .or(page.getByRole('alertdialog'))
    .filter({ hasText: text });
}

/** A limit given in idle-machine milliseconds, scaled; none given: `uiTimeout()`. */
function limit(timeout) {
  return timeout === undefined ? uiTimeout() : scaled(timeout);
}

/** Polls `fn` until it returns a truthy value; fails with `what` in the message. */
export async function eventually(fn, what, timeout) {
  timeout = limit(timeout);
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value;
      last = undefined;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeout} ms waiting for ${what}${last ? ` (${last.message.split('\n')[0]})` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const SIGN_IN_LABEL = 'Cadastre-se ou Faça login';

/** The name the local OpenID provider gives a login (devservices/oidc.mjs). */
export function providerName(login) {
  const demo = {
    'comprador@feira.test': 'Carla Souza',
    'fornecedor@feira.test': 'João Batista',
    'admin@feira.test': 'Administração Feira',
  };
  const l = login.trim().toLowerCase();
  const email = l.includes('@') ? l : `${l}@feira.test`;
  if (demo[email]) return demo[email];
  const local = email.split('@')[0];
  return local.charAt(0).toUpperCase() + local.slice(1);
}

/**
 * Signs in through the popup: clicks `via` (default: the header's 'Cadastre-se ou Faça login';
 * e.g. the admin card's 'Entrar com o Google' or the checkout prompt's button), fills the
 * provider's login form (any login, no password check), submits, and waits until `until` is
 * visible (default: the header showing `name`, by default the provider's name for that login;
 * `null`: no wait). Returns the name.
 */
export async function signIn(page, login, { name = providerName(login), via, until } = {}) {
  const popupPromise = page.waitForEvent('popup');
  await (via ?? control(page, SIGN_IN_LABEL).first()).click();
  const popup = await popupPromise;
  await popup.waitForLoadState('domcontentloaded');
  const loginField = popup.locator('input[name="login"]');
  // With a live provider session the popup may go straight back without a form.
  const closed = popup.waitForEvent('close', { timeout: uiTimeout() }).then(() => 'closed', () => 'open');
  const formShown = loginField.waitFor({ state: 'visible', timeout: uiTimeout() }).then(() => 'form', () => 'none');
  if ((await Promise.race([closed, formShown])) === 'form') {
    await loginField.fill(login);
    const password = popup.locator('input[name="password"]');
    if (await password.count()) await password.fill('e2e');
    await popup.getByRole('button', { name: 'Entrar', exact: true }).click();
  }
  if (until === undefined) {
    await expectVisible(control(page, containing(name)), `the header to show the signed-in user '${name}'`);
  } else if (until !== null) {
    await expectVisible(until.locator, until.what);
  }
  return name;
}

/** 'R$ 1.234,56' → 123456 centavos (test arithmetic only: checks the screen's coherence). */
export function centavos(text) {
  const m = /R\$\s*([\d.]+),(\d{2})/.exec(text);
  assert.ok(m, `an amount in '${text}'`);
  return Number(m[1].replace(/\./g, '')) * 100 + Number(m[2]);
}

/** `POST /api` from the page with its stored session (and `headers`, e.g. an Idempotency-Key): `{ status, body }`. */
export function rpcFromPage(page, body, headers = {}) {
  return page.evaluate(async ([b, h]) => {
    const { token } = JSON.parse(localStorage.getItem('sessao'));
    const res = await fetch('/api', {
      method: 'POST',
      headers: { ...h, 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(b),
    });
    return { status: res.status, body: await res.json() };
  }, [body, headers]);
}

/**
 * Opens `url` in `page` again and again (a public read may be a cached copy for up to a minute
 * after another browser changed it) until `check()` holds; fails with `what` in the message.
 *
 * Each try first waits for `ready`, a locator drawn from the page's data (the element the check
 * reads, or the part of the page it sits in): the load event comes before the data, and a check
 * made then sees the skeletons, fails, and reloads again and again on a loaded machine.
 */
export async function reloadUntil(page, url, ready, check, what, timeout = 75_000) {
  assert.ok(typeof ready?.first === 'function', `reloadUntil(${url}): give the locator the check needs`);
  await eventually(async () => {
    await page.goto(url);
    await ready.first().waitFor({ state: 'visible', timeout: uiTimeout() });
    return check();
  }, what, timeout);
}

/**
 * A JPEG drawn by the page's canvas (`width`×`height`, each fill `[color, x, y, w, h]`, quality
 * `quality`), as an array of bytes: a phone photo stand-in.
 */
export function canvasJpeg(page, { width = 640, height = 480, fills, quality }) {
  return page.evaluate(async ([w, h, f, q]) => {
    const c = document.createElement('canvas');
    c.width = w;
    c.height = h;
    const ctx = c.getContext('2d');
    for (const [color, x, y, fw, fh] of f) {
      ctx.fillStyle = color;
      ctx.fillRect(x, y, fw, fh);
    }
    const blob = await new Promise((r) => c.toBlob(r, 'image/jpeg', q));
    return [...new Uint8Array(await blob.arrayBuffer())];
  }, [width, height, fills, quality]);
}

/**
 * A loopback TCP proxy in front of the app that counts the bytes it carries, for what a page
 * really transfers: the page's own requests and its service worker's alike (the page's network
 * events do not show the worker's). `url` is the proxy's origin; `down()` the bytes sent to the
 * browser so far, `up()` those received from it; `close()` stops it.
 */
export async function countingProxy(target = APP_URL) {
  const { createServer, connect } = await import('node:net');
  const { hostname, port } = new URL(target);
  let down = 0;
  let up = 0;
  const sockets = new Set();
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.on('data', (d) => {
      up += d.length;
      upstream.write(d);
    });
    upstream.on('data', (d) => {
      down += d.length;
      client.write(d);
    });
    for (const [a, b] of [[client, upstream], [upstream, client]]) {
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
      a.on('error', () => b.destroy());
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    down: () => down,
    up: () => up,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Resolves once the page's service worker has activated (its precache is complete) and controls the page. */
export async function serviceWorkerInControl(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: uiTimeout() });
}

/** Waits until no byte has crossed `proxy` for `quietMs` (at most `maxMs`). */
export async function proxyQuiet(proxy, quietMs = 1000, maxMs = 20_000) {
  const deadline = Date.now() + scaled(maxMs);
  let last = proxy.down();
  let since = Date.now();
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    if (proxy.down() !== last) {
      last = proxy.down();
      since = Date.now();
    } else if (Date.now() - since >= quietMs) {
      return;
    }
  }
}

/** The local Pix PSP's control API (set by e2e/run.mjs); unset: the API runs the sandbox. */
export const PSP_CONTROL_URL = process.env.PSP_CONTROL_URL?.replace(/\/+$/, '');

/**
 * The buyer pays Pix charge `txid`: through the local PSP's control API (which then notifies the
 * API's webhook, as a real PSP would), or through the sandbox's payment endpoint without a PSP.
 */
export async function payPix(txid) {
  if (PSP_CONTROL_URL) {
    const res = await fetch(`${PSP_CONTROL_URL}/cob/${txid}/pay`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    assert.equal(res.status, 201, `the PSP's payment answered ${res.status}: ${await res.text()}`);
    return;
  }
  const res = await fetch(`${APP_URL}/pix/sandbox/${txid}/pagar`, { method: 'POST' });
  assert.ok(res.ok, `the sandbox payment answered ${res.status}`);
}

/** A BR Code read by an independent parser (npm `pix-utils`, devservices/scripts/parse-brcode.mjs). */
export function parseBrCode(code) {
  const script = path.join(HERE, '..', '..', 'devservices', 'scripts', 'parse-brcode.mjs');
  const out = spawnSync(process.execPath, [script, code], { encoding: 'utf8' });
  return JSON.parse(out.stdout);
}

/** The harness's control of the API (e2e/run.mjs sets E2E_CONTROL_URL). */
const E2E_CONTROL_URL = process.env.E2E_CONTROL_URL?.replace(/\/+$/, '');

async function controlApi(what) {
  assert.ok(E2E_CONTROL_URL, 'E2E_CONTROL_URL is not set: run the journeys through e2e/run.mjs');
  const res = await fetch(`${E2E_CONTROL_URL}/api/${what}`, { method: 'POST' });
  assert.equal(res.status, 204, `${what} the API: HTTP ${res.status} ${await res.text()}`);
}

/** Kills the API (SIGKILL): until `startApi()`, nothing answers on its port. */
export const stopApi = () => controlApi('stop');
/** Starts the API again on the same port and data; resolves once it is ready. */
export const startApi = () => controlApi('start');

/**
 * The e-mails the local SMTP server accepted (e2e/run.mjs), as `{from, to: [...], subject, text,
 * secure, user}`; waits until one matches `match` and returns it.
 */
export async function mailTo(match, what, timeout = 30_000) {
  assert.ok(E2E_CONTROL_URL, 'E2E_CONTROL_URL is not set: run the journeys through e2e/run.mjs');
  let found;
  await eventually(
    async () => {
      const all = await fetch(`${E2E_CONTROL_URL}/mail`).then((r) => r.json());
      found = all.find(match);
      return !!found;
    },
    what,
    timeout,
  );
  return found;
}

/** `POST /api` from the page with its session (`rpcFromPage`); fails unless it answers 200; returns its body. */
export async function rpcAnswer(page, body) {
  const { status, body: answer } = await rpcFromPage(page, body);
  assert.equal(status, 200, `${body.codigo}: ${JSON.stringify(answer)}`);
  return answer;
}

/** Pickup every day of the week, 8h–12h (decisions.md §36 windows). */
export const PICKUP_EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ tipo: 'retirada', dia_semana: d, inicio: '08:00', fim: '12:00' }));

/**
 * The `entregas_edit` request giving store `storeId` its delivery days (decisions.md §36):
 * `janelas` (default pickup every day 8h–12h), orders until `corteHora` of `corteDias` days
 * before. Sent again with another cut-off, it moves the store's cut-off: a journey makes a cycle's
 * cut-off pass that way, and the app's own cycles job (every minute) orders it.
 */
export function deliveryDays(storeId, { corteDias = 1, corteHora = '18:00', janelas = PICKUP_EVERY_DAY } = {}) {
  const modes = new Set(janelas.map((j) => (j.tipo === 'entrega' ? '1' : '2')));
  return {
    codigo: 'entregas_edit', usuario: storeId, cidades: [], vendasforn: 0,
    form: {
      entrega: [...modes].sort().join(''), taxaTipo: '', taxaentrega: '', taxaPorKm: '', pedidominimoentrega: '', pedidominimoretirada: '',
      descricaoentrega: '', descricaoretirada: '',
      dias: { janelas, corte_tipo: 'dias', corte_dias: corteDias, corte_hora: corteHora },
    },
  };
}

/**
 * A store of the journey's own, so that no other journey meets its orders, baskets or days:
 * signs `login` in on `page`, registers the store (`cadastro_fornecedor`) with `name` and `cpf`
 * — each journey its own CPF: the API refuses one already in use ('documento_em_uso') — keeps
 * the new store in the page's session (its panel opens at `/painel/{id}`), adds `products`
 * (`{titulo, preco: '4,50'}`, no stock count: the shard's other journeys are not affected),
 * sets its payment options (`pagamentos`: '1' in person, '2' Pix, '12' both) and its
 * delivery days (`days`: `deliveryDays`' options) when given. Returns the store's user id.
 */
export async function registerStore(page, { login, name, cpf, phone = '(19) 99876-5678', description = 'Hortaliças', products = [], pagamentos, days }) {
  await page.goto('/');
  await signIn(page, login);
  const reg = await rpcAnswer(page, {
    codigo: 'cadastro_fornecedor',
    icone: null,
    infos: { nomeforn: name, cpf, telefone: phone, descricaoforn: description, instagram: '', local: 1, cidades: [] },
  });
  await page.evaluate((u) => {
    const s = JSON.parse(localStorage.getItem('sessao'));
    localStorage.setItem('sessao', JSON.stringify({ ...s, userinfo: u }));
  }, reg.userinfo);
  const storeId = reg.userinfo.usuario;
  for (const { titulo, preco } of products) {
    await rpcAnswer(page, { codigo: 'adicionar_produto', iconeurl: false, infos: { categoria: 'Alimentos', titulo, preco } });
  }
  if (pagamentos) await rpcAnswer(page, { codigo: 'opcoes_pagamento', opcao: pagamentos });
  if (days) await rpcAnswer(page, deliveryDays(storeId, days));
  return storeId;
}

/** Opens the panel's section `name` from its side menu. */
export function panelSection(page, name) {
  return page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name: new RegExp(`^${name}`) }).click();
}

/** Adds `title` to the bag from the store's page open in `page`. */
export async function addToBag(page, title) {
  const card = page.getByRole('button', { name: new RegExp(title, 'i') }).first();
  await expectVisible(card, `the card of ${title}`);
  await card.click();
  const modal = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Adicionar ao carrinho' }) });
  await modal.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expectVisible(page.getByRole('button', { name: /Meu Pedido/ }), "'Meu Pedido'");
}

/**
 * Opens 'Minhas assinaturas' from `buyer`'s account menu and the profile's sections; returns the
 * card of the basket from `storeName`.
 */
export async function openBaskets(page, storeName, buyer = 'Carla Souza') {
  await page.goto('/');
  await control(page, new RegExp(buyer)).first().click();
  const menu = page.getByRole('dialog', { name: 'Minha conta', exact: true });
  await menu.getByRole('button', { name: 'Histórico de pedidos', exact: true }).click();
  await page.getByRole('navigation', { name: 'Seções do perfil' }).getByRole('button', { name: 'Minhas assinaturas' }).click();
  const card = page.getByTestId('assinatura').filter({ hasText: storeName });
  await expectVisible(card, "the basket in 'Minhas assinaturas'");
  return card;
}
