// Self-tests of the local WhatsApp Cloud API (devservices/whatsapp.mjs): it refuses what the
// real one refuses (token, messaging_product, unknown template or language, variable count, a
// free text to someone who never wrote), fails on demand (429, 131026), and sends statuses and
// replies to the webhook signed with the app secret.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { sign, startWhatsapp } from '../whatsapp.mjs';

const TOKEN = 'token-de-teste';
const SECRET = 'segredo-de-teste';

function template(name, n, to = '5519998765432') {
  return {
    messaging_product: 'whatsapp',
    to,
    type: 'template',
    template: {
      name,
      language: { code: 'pt_BR' },
      components: [
        { type: 'body', parameters: Array.from({ length: n }, (_, i) => ({ type: 'text', text: `v${i + 1}` })) },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'painel/perfil/u1?pedido=p1' }] },
      ],
    },
  };
}

async function withService(fn) {
  const received = [];
  const hook = createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const raw = Buffer.concat(chunks).toString('utf8');
    received.push({ raw, signature: req.headers['x-hub-signature-256'], json: JSON.parse(raw) });
    res.end('ok');
  });
  await new Promise((ok) => hook.listen(0, '127.0.0.1', ok));
  const wa = await startWhatsapp({ port: 0, token: TOKEN, appSecret: SECRET, phoneNumberId: '42', statusDelayMs: 5, log: () => {}, webhookUrl: `http://127.0.0.1:${hook.address().port}/` });
  const post = (body, { token = TOKEN, id = '42' } = {}) =>
    fetch(`${wa.url}/${id}/messages`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }));
  const control = (path, body) => fetch(`http://127.0.0.1:${wa.port}/control/${path}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());
  try {
    await fn({ wa, post, control, received });
  } finally {
    await wa.close();
    hook.close();
  }
}

const until = async (cond) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((ok) => setTimeout(ok, 10));
  assert.ok(cond(), 'in time');
};

test('a known template with its variables is accepted, and its statuses come signed', async () => {
  await withService(async ({ wa, post, received }) => {
    const r = await post(template('pagamento_confirmado', 3));
    assert.equal(r.status, 200);
    const id = r.body.messages[0].id;
    assert.match(id, /^wamid\./);
    assert.deepEqual(wa.messages[0].body, ['v1', 'v2', 'v3']);
    await until(() => received.length === 3);
    assert.deepEqual(received.map((h) => h.json.entry[0].changes[0].value.statuses[0].status), ['sent', 'delivered', 'read']);
    for (const h of received) {
      assert.equal(h.signature, sign(SECRET, h.raw));
      assert.equal(h.json.entry[0].changes[0].value.statuses[0].id, id);
    }
  });
});

test('what the real API refuses is refused with its error code', async () => {
  await withService(async ({ post, wa }) => {
    assert.equal((await post(template('pedido_recebido', 3), { token: 'outro' })).body.error.code, 190);
    assert.equal((await post(template('pedido_recebido', 3), { id: '43' })).status, 400);
    assert.equal((await post({ ...template('pedido_recebido', 3), messaging_product: 'sms' })).body.error.code, 100);
    assert.equal((await post(template('promocao', 3))).body.error.code, 132001);
    const english = template('pedido_recebido', 3);
    english.template.language.code = 'en_US';
    assert.equal((await post(english)).body.error.code, 132001);
    assert.equal((await post(template('pedido_recebido', 2))).body.error.code, 132000);
    const text = { messaging_product: 'whatsapp', to: '5519998765432', type: 'text', text: { body: 'oi' } };
    assert.equal((await post(text)).body.error.code, 131047);
    assert.equal(wa.messages.length, 0);
  });
});

test('429 and 131026 on demand, then accepted again', async () => {
  await withService(async ({ post, control, received }) => {
    await control('fail', { status: 429 });
    const r = await post(template('saque_pago', 2));
    assert.deepEqual([r.status, r.body.error.code], [429, 130429]);
    await control('fail', { status: 400, code: 131026 });
    assert.equal((await post(template('saque_pago', 2))).body.error.code, 131026);
    await control('fail-status', { code: 131026 });
    assert.equal((await post(template('saque_pago', 2))).status, 200);
    await until(() => received.length === 1);
    const s = received[0].json.entry[0].changes[0].value.statuses[0];
    assert.deepEqual([s.status, s.errors[0].code], ['failed', 131026]);
  });
});

test('a simulated reply reaches the webhook signed, and opens the window for a text', async () => {
  await withService(async ({ post, control, received }) => {
    const r = await control('reply', { from: '+5519998765432', text: 'PARAR' });
    assert.equal(r.webhook, 200);
    const m = received[0].json.entry[0].changes[0].value.messages[0];
    assert.deepEqual([m.from, m.type, m.text.body], ['5519998765432', 'text', 'PARAR']);
    assert.equal(received[0].signature, sign(SECRET, received[0].raw));
    const text = { messaging_product: 'whatsapp', to: '5519998765432', type: 'text', text: { body: 'Pronto' } };
    assert.equal((await post(text)).status, 200);
  });
});
