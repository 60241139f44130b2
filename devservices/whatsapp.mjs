// A local WhatsApp Business Cloud API for Feira's tests and demo (decisions.md §38). It checks
// each request as the real one would: `POST /{version}/{phone-number-id}/messages` with the
// bearer token, `messaging_product: whatsapp`, a known, approved template in pt_BR with the right
// number of body variables and its link button (or a free text, only to a number that wrote in
// the last 24 hours), and answers Meta's shapes: `{messages:[{id:"wamid…"}]}`, or a Graph error
// `{error:{message,type,code}}`. It sends the statuses of each message (sent, delivered, read)
// to the webhook, signed `X-Hub-Signature-256` with the app secret, and can simulate a reply.
// Everything lives in memory; loopback only, no dependencies. Never use it in production.
//
// Env:
//   WHATSAPP_PORT             port (default 8096; 0 picks a free one)
//   WHATSAPP_TOKEN            the only accepted bearer token (default feira-whatsapp-local)
//   WHATSAPP_PHONE_NUMBER_ID  the sending number's id (default 100200300)
//   WHATSAPP_APP_SECRET       the key of the webhooks' signature (default segredo-do-app-local)
//   WHATSAPP_WEBHOOK_URL      where statuses and replies go (also set by POST /control/webhook)
//
// Prints `whatsapp: listening on http://127.0.0.1:<port>/v21.0 {json}` when ready, then
// `whatsapp: message {to,template,language,body,link,text,id}` per accepted message.
//
// Control (same port, under /control):
//   GET  /control/messages            every accepted message, oldest first
//   POST /control/webhook {url}       where statuses and replies go
//   POST /control/fail {status, code, times}   the next `times` (default 1) sends answer that
//                                     HTTP status with that Graph error code (429 → 130429,
//                                     400 with 131026: an invalid number, 500 → 1, …)
//   POST /control/fail-status {code}  the next accepted message's status is `failed` with it
//   POST /control/reply {from, text}  the number `from` writes `text` (a signed webhook)

import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

export const VERSION = 'v21.0';

// The approved templates (docs/notices.md): name → body variables.
export const TEMPLATES = {
  pedido_recebido: 3,
  pagamento_confirmado: 3,
  saiu_para_entrega: 2,
  pedido_entregue: 3,
  valor_devolvido: 3,
  novo_pedido_pago: 4,
  novo_pedido_na_entrega: 4,
  saque_pago: 2,
  pedido_cancelado: 3,
  pix_expirado: 3,
  reclamacao_aberta: 3,
  reclamacao_mensagem: 2,
  reclamacao_mediacao: 1,
  reclamacao_encerrada: 3,
  reclamacao_decidida: 4,
  cesta_aviso: 3,
  cesta_nao_gerada: 4,
  cesta_ferias: 4,
  cesta_nao_paga: 3,
};

const DAY_MS = 24 * 3600 * 1000;

export function sign(secret, raw) {
  return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
}

/** Starts the service; resolves to `{ url, port, close }`. */
export function startWhatsapp(opts = {}) {
  const cfg = {
    token: opts.token ?? process.env.WHATSAPP_TOKEN ?? 'feira-whatsapp-local',
    phoneNumberId: opts.phoneNumberId ?? process.env.WHATSAPP_PHONE_NUMBER_ID ?? '100200300',
    appSecret: opts.appSecret ?? process.env.WHATSAPP_APP_SECRET ?? 'segredo-do-app-local',
    webhookUrl: opts.webhookUrl ?? process.env.WHATSAPP_WEBHOOK_URL ?? '',
    statusDelayMs: Number(opts.statusDelayMs ?? process.env.WHATSAPP_STATUS_DELAY_MS ?? 50),
  };
  const messages = [];
  const failures = [];
  let failStatus = null;
  const wroteAt = new Map();
  const log = opts.log ?? ((line) => console.log(line));

  function graphError(res, status, code, message, type = 'OAuthException') {
    send(res, status, { error: { message, type, code, fbtrace_id: randomBytes(6).toString('hex') } });
  }

  async function webhook(value) {
    if (!cfg.webhookUrl) return;
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: 'WABA-LOCAL', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '5519900000000', phone_number_id: cfg.phoneNumberId }, ...value } }] }],
    });
    try {
      const r = await fetch(cfg.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(cfg.appSecret, raw) },
        body: raw,
      });
      log(`whatsapp: webhook ${r.status}`);
      return r.status;
    } catch (err) {
      log(`whatsapp: webhook failed ${err.message}`);
      return 0;
    }
  }

  async function statuses(msg, failCode) {
    const steps = failCode ? [['failed', failCode]] : [['sent'], ['delivered'], ['read']];
    for (const [status, code] of steps) {
      await new Promise((ok) => setTimeout(ok, cfg.statusDelayMs));
      const s = { id: msg.id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: msg.to };
      if (code) s.errors = [{ code, title: code === 131026 ? 'Message undeliverable' : 'Error' }];
      await webhook({ statuses: [s] });
    }
  }

  function check(body) {
    if (!body || body.messaging_product !== 'whatsapp') return [100, '(#100) The parameter messaging_product is required and must be whatsapp'];
    if (typeof body.to !== 'string' || !/^\+?\d{8,15}$/.test(body.to)) return [100, '(#100) Invalid parameter: to'];
    if (body.type === 'text') {
      if (!body.text || typeof body.text.body !== 'string' || !body.text.body.trim()) return [100, '(#100) text.body is required'];
      const at = wroteAt.get(body.to.replace(/^\+/, ''));
      if (!at || Date.now() - at > DAY_MS) return [131047, 'Re-engagement message: more than 24 hours have passed since the recipient last replied'];
      return null;
    }
    if (body.type !== 'template') return [100, `(#100) Unsupported type ${body.type}`];
    const t = body.template || {};
    if (!(t.name in TEMPLATES)) return [132001, `(#132001) Template name does not exist in the translation: ${t.name}`];
    if (!t.language || t.language.code !== 'pt_BR') return [132001, `(#132001) Template ${t.name} does not exist in ${t.language && t.language.code}`];
    const comps = Array.isArray(t.components) ? t.components : [];
    const bodyComp = comps.find((c) => c.type === 'body');
    const params = (bodyComp && bodyComp.parameters) || [];
    if (params.length !== TEMPLATES[t.name] || params.some((p) => p.type !== 'text' || typeof p.text !== 'string' || !p.text)) {
      return [132000, `(#132000) Number of parameters does not match the expected number of params (${params.length} given, ${TEMPLATES[t.name]} expected)`];
    }
    const button = comps.find((c) => c.type === 'button' && c.sub_type === 'url');
    if (!button || !button.parameters || !button.parameters[0] || !button.parameters[0].text) return [132000, '(#132000) The url button needs its parameter'];
    return null;
  }

  async function readJson(req) {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const raw = Buffer.concat(chunks).toString('utf8');
    return raw ? JSON.parse(raw) : {};
  }

  const server = createServer(async (req, res) => {
    const path = new URL(req.url, 'http://127.0.0.1').pathname;
    let body;
    try {
      body = req.method === 'POST' ? await readJson(req) : {};
    } catch {
      return graphError(res, 400, 100, '(#100) Invalid JSON');
    }
    if (path.startsWith('/control/')) return control(path, req.method, body, res);
    const m = new RegExp(`^/${VERSION}/([^/]+)/messages$`).exec(path);
    if (!m || req.method !== 'POST') return graphError(res, 404, 100, 'Unsupported request', 'GraphMethodException');
    if (req.headers.authorization !== `Bearer ${cfg.token}`) return graphError(res, 401, 190, 'Invalid OAuth access token');
    if (m[1] !== cfg.phoneNumberId) return graphError(res, 400, 100, `Unsupported post request. Object with ID '${m[1]}' does not exist`, 'GraphMethodException');
    if (failures.length) {
      const f = failures[0];
      f.times -= 1;
      if (f.times <= 0) failures.shift();
      log(`whatsapp: failing with ${f.status} (${f.code})`);
      return graphError(res, f.status, f.code, f.status === 429 ? '(#130429) Rate limit hit' : `(#${f.code}) simulated`);
    }
    const problem = check(body);
    if (problem) {
      log(`whatsapp: refused ${problem[1]}`);
      return graphError(res, 400, problem[0], problem[1]);
    }
    const to = body.to.replace(/^\+/, '');
    const msg = {
      id: `wamid.${randomBytes(12).toString('hex')}`,
      to,
      type: body.type,
      template: body.type === 'template' ? body.template.name : null,
      language: body.type === 'template' ? body.template.language.code : null,
      body: body.type === 'template' ? body.template.components.find((c) => c.type === 'body').parameters.map((p) => p.text) : [],
      link: body.type === 'template' ? body.template.components.find((c) => c.type === 'button').parameters[0].text : null,
      text: body.type === 'text' ? body.text.body : null,
    };
    messages.push(msg);
    log(`whatsapp: message ${JSON.stringify(msg)}`);
    send(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: to }], messages: [{ id: msg.id }] });
    const code = failStatus;
    failStatus = null;
    statuses(msg, code);
  });

  async function control(path, method, body, res) {
    if (path === '/control/messages' && method === 'GET') return send(res, 200, messages);
    if (method !== 'POST') return send(res, 404, { error: 'not found' });
    if (path === '/control/webhook') {
      cfg.webhookUrl = String(body.url || '');
      return send(res, 200, { ok: true });
    }
    if (path === '/control/fail') {
      const status = Number(body.status || 500);
      const code = Number(body.code || (status === 429 ? 130429 : status >= 500 ? 1 : 100));
      failures.push({ status, code, times: Number(body.times || 1) });
      return send(res, 200, { ok: true });
    }
    if (path === '/control/fail-status') {
      failStatus = Number(body.code || 131026);
      return send(res, 200, { ok: true });
    }
    if (path === '/control/reply') {
      const from = String(body.from || '').replace(/^\+/, '');
      wroteAt.set(from, Date.now());
      const status = await webhook({
        contacts: [{ profile: { name: 'Cliente' }, wa_id: from }],
        messages: [{ from, id: `wamid.${randomBytes(12).toString('hex')}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: String(body.text || '') } }],
      });
      return send(res, 200, { ok: true, webhook: status });
    }
    return send(res, 404, { error: 'not found' });
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(opts.port ?? process.env.WHATSAPP_PORT ?? 8096), '127.0.0.1', () => {
      const port = server.address().port;
      resolve({ url: `http://127.0.0.1:${port}/${VERSION}`, port, server, cfg, messages, close: () => new Promise((ok) => server.close(ok)) });
    });
  });
}

function send(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const s = await startWhatsapp();
  const info = { api: s.url, control: `http://127.0.0.1:${s.port}/control`, token: s.cfg.token, phoneNumberId: s.cfg.phoneNumberId, appSecret: s.cfg.appSecret };
  console.log(`whatsapp: listening on ${s.url} ${JSON.stringify(info)}`);
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => s.server.close(() => process.exit(0)));
}
