// Webhooks: the registry behind `/webhook/{chave}` and the notifications the PSP sends to
// `{webhookUrl}/pix` (appended literally, as Efí does and the OpenAPI's callback
// `{$request.body#/webhookUrl}/pix` says) with `{"pix": [...]}`.
//
// - https URLs are called over mutual TLS with the PSP's own client certificate; the receiver's
//   certificate must chain to the PSP's CA or to one added with `trustCa`. At registration,
//   unless the request carries `x-skip-mtls-checking: true`, the URL is probed as Efí does: a
//   call without a client certificate must be refused, then one with it must answer 2xx.
// - http URLs are accepted only with a secret `hmac` query parameter (Efí's skip-mTLS mode).
// - Only loopback hosts are accepted: this PSP never calls anything else.
// - A delivery that fails (network error, timeout, non-2xx) is retried after backoff × attempt
//   milliseconds, up to `attempts` tries; every try is recorded.
// - Pix Automático has two more, one per account: `/webhookrec` notifies `{webhookUrl}/rec`
//   with `{"recs": [...]}` and `/webhookcobr` notifies `{webhookUrl}/cobr` with
//   `{"cobsr": [...]}`, registered and delivered the same way.
// - The control API can make the next N notifications `drop` (never sent) or `twice` (sent as
//   two deliveries).

import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Problem, violacao } from './http.mjs';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
const isLoopback = (host) => LOOPBACK_HOSTS.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
/** Errors from checking the receiver's certificate: ours to report, not a refusal by them. */
const TRUST_ERRORS = /^(UNABLE_TO_|SELF_SIGNED|DEPTH_ZERO|CERT_|ERR_TLS_CERT_ALTNAME)/;

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

export function createWebhooks(config, tls, log = () => {}) {
  const hooks = new Map(); // chave → {webhookUrl, chave, criacao, skipMtls}
  const kinds = new Map(); // 'rec' | 'cobr' → {webhookUrl, criacao, skipMtls}
  const deliveries = [];
  let behaviours = []; // modes for the next notifications
  let seq = 0;
  const extraCas = [];
  const pending = new Set();
  let closed = false;

  /** One POST; resolves `{status}` or `{error, code}` (never rejects). */
  function post(url, body, { withCert = true } = {}) {
    const target = new URL(url);
    const https = target.protocol === 'https:';
    const payload = JSON.stringify(body);
    const options = {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      timeout: config.webhookTimeoutMs,
      ...(https
        ? {
          ca: [tls.ca, ...extraCas],
          minVersion: 'TLSv1.2',
          agent: false,
          ...(withCert ? { cert: tls.webhookClientCert, key: tls.webhookClientKey } : {}),
        }
        : { agent: false }),
    };
    return new Promise((resolve) => {
      const req = (https ? httpsRequest : httpRequest)(target, options, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode }));
        res.on('error', (err) => resolve({ error: err.message, code: err.code }));
      });
      req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
      req.on('error', (err) => resolve({ error: err.message, code: err.code }));
      req.end(payload);
    });
  }

  const ok2xx = (r) => r.status >= 200 && r.status < 300;

  /** Efí's two calls at registration; returns a violation text or null. */
  async function probe(url, suffix = '/pix') {
    const empty = { '/pix': { pix: [] }, '/rec': { recs: [] }, '/cobr': { cobsr: [] } }[suffix] ?? {};
    const without = await post(url, empty, { withCert: false });
    if (without.code && TRUST_ERRORS.test(without.code)) {
      return `o certificado do servidor do webhook não é confiável (${without.code})`;
    }
    if (without.code === 'ECONNREFUSED') return 'não foi possível conectar ao webhook (conexão recusada)';
    if (ok2xx(without)) return 'o servidor do webhook aceitou uma requisição sem certificado de cliente (mTLS não exigido)';
    const withCert = await post(url, empty);
    if (!ok2xx(withCert)) {
      return `o servidor do webhook não respondeu 2xx à requisição com certificado (${withCert.status ?? withCert.error})`;
    }
    return null;
  }

  /** WebhookCompleto: the OpenAPI asks for the account's CNPJ; its example shows the key too. */
  const view = (h) => ({ webhookUrl: h.webhookUrl, chave: h.chave, cnpj: config.cnpj, criacao: h.criacao });

  /** Checks a webhook URL as registration does (and probes it at `{url}{suffix}`). */
  async function checkUrl(body, headers, suffix) {
    const bad = (razao) => new Problem('WebhookOperacaoInvalida', {
      violacoes: [violacao('webhook.webhookUrl', razao, body?.webhookUrl)],
    });
    if (typeof body?.webhookUrl !== 'string') throw bad('Campo webhook.webhookUrl não respeita o _schema_.');
    let url;
    try {
      url = new URL(body.webhookUrl);
    } catch {
      throw bad('Campo webhook.webhookUrl não respeita o _schema_.');
    }
    if (!isLoopback(url.hostname)) throw bad('Este PSP local só chama endereços de loopback (127.0.0.1, localhost, ::1).');
    const skipMtls = String(headers['x-skip-mtls-checking'] ?? '').toLowerCase() === 'true';
    if (url.protocol === 'http:') {
      if (!url.searchParams.get('hmac')) throw bad('Um webhook http exige o parâmetro secreto hmac na URL (modo sem mTLS).');
    } else if (url.protocol !== 'https:') {
      throw bad('Campo webhook.webhookUrl deve ser https (ou http com hmac).');
    } else if (!skipMtls && config.webhookProbe) {
      const problem = await probe(`${body.webhookUrl}${suffix}`, suffix);
      if (problem) throw bad(problem);
    }
    return skipMtls;
  }

  async function register(chave, body, headers) {
    if (!config.keys.includes(chave)) {
      throw new Problem('WebhookOperacaoInvalida', {
        violacoes: [violacao('chave', 'O parâmetro {chave} não corresponde a uma chave DICT pertencente a este usuário recebedor.', chave)],
      });
    }
    const skipMtls = await checkUrl(body, headers, '/pix');
    const hook = { webhookUrl: body.webhookUrl, chave, criacao: new Date().toISOString(), skipMtls };
    hooks.set(chave, hook);
    return { webhookUrl: hook.webhookUrl };
  }

  /**
   * Pix Automático's two account-wide webhooks (`PUT /webhookrec`, `PUT /webhookcobr`): `kind`
   * is `rec` or `cobr`, and notifications go to `{webhookUrl}/rec` or `{webhookUrl}/cobr`.
   */
  async function registerKind(kind, body, headers) {
    const skipMtls = await checkUrl(body, headers, `/${kind}`);
    kinds.set(kind, { webhookUrl: body.webhookUrl, criacao: new Date().toISOString(), skipMtls });
    return undefined;
  }

  function getKind(kind) {
    const h = kinds.get(kind);
    if (!h) throw new Problem('WebhookNaoEncontrado', { detail: `O webhook de ${kind} não está configurado.` });
    return { webhookUrl: h.webhookUrl, criacao: h.criacao };
  }

  function removeKind(kind) {
    if (!kinds.delete(kind)) throw new Problem('WebhookNaoEncontrado', { detail: `O webhook de ${kind} não está configurado.` });
  }

  /**
   * Sends `body` to `{hook.webhookUrl}/{kind}` as the next notification (`kind`: `pix`, `rec` or
   * `cobr`), the way the control API scripted it: once, never (`drop`) or as two deliveries
   * (`twice`). `meta` (txid, endToEndId, idRec) is recorded with each delivery for the control
   * API's filters. Returns the deliveries' ids.
   */
  function send(kind, hook, body, meta = {}) {
    const mode = behaviours.shift() ?? 'normal';
    const base = { url: `${hook.webhookUrl}/${kind}`, body, mode, kind, ...meta };
    seq += 1;
    const first = { id: seq, ...base, attempts: [], state: mode === 'drop' ? 'dropped' : 'pending' };
    start(first);
    const made = [first];
    if (mode === 'twice') {
      seq += 1;
      const second = { id: seq, ...base, duplicateOf: first.id, attempts: [], state: 'pending' };
      start(second);
      made.push(second);
    }
    return made.map((d) => d.id);
  }

  /** Notifies `{webhookUrl}/{kind}` with `body` ({recs: […]} or {cobsr: […]}); `meta` is recorded. */
  function notifyKind(kind, body, meta = {}) {
    const hook = kinds.get(kind);
    return hook ? send(kind, hook, body, meta) : [];
  }

  function get(chave) {
    const h = hooks.get(chave);
    if (!h) throw new Problem('WebhookNaoEncontrado');
    return view(h);
  }

  function remove(chave) {
    if (!hooks.delete(chave)) throw new Problem('WebhookNaoEncontrado');
  }

  const list = () => [...hooks.values()].map(view);

  async function deliver(d) {
    for (let n = 1; n <= config.webhookAttempts && !closed; n += 1) {
      const started = Date.now();
      const result = await post(d.url, d.body);
      d.attempts.push({ n, at: new Date(started).toISOString(), ms: Date.now() - started, ...result });
      if (ok2xx(result)) {
        d.state = 'delivered';
        return;
      }
      if (n < config.webhookAttempts) await sleep(config.webhookBackoffMs * n);
    }
    d.state = 'failed';
    log(`psp: webhook ${d.id} to ${d.url} failed after ${d.attempts.length} attempts`);
  }

  function start(d) {
    deliveries.push(d);
    if (d.state === 'dropped') return;
    const p = deliver(d).finally(() => pending.delete(p));
    pending.add(p);
  }

  /** Notifies the webhook registered for the Pix's key (only Pix with a txid are notified). */
  function notify(pix) {
    if (!pix.txid) return [];
    const hook = hooks.get(pix.chave);
    return hook ? send('pix', hook, { pix: [pix] }, { endToEndId: pix.endToEndId, txid: pix.txid }) : [];
  }

  /** The next `count` notifications behave as `mode` (drop, twice or normal). */
  function setBehaviour(mode, count) {
    behaviours = Array.from({ length: count }, () => mode);
  }

  function trustCa(pem) {
    extraCas.push(pem);
  }

  function reset() {
    hooks.clear();
    kinds.clear();
    deliveries.length = 0;
    behaviours = [];
  }

  async function close() {
    closed = true;
    await Promise.allSettled([...pending]);
  }

  return {
    register, get, remove, list, notify, registerKind, getKind, removeKind, notifyKind, setBehaviour, trustCa, reset, close,
    deliveries: () => deliveries,
    behaviours: () => [...behaviours],
  };
}
