// The local PSP's Pix Automático: recurrence locations and their QR, recurrences approved,
// refused and cancelled on either side, recurring charges paid, failed and retried as the
// recurrence's policy allows, and the rec/cobr webhooks; every request and answer checked against
// BACEN's OpenAPI (no violation recorded).

import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { loadValidator } from '../psp/openapi.mjs';
import { newTxid, startPsp, startReceiver, until } from './harness.mjs';

let psp;
let token;
let validator;
let receiver;
before(async () => {
  psp = await startPsp();
  token = await psp.token();
  validator = await loadValidator(psp.info.openapi);
});
after(() => psp?.stop());
beforeEach(() => psp.control('POST', '/reset'));
afterEach(async () => {
  assert.deepEqual((await psp.control('GET', '/violations')).body, [], 'no request broke the contract');
  await receiver?.close();
  receiver = null;
});

const api = (method, path, body) => psp.api(method, path, body, { token });
/** A day from today in Brasília time (the PSP's dates), YYYY-MM-DD. */
const isoDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000)
  .toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

/**
 * Rules of BACEN's response schemas that no answer can meet, so they are not held against us:
 * a location without its scheme (BACEN's own examples and the BR Code write it so) against
 * `format: uri`; `encerramento`'s `oneOf` of two alternatives that require nothing (every object
 * matches both); and a Pix's `valor`, both `type: string` and `anyOf` of objects.
 */
const UNSATISFIABLE = [
  (p) => /(^|\.)location$/.test(p.propriedade) && /format "uri"/.test(p.razao),
  (p) => /(^|\.)encerramento$/.test(p.propriedade) && /oneOf/.test(p.razao),
  (p) => /^pix\.\d+\.valor$/.test(p.propriedade),
];

/** The answer follows the operation's response schema in BACEN's OpenAPI (but UNSATISFIABLE). */
function conforms(method, path, res) {
  const problems = validator.validateResponse({ method, path, status: res.status, body: res.body })
    .filter((p) => !UNSATISFIABLE.some((rule) => rule(p)));
  assert.deepEqual(problems, [], `${method} ${path} ${res.status}: ${JSON.stringify(res.body)}`);
}

function recBody(extra = {}) {
  return {
    vinculo: { contrato: 'assinatura-42', devedor: { cpf: '12345678909', nome: 'Ana Souza' }, objeto: 'Cesta da semana' },
    calendario: { dataInicial: isoDay(1), periodicidade: 'SEMANAL' },
    politicaRetentativa: 'PERMITE_3R_7D',
    ...extra,
  };
}

async function newRec(extra) {
  const loc = await api('POST', '/locrec');
  assert.equal(loc.status, 201, loc.text);
  conforms('POST', '/locrec', loc);
  const rec = await api('POST', '/rec', recBody({ loc: loc.body.id, ...extra }));
  assert.equal(rec.status, 201, rec.text);
  conforms('POST', '/rec', rec);
  return { loc: loc.body, rec: rec.body };
}

async function approved(extra, approval = {}) {
  const made = await newRec(extra);
  const ok = await psp.control('POST', `/rec/${made.rec.idRec}/approve`, approval);
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  return made;
}

function cobrBody(idRec, valor = '45.90', vencimento = isoDay(2)) {
  return {
    idRec,
    calendario: { dataDeVencimento: vencimento },
    valor: { original: valor },
    ajusteDiaUtil: false,
    recebedor: { conta: '1234567', tipoConta: 'PAGAMENTO' },
    infoAdicional: 'Cesta da semana',
  };
}

async function newCobr(idRec, valor) {
  const txid = newTxid();
  const res = await api('PUT', `/cobr/${txid}`, cobrBody(idRec, valor));
  assert.equal(res.status, 201, res.text);
  conforms('PUT', `/cobr/${txid}`, res);
  return txid;
}

describe('recurrences', () => {
  test("a recurrence made with a location shows the location's QR until the payer approves it", async () => {
    const { loc, rec } = await newRec();
    assert.match(rec.idRec, /^RR12345678\d{8}[a-zA-Z0-9]{11}$/);
    assert.equal(rec.status, 'CRIADA');
    assert.equal(rec.loc.id, loc.id);
    assert.match(loc.location, /\/qr\/v2\/rec\/[0-9a-f]{32}$/);
    assert.ok(rec.dadosQR.pixCopiaECola.includes(loc.location), 'the QR points at the location');
    assert.match(rec.dadosQR.pixCopiaECola, /^000201.*6304[0-9A-F]{4}$/);
    const gotLoc = await api('GET', `/locrec/${loc.id}`);
    assert.equal(gotLoc.body.idRec, rec.idRec);
    conforms('GET', `/locrec/${loc.id}`, gotLoc);

    await psp.control('POST', `/rec/${rec.idRec}/approve`, { valorMaximo: '100.00' });
    const got = await api('GET', `/rec/${rec.idRec}`);
    assert.equal(got.status, 200);
    conforms('GET', `/rec/${rec.idRec}`, got);
    assert.equal(got.body.status, 'APROVADA');
    assert.deepEqual(got.body.atualizacao.map((a) => a.status), ['CRIADA', 'APROVADA']);
    assert.equal(got.body.dadosQR, undefined);
  });

  test('a location serves one recurrence; an unknown one is 404', async () => {
    const { loc } = await newRec();
    const again = await api('POST', '/rec', recBody({ loc: loc.id }));
    assert.equal(again.status, 400);
    assert.equal(again.body.type, 'https://pix.bcb.gov.br/api/v2/error/RecOperacaoInvalida');
    assert.equal((await api('GET', '/rec/RR1234567820240101aaaaaaaaaaa')).status, 404);
  });

  test('a request outside the contract is refused and recorded as a violation', async () => {
    const res = await api('POST', '/rec', recBody({ politicaRetentativa: 'SEMPRE' }));
    assert.equal(res.status, 400);
    assert.equal(res.body.type, 'https://pix.bcb.gov.br/api/v2/error/RecOperacaoInvalida');
    assert.ok(res.body.violacoes.some((v) => v.propriedade === 'rec.politicaRetentativa'), JSON.stringify(res.body));
    const violations = (await psp.control('GET', '/violations')).body;
    assert.equal(violations.length, 1);
    assert.equal(violations[0].endpoint, 'POST /rec');
    await psp.control('POST', '/reset');
  });

  test('the receiver cancels (PATCH), the payer refuses or cancels at the bank; the webhook hears each', async () => {
    receiver = await startReceiver(psp);
    assert.equal((await api('PUT', '/webhookrec', { webhookUrl: `${receiver.base}/hooks` })).status, 200);
    assert.equal((await api('GET', '/webhookrec')).body.webhookUrl, `${receiver.base}/hooks`);

    const mine = await approved();
    const patched = await api('PATCH', `/rec/${mine.rec.idRec}`, { status: 'CANCELADA' });
    assert.equal(patched.status, 200, patched.text);
    conforms('PATCH', `/rec/${mine.rec.idRec}`, patched);
    assert.equal(patched.body.encerramento.cancelamento.solicitante, 'USUARIO_RECEBEDOR');

    const refused = await newRec();
    assert.equal((await psp.control('POST', `/rec/${refused.rec.idRec}/refuse`)).status, 200);
    assert.equal((await psp.control('POST', `/rec/${refused.rec.idRec}/approve`)).status, 409);

    const atBank = await approved();
    const txid = await newCobr(atBank.rec.idRec);
    const cancelled = await psp.control('POST', `/rec/${atBank.rec.idRec}/cancel`);
    assert.equal(cancelled.status, 200);
    assert.equal(cancelled.body.cobrs.length, 1, 'the open charge is cancelled with it');
    const cobr = await api('GET', `/cobr/${txid}`);
    assert.equal(cobr.body.status, 'CANCELADA');
    assert.equal(cobr.body.encerramento.cancelamento.solicitante, 'USUARIO_PAGADOR');

    const recs = await until(() => {
      const got = receiver.received.filter((r) => r.path === '/hooks/rec' && r.body.recs.length > 0);
      return got.length >= 5 && got;
    }, 5000, 'five rec notifications');
    const byId = (id) => recs.filter((r) => r.body.recs[0].idRec === id).map((r) => r.body.recs[0].status);
    assert.deepEqual(byId(mine.rec.idRec), ['APROVADA', 'CANCELADA']);
    assert.deepEqual(byId(refused.rec.idRec), ['REJEITADA']);
    assert.ok(byId(atBank.rec.idRec).includes('CANCELADA'));
    const cancelledAtBank = recs.find((r) => r.body.recs[0].idRec === atBank.rec.idRec && r.body.recs[0].status === 'CANCELADA');
    assert.equal(cancelledAtBank.body.recs[0].encerramento.cancelamento.solicitante, 'USUARIO_PAGADOR');
  });
});

describe('recurring charges', () => {
  test('a charge needs an approved recurrence', async () => {
    const { rec } = await newRec();
    const res = await api('PUT', `/cobr/${newTxid()}`, cobrBody(rec.idRec));
    assert.equal(res.status, 400);
    assert.equal(res.body.type, 'https://pix.bcb.gov.br/api/v2/error/CobROperacaoInvalida');
  });

  test('paid: CONCLUIDA with the Pix, the cobr webhook is told; the same txid again answers the same charge', async () => {
    receiver = await startReceiver(psp);
    assert.equal((await api('PUT', '/webhookcobr', { webhookUrl: `${receiver.base}/hooks` })).status, 200);
    const { rec } = await approved();
    const txid = await newCobr(rec.idRec, '45.90');
    const first = await api('GET', `/cobr/${txid}`);
    assert.equal(first.body.status, 'ATIVA');
    assert.equal(first.body.tentativas[0].status, 'AGENDADA');
    conforms('GET', `/cobr/${txid}`, first);
    const again = await api('PUT', `/cobr/${txid}`, cobrBody(rec.idRec, '45.90'));
    assert.equal(again.status, 201);
    assert.equal(again.body.atualizacao.length, first.body.atualizacao.length, 'not a second charge');

    const paid = await psp.control('POST', `/cobr/${txid}/pay`);
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const got = await api('GET', `/cobr/${txid}`);
    conforms('GET', `/cobr/${txid}`, got);
    assert.equal(got.body.status, 'CONCLUIDA');
    assert.equal(got.body.pix[0].valor, '45.90');
    assert.match(got.body.pix[0].endToEndId, /^E[0-9A-Za-z]{31}$/);
    const note = await until(() => receiver.received.find((r) => r.path === '/hooks/cobr' && r.body.cobsr?.[0]?.status === 'CONCLUIDA'), 5000, 'cobr notification');
    assert.equal(note.body.cobsr[0].txid, txid);
    assert.equal(note.body.cobsr[0].idRec, rec.idRec);
    assert.equal((await psp.control('POST', `/cobr/${txid}/pay`)).status, 409, 'paid once');
    assert.equal((await api('GET', `/pix?inicio=${isoDay(-1)}T00:00:00Z&fim=${isoDay(1)}T00:00:00Z`)).body.pix.length, 0, 'kept with the charge, not in GET /pix');
    const e2e = got.body.pix[0].endToEndId;
    const one = await api('GET', `/pix/${e2e}`);
    assert.equal(one.status, 200, 'known as a Pix');
    assert.equal(one.body.txid, txid);
    const refund = await api('PUT', `/pix/${e2e}/devolucao/cesta1`, { valor: '45.90' });
    assert.equal(refund.status, 201, refund.text);
  });

  test('drop and twice script the rec and cobr notifications as they do the Pix ones; each delivery names its kind', async () => {
    receiver = await startReceiver(psp);
    for (const kind of ['rec', 'cobr']) {
      assert.equal((await api('PUT', `/webhook${kind}`, { webhookUrl: `${receiver.base}/hooks` })).status, 200);
    }
    await psp.control('PUT', '/webhook-behaviour', { mode: 'drop', count: 1 });
    const { rec } = await approved();
    const txid = await newCobr(rec.idRec);
    await psp.control('PUT', '/webhook-behaviour', { mode: 'twice', count: 1 });
    assert.equal((await psp.control('POST', `/cobr/${txid}/pay`)).status, 200);
    const paid = await until(() => {
      const got = receiver.received.filter((r) => r.path === '/hooks/cobr' && r.body.cobsr?.[0]?.txid === txid);
      return got.length >= 2 && got;
    }, 5000, 'the cobr notification, twice');
    assert.deepEqual(paid.map((r) => r.body.cobsr[0].status), ['CONCLUIDA', 'CONCLUIDA']);
    assert.equal(receiver.received.filter((r) => r.path === '/hooks/rec' && r.body.recs?.[0]?.idRec === rec.idRec).length, 0, 'the approval dropped');
    const states = await until(async () => {
      const all = (await psp.control('GET', `/webhooks?idRec=${rec.idRec}`)).body.deliveries.map((d) => [d.kind, d.mode, d.state]);
      return all.every(([, , state]) => state !== 'pending') && all;
    }, 5000, 'the deliveries settled');
    assert.deepEqual(states, [['rec', 'drop', 'dropped'], ['cobr', 'twice', 'delivered'], ['cobr', 'twice', 'delivered']]);
    const cobrOnly = (await psp.control('GET', '/webhooks?kind=cobr')).body.deliveries;
    assert.deepEqual(cobrOnly.map((d) => d.url), [`${receiver.base}/hooks/cobr`, `${receiver.base}/hooks/cobr`]);
  });

  test("an amount above the payer's maximum fails", async () => {
    const { rec } = await approved({}, { valorMaximo: '40.00' });
    const txid = await newCobr(rec.idRec, '45.90');
    const res = await psp.control('POST', `/cobr/${txid}/pay`);
    assert.equal(res.body.cobr.tentativas[0].status, 'REJEITADA');
    assert.equal(res.body.cobr.tentativas[0].rejeicao.codigo, 'AM02');
  });

  test('failed, retried up to three times with PERMITE_3R_7D, then REJEITADA', async () => {
    const { rec } = await approved();
    const txid = await newCobr(rec.idRec);
    const early = await api('POST', `/cobr/${txid}/retentativa/${isoDay(3)}`);
    assert.equal(early.status, 400, 'no retry before a failed attempt');
    for (let n = 1; n <= 3; n += 1) {
      assert.equal((await psp.control('POST', `/cobr/${txid}/fail`)).status, 200);
      const retry = await api('POST', `/cobr/${txid}/retentativa/${isoDay(2 + n)}`);
      assert.equal(retry.status, 201, retry.text);
      conforms('POST', `/cobr/${txid}/retentativa/${isoDay(2 + n)}`, retry);
      assert.equal(retry.body.tentativas.length, n + 1);
      assert.equal(retry.body.tentativas.at(-1).tipo, 'NTAG');
    }
    const last = await psp.control('POST', `/cobr/${txid}/fail`);
    assert.equal(last.body.cobr.status, 'REJEITADA');
    const tooLate = await api('POST', `/cobr/${txid}/retentativa/${isoDay(4)}`);
    assert.equal(tooLate.status, 400);
  });

  test('NAO_PERMITE: one failure ends the charge; no retry', async () => {
    const { rec } = await approved({ politicaRetentativa: 'NAO_PERMITE' });
    assert.match(rec.idRec, /^RN/);
    const txid = await newCobr(rec.idRec);
    const failed = await psp.control('POST', `/cobr/${txid}/fail`);
    assert.equal(failed.body.cobr.status, 'REJEITADA');
    const retry = await api('POST', `/cobr/${txid}/retentativa/${isoDay(3)}`);
    assert.equal(retry.status, 400);
    assert.match(retry.body.violacoes[0].razao, /não permite/);
  });

  test('the receiver cancels an open charge (PATCH); a paid one cannot be', async () => {
    const { rec } = await approved();
    const open = await newCobr(rec.idRec);
    const cancelled = await api('PATCH', `/cobr/${open}`, { status: 'CANCELADA' });
    assert.equal(cancelled.status, 200, cancelled.text);
    conforms('PATCH', `/cobr/${open}`, cancelled);
    assert.equal(cancelled.body.status, 'CANCELADA');
    const paid = await newCobr(rec.idRec);
    await psp.control('POST', `/cobr/${paid}/pay`);
    assert.equal((await api('PATCH', `/cobr/${paid}`, { status: 'CANCELADA' })).status, 400);
  });
});
