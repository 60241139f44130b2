// The PSP's HTTPS server, laid out like Efí's: the OAuth2 token at `POST /oauth/token` and BACEN's
// API Pix under `/v2`. Every connection must present a client certificate signed by the PSP's
// CA (the TLS handshake refuses any other); every API call needs a bearer token issued to that
// same certificate, with the operation's scope. Each request is recorded, checked against the
// OpenAPI (violations recorded and answered 400 problem+json), and may meet a scripted fault.

import { createServer } from 'node:https';
import { fingerprint } from './certs.mjs';
import { Problem, parseJson, readBody, sendEmpty, sendJson, sendProblem, violacao } from './http.mjs';
import { DEVOLUCAO_ID_RE, E2E_RE, TXID_RE, checkListQuery, paginate } from './checks.mjs';
import { alnum } from './store.mjs';

/** What a schema violation is called on each operation (BACEN's error types). */
const INVALID = {
  'PUT /cob/{txid}': 'CobOperacaoInvalida',
  'PATCH /cob/{txid}': 'CobOperacaoInvalida',
  'POST /cob': 'CobOperacaoInvalida',
  'GET /cob/{txid}': 'CobConsultaInvalida',
  'GET /cob': 'CobConsultaInvalida',
  'GET /pix': 'PixConsultaInvalida',
  'PUT /pix/{e2eid}/devolucao/{id}': 'PixDevolucaoInvalida',
  'PUT /webhook/{chave}': 'WebhookOperacaoInvalida',
  'GET /webhook': 'WebhookConsultaInvalida',
  'POST /rec': 'RecOperacaoInvalida',
  'PATCH /rec/{idRec}': 'RecOperacaoInvalida',
  'PUT /cobr/{txid}': 'CobROperacaoInvalida',
  'POST /cobr': 'CobROperacaoInvalida',
  'PATCH /cobr/{txid}': 'CobROperacaoInvalida',
  'POST /cobr/{txid}/retentativa/{data}': 'CobROperacaoInvalida',
  'PUT /webhookrec': 'WebhookOperacaoInvalida',
  'PUT /webhookcobr': 'WebhookOperacaoInvalida',
};

/** A contract violation as BACEN words it: `body.valor.original` → `cob.valor.original`. */
function asViolacao(endpoint, v) {
  const entity = endpoint.includes('/devolucao/') ? 'devolucao' : endpoint.includes('/webhook') ? 'webhook'
    : endpoint.includes('/cobr') ? 'cobr' : endpoint.includes('/rec') ? 'rec' : 'cob';
  const prop = v.propriedade === 'path.txid' ? 'cob.txid'
    : v.propriedade.replace(/^body(?=\.|$)/, entity).replace(/^(query|path|header)\./, '');
  return violacao(prop, `O campo ${prop} não respeita o _schema_: ${v.razao}.`);
}

const bool = (q, name) => (q.get(name) === null ? undefined : q.get(name) === 'true');

function listQuery(q, tipo, opts) {
  const l = checkListQuery(q, opts);
  if (l.violations.length) throw new Problem(tipo, { violacoes: l.violations });
  return l;
}

function needJson(parsed, tipo) {
  if (!parsed.ok) throw new Problem(tipo, { violacoes: [violacao('body', `O corpo não é JSON válido (${parsed.error}).`)] });
  return parsed.value;
}

function checkTxid(txid) {
  if (!TXID_RE.test(txid)) {
    throw new Problem('CobOperacaoInvalida', { violacoes: [violacao('cob.txid', 'O campo cob.txid não respeita o _schema_ (26 a 35 letras e dígitos).', txid)] });
  }
}

/** The routes: [method, template, scope, handler(ctx) → {status, body}]. */
function routes(svc) {
  const { store, webhooks, recurrences: recs } = svc;
  return [
    // Pix Automático (devservices/psp/recurrence.mjs).
    ['POST', '/locrec', 'payloadlocationrec.write', () => ({ status: 201, body: recs.createLoc() })],
    ['GET', '/locrec/{id}', 'payloadlocationrec.read', ({ params }) => ({ status: 200, body: recs.getLoc(params.id) })],
    ['POST', '/rec', 'rec.write', ({ json }) => ({ status: 201, body: recs.createRec(needJson(json, 'RecOperacaoInvalida')) })],
    ['GET', '/rec/{idRec}', 'rec.read', ({ params }) => ({ status: 200, body: recs.getRec(params.idRec) })],
    ['PATCH', '/rec/{idRec}', 'rec.write', ({ params, json }) => {
      const { rec, notify } = recs.patchRec(params.idRec, needJson(json, 'RecOperacaoInvalida'));
      svc.notifyRecurrence(notify);
      return { status: 200, body: rec };
    }],
    ['PUT', '/cobr/{txid}', 'cobr.write', ({ params, json }) => ({
      status: 201, body: recs.putCobr(params.txid, needJson(json, 'CobROperacaoInvalida')).cobr,
    })],
    ['POST', '/cobr', 'cobr.write', ({ json }) => ({
      status: 201, body: recs.putCobr(recs.newTxid(), needJson(json, 'CobROperacaoInvalida')).cobr,
    })],
    ['GET', '/cobr/{txid}', 'cobr.read', ({ params }) => ({ status: 200, body: recs.getCobr(params.txid) })],
    ['PATCH', '/cobr/{txid}', 'cobr.write', ({ params, json }) => {
      const cobr = recs.patchCobr(params.txid, needJson(json, 'CobROperacaoInvalida'));
      if (cobr.status === 'CANCELADA') svc.notifyCobr(cobr);
      return { status: 200, body: cobr };
    }],
    ['POST', '/cobr/{txid}/retentativa/{data}', 'cobr.write', ({ params }) => ({
      status: 201, body: recs.retry(params.txid, params.data),
    })],
    ['PUT', '/webhookrec', 'webhookrec.write', async ({ json, headers }) => ({
      status: 200, body: await webhooks.registerKind('rec', needJson(json, 'WebhookOperacaoInvalida'), headers),
    })],
    ['GET', '/webhookrec', 'webhookrec.read', () => ({ status: 200, body: webhooks.getKind('rec') })],
    ['DELETE', '/webhookrec', 'webhookrec.write', () => {
      webhooks.removeKind('rec');
      return { status: 204 };
    }],
    ['PUT', '/webhookcobr', 'webhookcobr.write', async ({ json, headers }) => ({
      status: 200, body: await webhooks.registerKind('cobr', needJson(json, 'WebhookOperacaoInvalida'), headers),
    })],
    ['GET', '/webhookcobr', 'webhookcobr.read', () => ({ status: 200, body: webhooks.getKind('cobr') })],
    ['DELETE', '/webhookcobr', 'webhookcobr.write', () => {
      webhooks.removeKind('cobr');
      return { status: 204 };
    }],

    ['PUT', '/cob/{txid}', 'cob.write', ({ params, json }) => {
      checkTxid(params.txid);
      const { cob, created } = store.putCob(params.txid, needJson(json, 'CobOperacaoInvalida'));
      if (created) svc.chargeCreated(params.txid);
      return { status: 201, body: cob };
    }],
    ['POST', '/cob', 'cob.write', ({ json }) => {
      const txid = alnum(32);
      const { cob } = store.putCob(txid, needJson(json, 'CobOperacaoInvalida'));
      svc.chargeCreated(txid);
      return { status: 201, body: cob };
    }],
    ['PATCH', '/cob/{txid}', 'cob.write', ({ params, json }) => ({
      status: 200, body: store.patchCob(params.txid, needJson(json, 'CobOperacaoInvalida')),
    })],
    ['GET', '/cob/{txid}', 'cob.read', ({ params }) => ({ status: 200, body: store.getCob(params.txid) })],
    ['GET', '/cob', 'cob.read', ({ query }) => {
      const l = listQuery(query, 'CobConsultaInvalida');
      const all = store.listCobs({ inicio: l.inicio, fim: l.fim, status: query.get('status'), cpf: query.get('cpf'), cnpj: query.get('cnpj') });
      const { items, paginacao } = paginate(all, l.page, l.size);
      return { status: 200, body: { parametros: { inicio: query.get('inicio'), fim: query.get('fim'), paginacao }, cobs: items } };
    }],
    ['GET', '/pix', 'pix.read', ({ query }) => {
      const l = listQuery(query, 'PixConsultaInvalida');
      const filters = {
        inicio: l.inicio,
        fim: l.fim,
        txid: query.get('txid') ?? undefined,
        txIdPresente: bool(query, 'txIdPresente'),
        devolucaoPresente: bool(query, 'devolucaoPresente'),
        cpf: query.get('cpf'),
        cnpj: query.get('cnpj'),
      };
      const { items, paginacao } = paginate(store.listPix(filters), l.page, l.size);
      return { status: 200, body: { parametros: { inicio: query.get('inicio'), fim: query.get('fim'), paginacao }, pix: items } };
    }],
    ['GET', '/pix/{e2eid}', 'pix.read', ({ params }) => ({ status: 200, body: store.getPix(params.e2eid) })],
    ['PUT', '/pix/{e2eid}/devolucao/{id}', 'pix.write', ({ params, json }) => {
      const v = [];
      if (!E2E_RE.test(params.e2eid)) v.push(violacao('e2eid', 'O parâmetro e2eid não respeita o _schema_.', params.e2eid));
      if (!DEVOLUCAO_ID_RE.test(params.id)) v.push(violacao('id', 'O parâmetro id não respeita o _schema_ (1 a 35 letras e dígitos).', params.id));
      if (v.length) throw new Problem('PixDevolucaoInvalida', { violacoes: v });
      const { devolucao, created } = store.putRefund(params.e2eid, params.id, needJson(json, 'PixDevolucaoInvalida'));
      if (created) svc.refundRequested(params.e2eid, params.id);
      return { status: 201, body: devolucao };
    }],
    ['GET', '/pix/{e2eid}/devolucao/{id}', 'pix.read', ({ params }) => ({
      status: 200, body: store.getRefund(params.e2eid, params.id),
    })],
    ['PUT', '/webhook/{chave}', 'webhook.write', async ({ params, json, headers }) => ({
      status: 200, body: await webhooks.register(params.chave, needJson(json, 'WebhookOperacaoInvalida'), headers),
    })],
    ['GET', '/webhook/{chave}', 'webhook.read', ({ params }) => ({ status: 200, body: webhooks.get(params.chave) })],
    ['DELETE', '/webhook/{chave}', 'webhook.write', ({ params }) => {
      webhooks.remove(params.chave);
      return { status: 204 };
    }],
    ['GET', '/webhook', 'webhook.read', ({ query }) => {
      const l = listQuery(query, 'WebhookConsultaInvalida', { optionalWindow: true });
      const all = webhooks.list().filter((h) => {
        const t = Date.parse(h.criacao);
        return (l.inicio === undefined || t >= l.inicio) && (l.fim === undefined || t <= l.fim);
      });
      const { items, paginacao } = paginate(all, l.page, l.size);
      return { status: 200, body: { parametros: { inicio: query.get('inicio') ?? undefined, fim: query.get('fim') ?? undefined, paginacao }, webhooks: items } };
    }],
  ].map(([method, template, scope, handler]) => {
    const names = [];
    const source = template.replace(/\{(\w+)\}/g, (_, n) => {
      names.push(n);
      return '([^/]+)';
    });
    return { method, template, endpoint: `${method} ${template}`, scope, handler, regex: new RegExp(`^${source}/?$`), names };
  });
}

/** decodeURIComponent that leaves malformed escapes as they are. */
function decode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function match(table, method, path) {
  for (const r of table) {
    const m = r.regex.exec(path);
    if (m && r.method === method) {
      return { route: r, params: Object.fromEntries(r.names.map((n, i) => [n, decode(m[i + 1])])) };
    }
  }
  return null;
}

/** POST /oauth/token: client credentials by HTTP Basic, body JSON (Efí) or form (RFC 6749). */
function token(svc, req, text, peer) {
  const oauthError = (status, error, description, headers = {}) => ({
    status, body: { error, error_description: description }, headers,
  });
  if (req.method !== 'POST') return oauthError(405, 'invalid_request', 'use POST');
  const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
  const [id, ...rest] = basic ? Buffer.from(basic[1], 'base64').toString('utf8').split(':') : [];
  // RFC 6749 §2.3.1: the id and secret are form-encoded before Basic (a no-op for Efí's).
  if (!basic || !svc.checkClient(decode(id ?? ''), decode(rest.join(':')))) {
    return oauthError(401, 'invalid_client', 'client_id ou client_secret inválidos', { 'www-authenticate': 'Basic realm="psp"' });
  }
  const type = String(req.headers['content-type'] ?? '').split(';')[0].trim();
  let params;
  if (type === 'application/x-www-form-urlencoded') params = Object.fromEntries(new URLSearchParams(text));
  else {
    const parsed = parseJson(text);
    if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) {
      return oauthError(400, 'invalid_request', 'o corpo deve ser JSON {"grant_type": "client_credentials"}');
    }
    params = parsed.value;
  }
  if (params.grant_type !== 'client_credentials') {
    return oauthError(400, 'unsupported_grant_type', 'só client_credentials é aceito');
  }
  const asked = params.scope ? String(params.scope).split(/\s+/).filter(Boolean) : svc.config.scopes;
  if (asked.some((s) => !svc.config.scopes.includes(s))) return oauthError(400, 'invalid_scope', 'escopo não concedido a este cliente');
  return { status: 200, body: svc.issueToken(asked, peer) };
}

export function createApiServer(svc) {
  const table = routes(svc);
  const server = createServer({
    key: svc.tls.serverKey,
    cert: svc.tls.serverCert,
    ca: svc.tls.ca,
    requestCert: true,
    rejectUnauthorized: true,
    minVersion: 'TLSv1.2',
  });

  server.on('tlsClientError', (err, socket) => {
    svc.tlsErrors.push({ at: new Date().toISOString(), code: err.code, error: err.message, remote: socket.remoteAddress });
  });

  server.on('request', async (req, res) => {
    const url = new URL(req.url, 'https://psp.local');
    const text = await readBody(req).catch(() => '');
    const peerCert = req.socket.getPeerCertificate();
    const peer = peerCert?.raw ? fingerprint(peerCert.raw) : null;
    const apiPath = url.pathname.startsWith('/v2/') ? url.pathname.slice(3) : null;
    const found = apiPath ? match(table, req.method, apiPath) : null;
    const endpoint = url.pathname === '/oauth/token' ? 'POST /oauth/token' : found?.route.endpoint ?? null;
    const parsed = parseJson(text);
    const record = svc.recordRequest({
      method: req.method,
      path: url.pathname,
      query: url.search.slice(1),
      endpoint,
      contentType: req.headers['content-type'] ?? null,
      skipMtlsHeader: req.headers['x-skip-mtls-checking'] ?? null,
      client: peerCert?.subject?.CN ?? null,
      body: url.pathname === '/oauth/token' ? (text ? '(redacted)' : '') : parsed.ok ? parsed.value : text,
      status: null,
    });
    const answer = (status, body, headers = {}) => {
      record.status = status;
      if (body instanceof Problem) sendProblem(res, body, headers);
      else if (body === undefined) sendEmpty(res, status);
      else sendJson(res, status, body);
    };
    try {
      const fault = endpoint ? svc.takeFault(endpoint) : null;
      if (fault?.mode === 'hang') await svc.sleep(fault.seconds * 1000);
      if (fault?.mode === 'error') {
        const tipo = fault.status === 503 ? 'ServicoIndisponivel' : 'ErroInternoDoServidor';
        answer(fault.status, new Problem(tipo, { status: fault.status, detail: 'Falha simulada pelo controle do PSP local.' }));
        return;
      }
      if (url.pathname === '/oauth/token') {
        const r = token(svc, req, text, peer);
        record.status = r.status;
        sendJson(res, r.status, r.body, 'application/json', r.headers);
        return;
      }
      if (!apiPath) {
        answer(404, new Problem('NaoEncontrado'));
        return;
      }
      // The contract: what BACEN's OpenAPI says about this request, whatever we answer.
      const violations = [];
      if (svc.validator) {
        const { authorization: _a, ...headers } = req.headers;
        violations.push(...svc.validator.validate({ method: req.method, path: apiPath, query: url.search.slice(1), headers, body: text }));
      }
      const auth = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      if (!auth) violations.push({ propriedade: 'header.authorization', razao: 'o OAuth2 do contrato exige "Authorization: Bearer <token>"' });
      svc.recordViolations(record, violations);

      const grant = auth ? svc.checkToken(auth[1], peer) : { error: 'sem token' };
      if (grant.error) {
        answer(401, new Problem('NaoAutorizado', { detail: `Token de acesso ausente, inválido ou expirado (${grant.error}).` }), {
          'www-authenticate': 'Bearer error="invalid_token"',
        });
        return;
      }
      if (!found) {
        const known = svc.validator?.operationFor(req.method, apiPath);
        answer(known ? 403 : 404, new Problem(known ? 'AcessoNegado' : 'NaoEncontrado', {
          detail: known ? `O PSP local não oferece ${known.id}.` : undefined,
        }));
        return;
      }
      if (!grant.scopes.includes(found.route.scope)) {
        answer(403, new Problem('AcessoNegado', { detail: `O token não tem o escopo ${found.route.scope}.` }));
        return;
      }
      const schemaViolations = violations.filter((v) => v.propriedade !== 'header.authorization');
      if (schemaViolations.length) {
        const tipo = INVALID[found.route.endpoint] ?? 'RequisicaoInvalida';
        answer(400, new Problem(tipo, { violacoes: schemaViolations.map((v) => asViolacao(found.route.endpoint, v)) }));
        return;
      }
      const r = await found.route.handler({ params: found.params, query: url.searchParams, json: parsed, headers: req.headers });
      answer(r.status, r.body);
    } catch (err) {
      if (err instanceof Problem) answer(err.status, err);
      else {
        console.error('psp: internal error', err);
        answer(500, new Problem('ErroInternoDoServidor'));
      }
    }
  });

  return server;
}
