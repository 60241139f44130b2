// The local PSP's API Pix: charges, BR Codes, payments, GET /pix, refunds. Run with
// `node --test devservices/test/` (part of `just test`).

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { parsePix } from 'pix-utils';
import { parseEmv } from 'pix-utils/dist/main/emvHandler.js';
import { KEY, cobBody, newTxid, sleep, startPsp, until } from './harness.mjs';

let psp;
let token;
before(async () => {
  psp = await startPsp();
  token = await psp.token();
});
after(() => psp?.stop());
beforeEach(() => psp.control('POST', '/reset'));

const api = (method, path, body) => psp.api(method, path, body, { token });

describe('cob', () => {
  test('PUT creates an ATIVA charge with a dynamic BR Code that pix-utils reads', async () => {
    const txid = newTxid();
    const r = await api('PUT', `/cob/${txid}`, cobBody('12.50', { solicitacaoPagador: 'Pedido 42' }));
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.status, 'ATIVA');
    assert.equal(r.body.txid, txid);
    assert.equal(r.body.revisao, 0);
    assert.deepEqual(r.body.valor, { original: '12.50' });
    assert.equal(r.body.calendario.expiracao, 3600);
    assert.equal(r.body.loc.tipoCob, 'cob');
    assert.equal(r.body.location, r.body.loc.location);
    assert.doesNotMatch(r.body.location, /^https?:/);

    const parsed = parsePix(r.body.pixCopiaECola);
    assert.equal(parsed.type, 'DYNAMIC', JSON.stringify(parsed));
    assert.equal(parsed.url, r.body.location);
    assert.equal(parsed.merchantName, 'FEIRA');
    assert.equal(parsed.merchantCity, 'PIRACICABA');
    const emv = parseEmv({ emvCode: r.body.pixCopiaECola });
    assert.equal(emv.getTag('54'), '12.50');
    assert.equal(emv.getSubTag('05', '62'), '***');
    assert.equal(emv.getSubTag('00', '26'), 'br.gov.bcb.pix');

    const got = await api('GET', `/cob/${txid}`);
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, r.body);
  });

  test('a charge whose amount the payer may change has no field 54', async () => {
    const r = await api('PUT', `/cob/${newTxid()}`, cobBody('5.00', { valor: { original: '5.00', modalidadeAlteracao: 1 } }));
    assert.equal(r.status, 201, r.text);
    assert.equal(parseEmv({ emvCode: r.body.pixCopiaECola }).getTag('54'), undefined);
  });

  test('refusals: txid, zero amount, foreign key, expiry, unknown charge', async () => {
    const short = await api('PUT', '/cob/curto123', cobBody());
    assert.equal(short.status, 400);
    assert.match(short.headers['content-type'], /^application\/problem\+json/);
    assert.equal(short.body.type, 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida');
    assert.ok(short.body.violacoes.some((v) => v.propriedade === 'cob.txid'), short.text);

    const zero = await api('PUT', `/cob/${newTxid()}`, cobBody('0.00'));
    assert.equal(zero.status, 400);
    assert.ok(zero.body.violacoes.some((v) => v.razao === 'O campo cob.valor.original é zero.'), zero.text);

    const foreign = await api('PUT', `/cob/${newTxid()}`, { ...cobBody(), chave: 'outra@chave.com.br' });
    assert.equal(foreign.status, 400);
    assert.ok(foreign.body.violacoes.some((v) => v.propriedade === 'cob.chave'), foreign.text);

    const expiry = await api('PUT', `/cob/${newTxid()}`, { ...cobBody(), calendario: { expiracao: 0 } });
    assert.equal(expiry.status, 400);

    const missing = await api('GET', `/cob/${newTxid()}`);
    assert.equal(missing.status, 404);
    assert.equal(missing.body.type, 'https://pix.bcb.gov.br/api/v2/error/CobNaoEncontrado');
  });

  test('PUT again revises an ATIVA charge; a paid one cannot be changed', async () => {
    const txid = newTxid();
    await api('PUT', `/cob/${txid}`, cobBody('10.00'));
    const again = await api('PUT', `/cob/${txid}`, cobBody('11.00'));
    assert.equal(again.status, 201, again.text);
    assert.equal(again.body.revisao, 1);
    assert.equal(again.body.valor.original, '11.00');
    assert.equal((await psp.control('POST', `/cob/${txid}/pay`, {})).status, 201);
    const late = await api('PUT', `/cob/${txid}`, cobBody('12.00'));
    assert.equal(late.status, 400);
    assert.match(late.body.violacoes[0].razao, /não está no status ATIVA/);
  });

  test('PATCH removes a charge (REMOVIDA_PELO_USUARIO_RECEBEDOR), which then cannot be paid', async () => {
    const txid = newTxid();
    await api('PUT', `/cob/${txid}`, cobBody());
    const r = await api('PATCH', `/cob/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.status, 'REMOVIDA_PELO_USUARIO_RECEBEDOR');
    const pay = await psp.control('POST', `/cob/${txid}/pay`, {});
    assert.equal(pay.status, 409);
  });

  test('the PSP can remove a charge (REMOVIDA_PELO_PSP); an expired charge stays ATIVA but cannot be paid', async () => {
    const a = newTxid();
    await api('PUT', `/cob/${a}`, cobBody());
    assert.equal((await psp.control('POST', `/cob/${a}/remove`)).body.status, 'REMOVIDA_PELO_PSP');
    assert.equal((await api('GET', `/cob/${a}`)).body.status, 'REMOVIDA_PELO_PSP');

    const b = newTxid();
    await api('PUT', `/cob/${b}`, { ...cobBody(), calendario: { expiracao: 1 } });
    await sleep(1100);
    assert.equal((await api('GET', `/cob/${b}`)).body.status, 'ATIVA');
    const pay = await psp.control('POST', `/cob/${b}/pay`, {});
    assert.equal(pay.status, 409);
    assert.match(pay.body.error, /expirada/);
  });
});

describe('payments and GET /pix', () => {
  test('paying marks the charge CONCLUIDA with its Pix', async () => {
    const txid = newTxid();
    await api('PUT', `/cob/${txid}`, cobBody('7.30'));
    const paid = await psp.control('POST', `/cob/${txid}/pay`, { infoPagador: 'Obrigado' });
    assert.equal(paid.status, 201);
    const { pix } = paid.body;
    assert.match(pix.endToEndId, /^E\d{8}\d{12}[a-zA-Z0-9]{11}$/);
    assert.equal(pix.valor, '7.30');
    const cob = (await api('GET', `/cob/${txid}`)).body;
    assert.equal(cob.status, 'CONCLUIDA');
    assert.equal(cob.pix.length, 1);
    assert.equal(cob.pix[0].endToEndId, pix.endToEndId);
    assert.equal(cob.pix[0].infoPagador, 'Obrigado');
    assert.equal((await psp.control('POST', `/cob/${txid}/pay`, {})).status, 409, 'paid twice');
    const one = await api('GET', `/pix/${pix.endToEndId}`);
    assert.equal(one.status, 200);
    assert.equal(one.body.txid, txid);
    assert.equal((await api('GET', `/pix/E${'0'.repeat(31)}`)).status, 404);
  });

  test('GET /pix filters by window and pages with paginacao', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    const paid = [];
    for (let i = 0; i < 5; i += 1) {
      const txid = newTxid();
      await api('PUT', `/cob/${txid}`, cobBody(`${i + 1}.00`));
      paid.push((await psp.control('POST', `/cob/${txid}/pay`, {})).body.pix.endToEndId);
    }
    await psp.control('POST', '/pix', { valor: '3.33' }); // no txid
    const end = new Date(Date.now() + 1000).toISOString();
    const q = (extra) => `/pix?inicio=${encodeURIComponent(before)}&fim=${encodeURIComponent(end)}${extra}`;

    const page1 = await api('GET', q('&paginacao.itensPorPagina=2&txIdPresente=true'));
    assert.equal(page1.status, 200, page1.text);
    assert.deepEqual(page1.body.parametros.paginacao, { paginaAtual: 0, itensPorPagina: 2, quantidadeDePaginas: 3, quantidadeTotalDeItens: 5 });
    assert.deepEqual(page1.body.pix.map((p) => p.endToEndId), paid.slice(0, 2));
    const page3 = await api('GET', q('&paginacao.itensPorPagina=2&paginacao.paginaAtual=2&txIdPresente=true'));
    assert.deepEqual(page3.body.pix.map((p) => p.endToEndId), paid.slice(4));
    assert.equal((await api('GET', q(''))).body.pix.length, 6);

    const old = await api('GET', '/pix?inicio=2020-01-01T00:00:00Z&fim=2020-01-02T00:00:00Z');
    assert.equal(old.body.pix.length, 0);
    assert.equal(old.body.parametros.paginacao.quantidadeTotalDeItens, 0);

    const backwards = await api('GET', `/pix?inicio=${encodeURIComponent(end)}&fim=${encodeURIComponent(before)}`);
    assert.equal(backwards.status, 400);
    assert.equal(backwards.body.type, 'https://pix.bcb.gov.br/api/v2/error/PixConsultaInvalida');
  });
});

describe('refunds', () => {
  async function paidPix(valor = '20.00') {
    const txid = newTxid();
    await api('PUT', `/cob/${txid}`, cobBody(valor));
    return (await psp.control('POST', `/cob/${txid}/pay`, {})).body.pix.endToEndId;
  }

  test('a refund goes EM_PROCESSAMENTO → DEVOLVIDO and is idempotent on our id', async () => {
    const e2e = await paidPix();
    const path = `/pix/${e2e}/devolucao/feiraRefund1`;
    const first = await api('PUT', path, { valor: '5.00' });
    assert.equal(first.status, 201, first.text);
    assert.equal(first.body.status, 'EM_PROCESSAMENTO');
    assert.match(first.body.rtrId, /^D[a-zA-Z0-9]{31}$/);
    const again = await api('PUT', path, { valor: '5.00' });
    assert.equal(again.status, 201);
    assert.equal(again.body.rtrId, first.body.rtrId);
    const done = await until(async () => {
      const r = await api('GET', path);
      return r.body.status === 'DEVOLVIDO' && r.body;
    }, 5000, 'DEVOLVIDO');
    assert.ok(done.horario.liquidacao);
    const pix = (await api('GET', `/pix/${e2e}`)).body;
    assert.equal(pix.devolucoes.length, 1, 'one refund, not two');
    const refundPuts = (await psp.control('GET', `/requests?endpoint=${encodeURIComponent('PUT /pix/{e2eid}/devolucao/{id}')}`)).body;
    assert.equal(refundPuts.length, 2);
    assert.ok(refundPuts.every((r) => r.path.endsWith('/feiraRefund1')));
  });

  test('same id with another amount, too much in total, and unknown ones are refused', async () => {
    const e2e = await paidPix('10.00');
    assert.equal((await api('PUT', `/pix/${e2e}/devolucao/a1`, { valor: '6.00' })).status, 201);
    const clash = await api('PUT', `/pix/${e2e}/devolucao/a1`, { valor: '7.00' });
    assert.equal(clash.status, 400);
    assert.equal(clash.body.type, 'https://pix.bcb.gov.br/api/v2/error/PixDevolucaoInvalida');
    const tooMuch = await api('PUT', `/pix/${e2e}/devolucao/a2`, { valor: '4.01' });
    assert.equal(tooMuch.status, 400);
    assert.match(tooMuch.body.violacoes[0].razao, /excederia o valor do pix originário/);
    assert.equal((await api('PUT', `/pix/${e2e}/devolucao/a3`, { valor: '4.00' })).status, 201);
    assert.equal((await api('GET', `/pix/${e2e}/devolucao/nada`)).status, 404);
    assert.equal((await api('PUT', `/pix/E${'1'.repeat(31)}/devolucao/x`, { valor: '1.00' })).status, 404);
  });

  test('the control API can make the next refund NAO_REALIZADO, which frees its amount', async () => {
    const e2e = await paidPix('10.00');
    await psp.control('PUT', '/refund-outcome', { status: 'NAO_REALIZADO', motivo: 'Conta do pagador encerrada' });
    await api('PUT', `/pix/${e2e}/devolucao/r1`, { valor: '10.00' });
    const failed = await until(async () => {
      const r = await api('GET', `/pix/${e2e}/devolucao/r1`);
      return r.body.status === 'NAO_REALIZADO' && r.body;
    }, 5000, 'NAO_REALIZADO');
    assert.equal(failed.motivo, 'Conta do pagador encerrada');
    assert.equal((await api('PUT', `/pix/${e2e}/devolucao/r2`, { valor: '10.00' })).status, 201);
  });
});

test('the account key is the one in .env.example', () => {
  assert.deepEqual(psp.info.keys, [KEY]);
});
