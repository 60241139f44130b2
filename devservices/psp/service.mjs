// The PSP's moving parts in one place, shared by the API server and the control API: the account
// (store) with its Pix Automático (recurrences), webhooks, OAuth2 tokens, what was received (requests, contract violations, TLS
// refusals), scripted faults, refund outcomes and the optional autopay.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createRecurrences } from './recurrence.mjs';
import { createStore } from './store.mjs';
import { createWebhooks } from './webhooks.mjs';

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

function sameSecret(a, b) {
  const x = Buffer.from(String(a));
  const y = Buffer.from(String(b));
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createService(config, tls, validator) {
  const store = createStore(config);
  const recurrences = createRecurrences(config, store);
  const webhooks = createWebhooks(config, tls, (line) => console.error(line));
  const tokens = new Map(); // access_token → {expiresAt, scopes, fingerprint}
  const requests = [];
  const violations = [];
  const tlsErrors = [];
  let faults = []; // {endpoint, mode: 'error'|'hang', status, seconds, remaining}
  let refundOutcomes = []; // {status, motivo}
  const timers = new Set();
  let requestSeq = 0;
  const autopay = { ...config.autopay };

  function later(ms, fn) {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  }

  // --- OAuth2 -------------------------------------------------------------------------------

  const checkClient = (id, secret) => sameSecret(id, config.clientId) && sameSecret(secret, config.clientSecret);

  /** Issues a token bound to the client certificate it was asked over (RFC 8705). */
  function issueToken(scopes, fingerprint) {
    const accessToken = randomBytes(32).toString('base64url');
    tokens.set(accessToken, { expiresAt: Date.now() + config.tokenTtl * 1000, scopes, fingerprint });
    return { access_token: accessToken, token_type: 'Bearer', expires_in: config.tokenTtl, scope: scopes.join(' ') };
  }

  /** The token's grant, or a reason why it is refused. */
  function checkToken(accessToken, fingerprint) {
    const t = tokens.get(accessToken);
    if (!t) return { error: 'token desconhecido ou expirado' };
    if (Date.now() >= t.expiresAt) {
      tokens.delete(accessToken);
      return { error: 'token expirado' };
    }
    if (t.fingerprint !== fingerprint) return { error: 'token emitido para outro certificado de cliente' };
    return { scopes: t.scopes };
  }

  const expireTokens = () => {
    const n = tokens.size;
    tokens.clear();
    return n;
  };

  // --- Records ------------------------------------------------------------------------------

  function recordRequest(entry) {
    requestSeq += 1;
    const r = { seq: requestSeq, at: new Date().toISOString(), ...entry };
    requests.push(r);
    return r;
  }

  function recordViolations(request, list) {
    if (list.length === 0) return;
    violations.push({ seq: request.seq, at: request.at, method: request.method, path: request.path, query: request.query, endpoint: request.endpoint, violacoes: list });
  }

  // --- Faults ---------------------------------------------------------------------------------

  /** Takes the next scripted fault for this endpoint (`PUT /cob/{txid}`, `POST /oauth/token`…). */
  function takeFault(endpoint) {
    const f = faults.find((x) => x.remaining > 0 && (x.endpoint === '*' || x.endpoint === endpoint));
    if (!f) return null;
    f.remaining -= 1;
    faults = faults.filter((x) => x.remaining > 0);
    return f;
  }

  function addFault({ endpoint = '*', mode = 'error', status = 500, seconds = 0, count = 1 }) {
    const f = { endpoint, mode, status, seconds, remaining: count };
    faults.push(f);
    return f;
  }

  // --- Money moving -------------------------------------------------------------------------

  function pay(txid, fields) {
    const pix = store.payCob(txid, fields);
    const notifications = webhooks.notify(pix);
    return { pix, notifications };
  }

  function payArbitrary(fields) {
    const pix = store.payArbitrary(fields);
    return { pix, notifications: webhooks.notify(pix) };
  }

  /** After a charge is created: pays it after the delay when autopay is on. */
  function chargeCreated(txid) {
    if (!autopay.enabled) return;
    later(autopay.delayMs, () => {
      const valor = store.cobValor(txid);
      if (!store.cobIsPayable(txid)) return;
      if (autopay.max != null && Number(valor.original) > autopay.max) return;
      try {
        pay(txid, { infoPagador: 'Pago automaticamente pelo PSP local (autopay)' });
      } catch (err) {
        console.error(`psp: autopay of ${txid} failed: ${err.message}`);
      }
    });
  }

  /** After a refund is accepted: settles it after the delay, then notifies the webhook. */
  function refundRequested(e2eid, id) {
    const outcome = refundOutcomes.shift() ?? { status: 'DEVOLVIDO' };
    later(config.refundDelayMs, () => {
      const pix = store.settleRefund(e2eid, id, outcome);
      if (pix) webhooks.notify(pix);
    });
  }

  // --- Pix Automático ----------------------------------------------------------------------

  /** Sends what changed to the rec and cobr webhooks: `{rec, cobrs}` (either may be empty). */
  function notifyRecurrence({ rec, cobrs = [] }) {
    const ids = [];
    if (rec) ids.push(...webhooks.notifyKind('rec', { recs: [rec] }, { idRec: rec.idRec }));
    for (const c of cobrs) ids.push(...notifyCobr(c));
    return ids;
  }

  const notifyCobr = (c) => webhooks.notifyKind('cobr', { cobsr: [c] }, { idRec: c.idRec, txid: c.txid, endToEndId: c.pix?.[0]?.endToEndId });

  function setRefundOutcome(status, count, motivo) {
    refundOutcomes = Array.from({ length: count }, () => ({ status, motivo }));
  }

  function reset() {
    for (const t of timers) clearTimeout(t);
    timers.clear();
    store.reset();
    recurrences.reset();
    webhooks.reset();
    requests.length = 0;
    violations.length = 0;
    tlsErrors.length = 0;
    faults = [];
    refundOutcomes = [];
  }

  async function close() {
    for (const t of timers) clearTimeout(t);
    await webhooks.close();
  }

  return {
    config, tls, validator, store, recurrences, webhooks, autopay, notifyRecurrence, notifyCobr,
    checkClient, issueToken, checkToken, expireTokens,
    recordRequest, recordViolations, requests, violations, tlsErrors,
    takeFault, addFault, faults: () => faults, clearFaults: () => { faults = []; },
    pay, payArbitrary, chargeCreated, refundRequested, setRefundOutcome,
    refundOutcomes: () => refundOutcomes,
    reset, close, sleep,
  };
}
