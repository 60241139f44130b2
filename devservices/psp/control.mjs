// The control API: plain HTTP on its own loopback port (no TLS, no token), for tests and the demo
// to play the payer and the network: pay a charge, approve/refuse/cancel a recurrence, settle a
// recurring charge's attempt (paid or failed), pay an arbitrary Pix, script webhooks
// (drop/twice), refund outcomes and endpoint faults (500/hang), expire tokens, and read back
// what the PSP received, the contract violations and the webhook deliveries. See README.md.

import { createServer } from 'node:http';
import { Problem, parseJson, readBody, sendEmpty, sendJson } from './http.mjs';
import { VALOR_RE } from './checks.mjs';

class Bad extends Error {}

function need(cond, message) {
  if (!cond) throw new Bad(message);
}

const count = (body) => {
  const n = body.count ?? 1;
  need(Number.isInteger(n) && n >= 0 && n <= 1000, 'count deve ser um inteiro de 0 a 1000');
  return n;
};

function payFields(body) {
  need(body.valor === undefined || (typeof body.valor === 'string' && VALOR_RE.test(body.valor)), 'valor deve ser como "12.50"');
  need(body.infoPagador === undefined || typeof body.infoPagador === 'string', 'infoPagador deve ser texto');
  return { valor: body.valor, infoPagador: body.infoPagador, pagador: body.pagador };
}

function filterBy(list, q, fields) {
  return list.filter((x) => fields.every((f) => q.get(f) === null || String(x[f] ?? '').includes(q.get(f))));
}

export function createControlServer(svc, info) {
  const { store, webhooks } = svc;
  const routes = [
    ['GET', /^\/status$/, () => [200, info()]],
    ['POST', /^\/cob\/([^/]+)\/pay$/, (m, body) => [201, svc.pay(decodeURIComponent(m[1]), payFields(body))]],
    ['POST', /^\/cob\/([^/]+)\/remove$/, (m) => [200, store.removeCobByPsp(decodeURIComponent(m[1]))]],
    // Pix Automático, the payer's side: approve, refuse or cancel a recurrence at the bank; the
    // current attempt of a recurring charge paid or failed.
    ['POST', /^\/rec\/([^/]+)\/approve$/, (m, body) => {
      need(body.valorMaximo === undefined || (typeof body.valorMaximo === 'string' && VALOR_RE.test(body.valorMaximo)), 'valorMaximo deve ser como "120.00"');
      need(body.cpf === undefined || (typeof body.cpf === 'string' && /^\d{11}$/.test(body.cpf)), 'cpf: 11 dígitos');
      const rec = svc.recurrences.approve(decodeURIComponent(m[1]), { valorMaximo: body.valorMaximo, cpf: body.cpf });
      return [200, { rec, notifications: svc.notifyRecurrence({ rec }) }];
    }],
    ['POST', /^\/rec\/([^/]+)\/refuse$/, (m) => {
      const rec = svc.recurrences.refuse(decodeURIComponent(m[1]));
      return [200, { rec, notifications: svc.notifyRecurrence({ rec }) }];
    }],
    ['POST', /^\/rec\/([^/]+)\/cancel$/, (m) => {
      const changed = svc.recurrences.cancelByPayer(decodeURIComponent(m[1]));
      return [200, { ...changed, notifications: svc.notifyRecurrence(changed) }];
    }],
    ['POST', /^\/cobr\/([^/]+)\/pay$/, (m, body) => {
      need(body.valor === undefined || (typeof body.valor === 'string' && VALOR_RE.test(body.valor)), 'valor deve ser como "12.50"');
      const cobr = svc.recurrences.pay(decodeURIComponent(m[1]), { valor: body.valor });
      return [200, { cobr, notifications: svc.notifyCobr(cobr) }];
    }],
    ['POST', /^\/cobr\/([^/]+)\/fail$/, (m, body) => {
      need(body.codigo === undefined || (typeof body.codigo === 'string' && /^[A-Z0-9]{4}$/.test(body.codigo)), 'codigo: 4 letras ou dígitos (AM02, MSUC…)');
      const cobr = svc.recurrences.fail(decodeURIComponent(m[1]), { codigo: body.codigo, descricao: body.descricao });
      return [200, { cobr, notifications: svc.notifyCobr(cobr) }];
    }],
    ['POST', /^\/pix$/, (_m, body) => {
      const fields = payFields(body);
      need(fields.valor !== undefined, 'valor é obrigatório');
      need(body.txid === undefined || (typeof body.txid === 'string' && /^[a-zA-Z0-9]{1,35}$/.test(body.txid)), 'txid: 1 a 35 letras e dígitos');
      need(body.chave === undefined || typeof body.chave === 'string', 'chave deve ser texto');
      return [201, svc.payArbitrary({ ...fields, txid: body.txid, chave: body.chave })];
    }],
    ['PUT', /^\/webhook-behaviour$/, (_m, body) => {
      need(['drop', 'twice', 'normal'].includes(body.mode), 'mode: drop, twice ou normal');
      webhooks.setBehaviour(body.mode, count(body));
      return [200, { next: webhooks.behaviours() }];
    }],
    ['POST', /^\/webhook-ca$/, (_m, body, text) => {
      const pem = typeof body.pem === 'string' ? body.pem : text;
      need(/-----BEGIN CERTIFICATE-----/.test(pem ?? ''), 'mande o certificado PEM (corpo ou {"pem": …})');
      webhooks.trustCa(pem);
      return [204];
    }],
    ['GET', /^\/webhooks$/, (_m, _b, _t, q) => [200, {
      registered: webhooks.list(),
      next: webhooks.behaviours(),
      deliveries: filterBy(webhooks.deliveries(), q, ['txid', 'endToEndId', 'state', 'kind', 'idRec']),
    }]],
    ['PUT', /^\/refund-outcome$/, (_m, body) => {
      need(['DEVOLVIDO', 'NAO_REALIZADO'].includes(body.status), 'status: DEVOLVIDO ou NAO_REALIZADO');
      svc.setRefundOutcome(body.status, count(body), body.motivo);
      return [200, { next: svc.refundOutcomes() }];
    }],
    ['POST', /^\/faults$/, (_m, body) => {
      need(typeof body.endpoint === 'string' && body.endpoint.length > 0, 'endpoint: "PUT /cob/{txid}", "POST /oauth/token" ou "*"');
      need(['error', 'hang'].includes(body.mode ?? 'error'), 'mode: error ou hang');
      need(body.status === undefined || (Number.isInteger(body.status) && body.status >= 400 && body.status <= 599), 'status: 400 a 599');
      need(body.seconds === undefined || (typeof body.seconds === 'number' && body.seconds >= 0 && body.seconds <= 600), 'seconds: 0 a 600');
      return [201, svc.addFault({ ...body, count: count(body) })];
    }],
    ['GET', /^\/faults$/, () => [200, svc.faults()]],
    ['DELETE', /^\/faults$/, () => {
      svc.clearFaults();
      return [204];
    }],
    ['POST', /^\/tokens\/expire$/, () => [200, { expired: svc.expireTokens() }]],
    ['GET', /^\/requests$/, (_m, _b, _t, q) => [200, filterBy(svc.requests, q, ['endpoint', 'method', 'path'])]],
    ['GET', /^\/violations$/, () => [200, svc.violations]],
    ['GET', /^\/tls-errors$/, () => [200, svc.tlsErrors]],
    ['GET', /^\/state$/, () => [200, { ...store.snapshot(), ...svc.recurrences.snapshot() }]],
    ['PUT', /^\/autopay$/, (_m, body) => {
      need(typeof body.enabled === 'boolean', 'enabled: true ou false');
      need(body.delayMs === undefined || (Number.isInteger(body.delayMs) && body.delayMs >= 0), 'delayMs: inteiro ≥ 0');
      need(body.max === undefined || body.max === null || typeof body.max === 'number', 'max: número (reais) ou null');
      Object.assign(svc.autopay, { enabled: body.enabled }, body.delayMs === undefined ? {} : { delayMs: body.delayMs }, body.max === undefined ? {} : { max: body.max });
      return [200, svc.autopay];
    }],
    ['POST', /^\/reset$/, () => {
      svc.reset();
      return [204];
    }],
  ];

  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://control.local');
    const text = await readBody(req).catch(() => '');
    try {
      const route = routes.find(([method, re]) => method === req.method && re.test(url.pathname));
      if (!route) {
        sendJson(res, 404, { error: `não há ${req.method} ${url.pathname} no controle do PSP` });
        return;
      }
      const parsed = parseJson(text);
      const body = parsed.ok && parsed.value && typeof parsed.value === 'object' ? parsed.value : {};
      const [status, out] = await route[2](route[1].exec(url.pathname), body, text, url.searchParams);
      if (out === undefined) sendEmpty(res, status);
      else sendJson(res, status, out);
    } catch (err) {
      if (err instanceof Bad) sendJson(res, 400, { error: err.message });
      else if (err instanceof Problem) sendJson(res, err.status, { error: err.message, type: err.tipo });
      else {
        console.error('psp control: internal error', err);
        sendJson(res, 500, { error: err.message });
      }
    }
  });
  return server;
}
