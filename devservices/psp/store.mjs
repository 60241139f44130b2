// The PSP's account, in memory: immediate charges (`cob`), the Pix received and their refunds,
// with the life BACEN's OpenAPI gives them.
//
// - A charge is ATIVA until paid (CONCLUIDA) or removed (REMOVIDA_PELO_USUARIO_RECEBEDOR by
//   PATCH, REMOVIDA_PELO_PSP by the control API). Expiry does not change the status (the
//   OpenAPI: the status "não guarda relação com o fato de a cobrança encontrar-se vencida ou
//   expirada"); an expired charge simply cannot be paid.
// - PUT on an existing ATIVA charge revises it (revisao + 1); on any other status it is refused.
// - A refund starts EM_PROCESSAMENTO and settles DEVOLVIDO or NAO_REALIZADO later; PUT again
//   with the same id and amount answers the same refund (idempotent), with another amount it is
//   refused, as the OpenAPI's violation list says.
//
// Every function throws a `Problem` for the caller to answer with.

import { randomBytes, randomInt } from 'node:crypto';
import { dynamicBrCode } from './brcode.mjs';
import { Problem, violacao } from './http.mjs';
import { cents, checkCobBody, checkDevolucaoBody, valorOf } from './checks.mjs';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function alnum(n) {
  let s = '';
  for (let i = 0; i < n; i += 1) s += ALNUM[randomInt(ALNUM.length)];
  return s;
}

/** yyyyMMddHHmm in UTC, as end-to-end ids carry it. */
function stamp(date) {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 12);
}

/** End-to-end id (E…) or return id (D…): letter, ISPB, yyyyMMddHHmm, 11 random = 32. */
export function newEndToEndId(letter, ispb, date = new Date()) {
  return `${letter}${ispb}${stamp(date)}${alnum(11)}`;
}

export function createStore(config) {
  const cobs = new Map(); // txid → cob
  const pixes = new Map(); // endToEndId → pix (in arrival order)
  let locSeq = 0;

  const removeUndefined = (o) => Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined));

  function refundView(r) {
    return removeUndefined({
      id: r.id,
      rtrId: r.rtrId,
      valor: r.valor,
      natureza: r.natureza,
      descricao: r.descricao,
      horario: removeUndefined({ solicitacao: r.solicitacao, liquidacao: r.liquidacao }),
      status: r.status,
      motivo: r.motivo,
    });
  }

  function pixView(p) {
    return removeUndefined({
      endToEndId: p.endToEndId,
      txid: p.txid,
      valor: p.valor,
      chave: p.chave,
      horario: p.horario,
      infoPagador: p.infoPagador,
      pagador: p.pagador,
      devolucoes: p.refunds.size ? [...p.refunds.values()].map(refundView) : undefined,
    });
  }

  function cobView(c) {
    return removeUndefined({
      calendario: { criacao: c.criacao, expiracao: c.expiracao },
      txid: c.txid,
      revisao: c.revisao,
      loc: { ...c.loc, txid: c.txid },
      location: c.loc.location,
      status: c.status,
      devedor: c.devedor,
      valor: c.valor,
      chave: c.chave,
      solicitacaoPagador: c.solicitacaoPagador,
      infoAdicionais: c.infoAdicionais,
      pixCopiaECola: c.pixCopiaECola,
      pix: c.pix.length ? c.pix.map((e2e) => pixView(pixes.get(e2e))) : undefined,
    });
  }

  function brCode(c) {
    return dynamicBrCode({
      location: c.loc.location,
      amount: c.valor.modalidadeAlteracao === 1 ? null : c.valor.original,
      name: config.merchantName,
      city: config.merchantCity,
    });
  }

  function newLoc() {
    locSeq += 1;
    const token = randomBytes(16).toString('hex');
    return { id: locSeq, location: `${config.locationBase}/${token}`, tipoCob: 'cob', criacao: new Date().toISOString() };
  }

  /** Copies the fields a body sets onto the charge. */
  function apply(c, body) {
    if (body.calendario?.expiracao !== undefined) c.expiracao = body.calendario.expiracao;
    if (body.valor !== undefined) {
      c.valor = removeUndefined({
        original: body.valor.original ?? c.valor?.original,
        modalidadeAlteracao: body.valor.modalidadeAlteracao ?? c.valor?.modalidadeAlteracao,
      });
    }
    for (const f of ['chave', 'devedor', 'solicitacaoPagador', 'infoAdicionais']) {
      if (body[f] !== undefined) c[f] = body[f];
    }
    c.pixCopiaECola = brCode(c);
  }

  /** PUT /cob/{txid} (and POST /cob, with a txid of ours): `{cob, created}`. */
  function putCob(txid, body) {
    const existing = cobs.get(txid);
    const v = checkCobBody(body, { partial: false, keys: config.keys, ownLocId: existing?.loc.id });
    if (v.length) throw new Problem('CobOperacaoInvalida', { violacoes: v });
    if (existing) {
      if (existing.status !== 'ATIVA') {
        throw new Problem('CobOperacaoInvalida', {
          violacoes: [violacao('cob.status', 'A cobrança já existe, não está no status ATIVA, e a presente requisição busca alterá-la.', existing.status)],
        });
      }
      existing.revisao += 1;
      existing.expiracao = 86400;
      for (const f of ['valor', 'devedor', 'solicitacaoPagador', 'infoAdicionais']) delete existing[f];
      apply(existing, body);
      return { cob: cobView(existing), created: false };
    }
    const c = {
      txid, revisao: 0, criacao: new Date().toISOString(), expiracao: 86400, status: 'ATIVA', pix: [], loc: newLoc(),
    };
    apply(c, body);
    cobs.set(txid, c);
    return { cob: cobView(c), created: true };
  }

  function findCob(txid) {
    const c = cobs.get(txid);
    if (!c) throw new Problem('CobNaoEncontrado');
    return c;
  }

  /** PATCH /cob/{txid}. */
  function patchCob(txid, body) {
    const c = findCob(txid);
    const v = checkCobBody(body, { partial: true, keys: config.keys, ownLocId: c.loc.id });
    if (v.length) throw new Problem('CobOperacaoInvalida', { violacoes: v });
    if (c.status !== 'ATIVA') {
      throw new Problem('CobOperacaoInvalida', {
        violacoes: [violacao('cob.status', 'A cobrança não está ATIVA, e a presente requisição busca alterá-la.', c.status)],
      });
    }
    c.revisao += 1;
    if (body.status) c.status = body.status;
    else apply(c, body);
    return cobView(c);
  }

  function getCob(txid) {
    return cobView(findCob(txid));
  }

  /** Charges created in [inicio, fim], oldest first, with the optional filters of GET /cob. */
  function listCobs({ inicio, fim, status, cpf, cnpj }) {
    return [...cobs.values()]
      .filter((c) => {
        const t = Date.parse(c.criacao);
        return t >= inicio && t <= fim && (!status || c.status === status)
          && (!cpf || c.devedor?.cpf === cpf) && (!cnpj || c.devedor?.cnpj === cnpj);
      })
      .map(cobView);
  }

  function isExpired(c, now = Date.now()) {
    return now > Date.parse(c.criacao) + c.expiracao * 1000;
  }

  /** Records a received Pix; returns it (the caller notifies the webhook). */
  function receive({ txid, valor, chave, infoPagador, pagador }) {
    const p = {
      endToEndId: newEndToEndId('E', config.payerIspb),
      txid,
      valor,
      chave: chave ?? config.keys[0],
      horario: new Date().toISOString(),
      infoPagador,
      pagador,
      refunds: new Map(),
    };
    pixes.set(p.endToEndId, p);
    return p;
  }

  /** A payer pays the charge (control API): marks it CONCLUIDA; refuses what a payer's bank would. */
  function payCob(txid, { valor, infoPagador, pagador } = {}) {
    const c = cobs.get(txid);
    if (!c) throw new Problem('CobNaoEncontrado');
    if (c.status !== 'ATIVA') {
      throw new Problem('CobOperacaoInvalida', { status: 409, detail: `A cobrança está ${c.status} e não pode ser paga.` });
    }
    if (isExpired(c)) {
      throw new Problem('CobOperacaoInvalida', { status: 409, detail: 'A cobrança está expirada e não pode ser paga.' });
    }
    const amount = valor ?? c.valor.original;
    const p = receive({ txid, valor: amount, chave: c.chave, infoPagador, pagador });
    c.status = 'CONCLUIDA';
    c.pix.push(p.endToEndId);
    return pixView(p);
  }

  /**
   * A Pix Automático payment (a recurring charge's attempt paid, `endToEndId` the attempt's): kept
   * so that `GET /pix/{e2eid}` and its devolução work as for any Pix, but not listed by `GET /pix`.
   */
  function receiveRecurring({ endToEndId, txid, valor }) {
    const p = {
      endToEndId, txid, valor, chave: config.keys[0], horario: new Date().toISOString(), refunds: new Map(), recurring: true,
    };
    pixes.set(endToEndId, p);
    return pixView(p);
  }

  /** A Pix with whatever txid and amount (control API, to test refusals): charges unchanged. */
  function payArbitrary(fields) {
    return pixView(receive(fields));
  }

  function removeCobByPsp(txid) {
    const c = findCob(txid);
    c.status = 'REMOVIDA_PELO_PSP';
    return cobView(c);
  }

  function findPix(e2eid) {
    const p = pixes.get(e2eid);
    if (!p) throw new Problem('PixNaoEncontrado');
    return p;
  }

  const getPix = (e2eid) => pixView(findPix(e2eid));

  /** Pix received in [inicio, fim], oldest first, with the optional filters of GET /pix. */
  function listPix({ inicio, fim, txid, txIdPresente, devolucaoPresente, cpf, cnpj }) {
    return [...pixes.values()]
      .filter((p) => {
        const t = Date.parse(p.horario);
        return !p.recurring && t >= inicio && t <= fim
          && (txid === undefined || p.txid === txid)
          && (txIdPresente === undefined || Boolean(p.txid) === txIdPresente)
          && (devolucaoPresente === undefined || (p.refunds.size > 0) === devolucaoPresente)
          && (!cpf || p.pagador?.cpf === cpf) && (!cnpj || p.pagador?.cnpj === cnpj);
      })
      .map(pixView);
  }

  /** PUT /pix/{e2eid}/devolucao/{id}: `{devolucao, created, pix}`. */
  function putRefund(e2eid, id, body) {
    const v = checkDevolucaoBody(body);
    if (v.length) throw new Problem('PixDevolucaoInvalida', { violacoes: v });
    const p = findPix(e2eid);
    const existing = p.refunds.get(id);
    if (existing) {
      if (existing.valor === body.valor && (body.natureza ?? 'ORIGINAL') === (existing.natureza ?? 'ORIGINAL')) {
        return { devolucao: refundView(existing), created: false };
      }
      throw new Problem('PixDevolucaoInvalida', {
        violacoes: [violacao('devolucao.id', 'A presente requisição de devolução apresenta um {id} já utilizado por outra requisição de devolução para o {e2eid} em questão.', id)],
      });
    }
    const refunded = [...p.refunds.values()]
      .filter((r) => r.status !== 'NAO_REALIZADO')
      .reduce((sum, r) => sum + cents(r.valor), 0);
    if (refunded + cents(body.valor) > cents(p.valor)) {
      throw new Problem('PixDevolucaoInvalida', {
        violacoes: [violacao('devolucao.valor', `A presente requisição de devolução, em conjunto com as demais prévias devoluções, excederia o valor do pix originário (restam ${valorOf(cents(p.valor) - refunded)}).`, body.valor)],
      });
    }
    const r = {
      id,
      rtrId: newEndToEndId('D', config.ispb),
      valor: body.valor,
      natureza: body.natureza,
      descricao: body.descricao,
      solicitacao: new Date().toISOString(),
      status: 'EM_PROCESSAMENTO',
    };
    p.refunds.set(id, r);
    return { devolucao: refundView(r), created: true };
  }

  function getRefund(e2eid, id) {
    const r = findPix(e2eid).refunds.get(id);
    if (!r) throw new Problem('PixDevolucaoNaoEncontrada');
    return refundView(r);
  }

  /** Settles a refund (DEVOLVIDO or NAO_REALIZADO); returns the Pix as notified, or null. */
  function settleRefund(e2eid, id, { status, motivo }) {
    const p = pixes.get(e2eid);
    const r = p?.refunds.get(id);
    if (!r || r.status !== 'EM_PROCESSAMENTO') return null;
    r.status = status;
    if (status === 'DEVOLVIDO') r.liquidacao = new Date().toISOString();
    else r.motivo = motivo ?? 'Devolução não realizada pelo PSP (simulação)';
    return pixView(p);
  }

  function snapshot() {
    return { cobs: [...cobs.values()].map(cobView), pix: [...pixes.values()].map(pixView) };
  }

  function reset() {
    cobs.clear();
    pixes.clear();
  }

  const cobTxids = () => [...cobs.keys()];
  const cobIsPayable = (txid) => {
    const c = cobs.get(txid);
    return Boolean(c && c.status === 'ATIVA' && !isExpired(c));
  };

  return {
    putCob, patchCob, getCob, listCobs, payCob, payArbitrary, receiveRecurring, removeCobByPsp, getPix, listPix,
    putRefund, getRefund, settleRefund, snapshot, reset, cobTxids, cobIsPayable, cobValor: (t) => cobs.get(t)?.valor,
  };
}

export { alnum };
