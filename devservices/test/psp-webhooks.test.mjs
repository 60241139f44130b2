// The local PSP's webhooks: registration (Efí's mTLS probe, the hmac mode), notifications over
// mutual TLS, retries, and the scripted drop/twice behaviours.

import assert from 'node:assert/strict';
import { createServer } from 'node:https';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { foreignIdentity } from '../psp/certs.mjs';
import { KEY, cobBody, newTxid, sleep, startPsp, startReceiver, until } from './harness.mjs';

let psp;
let token;
let receiver;
before(async () => {
  psp = await startPsp();
  token = await psp.token();
});
after(() => psp?.stop());
beforeEach(() => psp.control('POST', '/reset'));
afterEach(() => receiver?.close());

const api = (method, path, body, headers) => psp.api(method, path, body, { token, headers });
const chave = encodeURIComponent(KEY);

async function register(r = receiver, { headers, suffix = '' } = {}) {
  const res = await api('PUT', `/webhook/${chave}`, { webhookUrl: `${r.base}/webhook${suffix}` }, headers);
  assert.equal(res.status, 200, res.text);
  return res;
}

async function payNew(valor = '9.90') {
  const txid = newTxid();
  assert.equal((await api('PUT', `/cob/${txid}`, cobBody(valor))).status, 201);
  const paid = await psp.control('POST', `/cob/${txid}/pay`, {});
  assert.equal(paid.status, 201);
  return { txid, pix: paid.body.pix };
}

const deliveries = async () => (await psp.control('GET', '/webhooks')).body.deliveries;

describe('registration', () => {
  test('an https URL is probed like Efí: refused without a certificate, then called with one', async () => {
    receiver = await startReceiver(psp);
    await register();
    assert.equal(receiver.received.length, 1, 'only the call with the certificate got through');
    assert.equal(receiver.received[0].path, '/webhook/pix');
    assert.equal(receiver.received[0].client, 'psp-webhook');
    assert.deepEqual(receiver.received[0].body, { pix: [] });
    const got = await api('GET', `/webhook/${chave}`);
    assert.equal(got.status, 200);
    assert.equal(got.body.webhookUrl, `${receiver.base}/webhook`);
    assert.equal(got.body.chave, KEY);
    const list = await api('GET', '/webhook');
    assert.equal(list.body.webhooks.length, 1);
    assert.equal((await api('DELETE', `/webhook/${chave}`)).status, 204);
    assert.equal((await api('GET', `/webhook/${chave}`)).status, 404);
  });

  test('a receiver that does not demand a client certificate is refused', async () => {
    const open = createServer({ key: psp.pem.webhookServerKey, cert: psp.pem.webhookServerCert }, (_req, res) => res.end('200'));
    await new Promise((ok) => open.listen(0, '127.0.0.1', ok));
    try {
      const res = await api('PUT', `/webhook/${chave}`, { webhookUrl: `https://127.0.0.1:${open.address().port}/webhook` });
      assert.equal(res.status, 400);
      assert.equal(res.body.type, 'https://pix.bcb.gov.br/api/v2/error/WebhookOperacaoInvalida');
      assert.match(res.body.violacoes[0].razao, /sem certificado de cliente/);
    } finally {
      open.closeAllConnections();
      open.close();
    }
  });

  test('a receiver whose certificate is not trusted is refused until its CA is added', async () => {
    const id = foreignIdentity({ server: true });
    const server = createServer({ key: id.key, cert: id.cert, ca: psp.pem.ca, requestCert: true }, (req, res) => {
      res.writeHead(req.socket.authorized ? 200 : 401);
      res.end();
    });
    await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const webhookUrl = `https://127.0.0.1:${server.address().port}/webhook`;
      const refused = await api('PUT', `/webhook/${chave}`, { webhookUrl });
      assert.equal(refused.status, 400);
      assert.match(refused.body.violacoes[0].razao, /não é confiável/);
      assert.equal((await psp.control('POST', '/webhook-ca', { pem: id.ca })).status, 204);
      const accepted = await api('PUT', `/webhook/${chave}`, { webhookUrl });
      assert.equal(accepted.status, 200, accepted.text);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  test('http needs an hmac; other hosts, foreign keys and bad URLs are refused', async () => {
    const bad = [
      [chave, { webhookUrl: 'http://127.0.0.1:9/webhook' }],
      [chave, { webhookUrl: 'https://example.com/webhook' }],
      [chave, { webhookUrl: 'não é url' }],
      [encodeURIComponent('outra@chave.com.br'), { webhookUrl: 'http://127.0.0.1:9/webhook?hmac=x' }],
    ];
    for (const [key, body] of bad) {
      const res = await api('PUT', `/webhook/${key}`, body);
      assert.equal(res.status, 400, `${key} ${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.body.type, 'https://pix.bcb.gov.br/api/v2/error/WebhookOperacaoInvalida');
    }
  });
});

describe('notifications', () => {
  test('a paid charge is notified at {webhookUrl}/pix over mTLS', async () => {
    receiver = await startReceiver(psp);
    await register();
    const { txid, pix } = await payNew('9.90');
    const [n] = await until(() => receiver.notifications().length && receiver.notifications(), 5000, 'notification');
    assert.equal(n.path, '/webhook/pix');
    assert.equal(n.client, 'psp-webhook');
    assert.equal(n.body.pix.length, 1);
    assert.deepEqual(n.body.pix[0], { endToEndId: pix.endToEndId, txid, valor: '9.90', chave: KEY, horario: pix.horario });
  });

  test('a failing receiver gets retries with backoff until it answers 2xx', async () => {
    receiver = await startReceiver(psp);
    await register();
    receiver.answers.push(500, 503, 404);
    const { txid } = await payNew();
    const d = await until(async () => (await deliveries()).find((x) => x.txid === txid && x.state === 'delivered'), 10_000, 'delivery');
    assert.deepEqual(d.attempts.map((a) => a.status), [500, 503, 404, 200]);
    assert.equal(d.kind, 'pix');
    assert.equal(d.url, `${receiver.base}/webhook/pix`);
    assert.equal(receiver.notifications().length, 4);
    const gaps = d.attempts.slice(1).map((a, i) => Date.parse(a.at) - Date.parse(d.attempts[i].at));
    // PSP_WEBHOOK_BACKOFF_MS is 50 in the harness: attempt n waits at least 50 × n ms.
    gaps.forEach((gap, i) => assert.ok(gap >= 50 * (i + 1) - 5, `backoff grows: ${gaps}`));
  });

  test('a receiver that is down is retried up to the limit, each attempt recorded', async () => {
    const stopped = await startPsp({ PSP_WEBHOOK_ATTEMPTS: '3', PSP_WEBHOOK_BACKOFF_MS: '20' });
    try {
      const t = await stopped.token();
      const r = await startReceiver(stopped, { mtls: false });
      const url = `${r.base}/webhook?hmac=segredo&ignorar=`;
      assert.equal((await stopped.api('PUT', `/webhook/${chave}`, { webhookUrl: url }, { token: t })).status, 200);
      await r.close();
      const txid = newTxid();
      await stopped.api('PUT', `/cob/${txid}`, cobBody(), { token: t });
      await stopped.control('POST', `/cob/${txid}/pay`, {});
      const d = await until(async () => (await stopped.control('GET', '/webhooks')).body.deliveries.find((x) => x.state === 'failed'), 10_000, 'failure');
      assert.equal(d.attempts.length, 3);
      assert.ok(d.attempts.every((a) => a.code === 'ECONNREFUSED'), JSON.stringify(d.attempts));
    } finally {
      await stopped.stop();
    }
  });

  test('http with hmac: the URL keeps its secret and Efí-style "/pix" lands in ignorar', async () => {
    receiver = await startReceiver(psp, { mtls: false });
    await register(receiver, { headers: { 'x-skip-mtls-checking': 'true' }, suffix: '?hmac=s3gr3d0&ignorar=' });
    await payNew();
    const [n] = await until(() => receiver.notifications().length && receiver.notifications(), 5000, 'notification');
    assert.equal(n.path, '/webhook');
    assert.deepEqual(n.query, { hmac: 's3gr3d0', ignorar: '/pix' });
  });

  test('drop: the next notification is never sent; twice: it is sent two times', async () => {
    receiver = await startReceiver(psp);
    await register();
    await psp.control('PUT', '/webhook-behaviour', { mode: 'drop', count: 1 });
    const dropped = await payNew();
    await psp.control('PUT', '/webhook-behaviour', { mode: 'twice', count: 1 });
    const doubled = await payNew();
    const normal = await payNew();
    await until(() => receiver.notifications().length >= 3, 5000, 'three notifications');
    await sleep(200);
    const txids = receiver.notifications().map((n) => n.body.pix[0].txid);
    assert.equal(txids.filter((t) => t === dropped.txid).length, 0);
    assert.equal(txids.filter((t) => t === doubled.txid).length, 2);
    assert.equal(txids.filter((t) => t === normal.txid).length, 1);
    const states = (await deliveries()).map((d) => [d.txid, d.state, d.mode]);
    assert.deepEqual(states.find((s) => s[0] === dropped.txid), [dropped.txid, 'dropped', 'drop']);
  });

  test('a settled refund is notified with its devolucoes; a Pix without txid is not', async () => {
    receiver = await startReceiver(psp);
    await register();
    await psp.control('POST', '/pix', { valor: '1.00' });
    const { pix } = await payNew('8.00');
    await api('PUT', `/pix/${pix.endToEndId}/devolucao/dev1`, { valor: '8.00' });
    const withRefund = await until(
      () => receiver.notifications().find((n) => n.body.pix[0].devolucoes),
      5000,
      'refund notification',
    );
    assert.equal(withRefund.body.pix[0].devolucoes[0].id, 'dev1');
    assert.equal(withRefund.body.pix[0].devolucoes[0].status, 'DEVOLVIDO');
    assert.equal(receiver.notifications().length, 2, 'the payment and the refund, not the Pix without txid');
  });
});
