// Pix Automático in the PSP's account, in memory: recurrence locations (`locrec`), recurrences
// (`rec`) and recurring charges (`cobr`), with the life BACEN's OpenAPI gives them, and the
// payer's side that a test or the demo plays through the control API.
//
// - A location (`POST /locrec`) is free until a recurrence is created with it (`loc`); the
//   recurrence's QR (`dadosQR.pixCopiaECola`, JORNADA_2) points at that location.
// - A recurrence is CRIADA until the payer approves it (APROVADA, with the payer's own maximum
//   amount) or refuses it (REJEITADA); either side may then cancel it (CANCELADA, with who asked
//   in `encerramento.cancelamento`). Cancelling a recurrence cancels its open charges.
// - A recurring charge needs an APROVADA recurrence. It is created ATIVA with its first attempt
//   (AGND, SOLICITADA) settling on the due date. The payer's side settles the current attempt:
//   paid (attempt PAGA, charge CONCLUIDA, a Pix with an end-to-end id) or failed (attempt
//   REJEITADA; with NAO_PERMITE the charge is REJEITADA, with PERMITE_3R_7D it stays ATIVA and
//   the receiver may ask a retry, NTAG, up to 3 times and 7 days after the due date). An amount
//   above the payer's maximum fails (AM02). The receiver may cancel an ATIVA charge (PATCH).
// - Recurrence payments are kept with their charge; `GET /pix/{e2eid}` and its devolução know
//   them as any Pix, but the account's `GET /pix` list leaves them out.
//
// Every function throws a `Problem` for the caller to answer with; each change the receiver's
// webhooks must hear about is returned for the caller to notify.

import { randomBytes } from 'node:crypto';
import { dynamicBrCode } from './brcode.mjs';
import { Problem, violacao } from './http.mjs';
import { TXID_RE, VALOR_RE, cents } from './checks.mjs';
import { alnum, newEndToEndId } from './store.mjs';

const MAX_RETRIES = 3;
const RETRY_DAYS = 7;
const DAY_MS = 86_400_000;

const now = () => new Date().toISOString();
/** Today in Brasília time (BACEN's dates), YYYY-MM-DD. */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
const removeUndefined = (o) => Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined));

function invalid(tipo, propriedade, razao, valor) {
  return new Problem(tipo, { violacoes: [violacao(propriedade, razao, valor)] });
}

/** RRxxxxxxxxyyyyMMddkkkkkkkkkkk (R: retries allowed) or RN… (BACEN's rule for idRec). */
function newIdRec(ispb, retries) {
  return `R${retries ? 'R' : 'N'}${ispb}${today().replace(/-/g, '')}${alnum(11)}`;
}

export function createRecurrences(config, store) {
  const locs = new Map(); // id → {id, location, criacao, idRec?}
  const recs = new Map(); // idRec → rec
  const cobrs = new Map(); // txid → cobr
  let locSeq = 0;

  const locView = (l) => removeUndefined({ id: l.id, location: l.location, tipo: 'rec', criacao: l.criacao, idRec: l.idRec });

  function qr(r) {
    if (!r.loc) return undefined;
    const pixCopiaECola = dynamicBrCode({ location: locs.get(r.loc).location, amount: null, name: config.merchantName, city: config.merchantCity });
    return { jornada: 'JORNADA_2', pixCopiaECola };
  }

  function recView(r) {
    return removeUndefined({
      idRec: r.idRec,
      vinculo: r.vinculo,
      calendario: r.calendario,
      valor: r.valor,
      politicaRetentativa: r.politicaRetentativa,
      recebedor: { cnpj: config.cnpj, nome: config.merchantName },
      pagador: r.pagador,
      status: r.status,
      loc: r.loc ? locView(locs.get(r.loc)) : undefined,
      dadosQR: r.status === 'CRIADA' ? qr(r) : undefined,
      ativacao: r.ativacao,
      encerramento: r.encerramento,
      atualizacao: r.atualizacao,
    });
  }

  /** What the recurrences' webhook carries (RecNotification). */
  const recNotification = (r) => removeUndefined({
    idRec: r.idRec, status: r.status, atualizacao: r.atualizacao, encerramento: r.encerramento, ativacao: r.ativacao,
  });

  function tentativaView(t) {
    return removeUndefined({
      dataLiquidacao: t.dataLiquidacao, tipo: t.tipo, endToEndId: t.endToEndId, status: t.status, atualizacao: t.atualizacao, rejeicao: t.rejeicao,
    });
  }

  function pixView(c, p) {
    return { endToEndId: p.endToEndId, txid: c.txid, valor: p.valor, horario: p.horario, chave: config.keys[0] };
  }

  function cobrView(c) {
    return removeUndefined({
      idRec: c.idRec,
      txid: c.txid,
      infoAdicional: c.infoAdicional,
      calendario: { criacao: c.criacao, dataDeVencimento: c.dataDeVencimento },
      status: c.status,
      valor: c.valor,
      politicaRetentativa: recs.get(c.idRec).politicaRetentativa,
      ajusteDiaUtil: c.ajusteDiaUtil,
      devedor: c.devedor,
      recebedor: { ...c.recebedor, cnpj: config.cnpj, nome: config.merchantName },
      pix: c.pix ? [pixView(c, c.pix)] : undefined,
      tentativas: c.tentativas.length ? c.tentativas.map(tentativaView) : undefined,
      encerramento: c.encerramento,
      atualizacao: c.atualizacao,
    });
  }

  /** What the recurring charges' webhook carries (CobRNotification). */
  const cobrNotification = (c) => removeUndefined({
    idRec: c.idRec,
    txid: c.txid,
    status: c.status,
    atualizacao: c.atualizacao,
    encerramento: c.encerramento,
    tentativas: c.tentativas.length ? c.tentativas.map(tentativaView) : undefined,
    pix: c.pix ? [pixView(c, c.pix)] : undefined,
  });

  // --- Locations ----------------------------------------------------------------------------

  function createLoc() {
    locSeq += 1;
    const l = { id: locSeq, location: `${config.locationBase}/rec/${randomBytes(16).toString('hex')}`, criacao: now() };
    locs.set(l.id, l);
    return locView(l);
  }

  function getLoc(id) {
    const l = locs.get(Number(id));
    if (!l) throw new Problem('NaoEncontrado', { detail: 'Location não encontrada.' });
    return locView(l);
  }

  // --- Recurrences --------------------------------------------------------------------------

  function findRec(idRec) {
    const r = recs.get(idRec);
    if (!r) throw new Problem('NaoEncontrado', { detail: 'Recorrência não encontrada para o idRec informado.' });
    return r;
  }

  function setRecStatus(r, status) {
    r.status = status;
    r.atualizacao.push({ status, data: now() });
  }

  /** POST /rec: a CRIADA recurrence, tied to the location `loc` when given. */
  function createRec(body) {
    const tipo = 'RecOperacaoInvalida';
    if (body?.loc !== undefined) {
      const l = locs.get(body.loc);
      if (!l) throw invalid(tipo, 'rec.loc', 'A location informada não existe.', body.loc);
      if (l.idRec) throw invalid(tipo, 'rec.loc', 'A location informada já está vinculada a outra recorrência.', body.loc);
    }
    const { dataInicial, dataFinal } = body.calendario;
    if (dataFinal !== undefined && dataFinal < dataInicial) {
      throw invalid(tipo, 'rec.calendario.dataFinal', 'A data final é anterior à data inicial.', dataFinal);
    }
    if (dataInicial < today()) throw invalid(tipo, 'rec.calendario.dataInicial', 'A data inicial já passou.', dataInicial);
    const r = {
      idRec: newIdRec(config.ispb, body.politicaRetentativa === 'PERMITE_3R_7D'),
      vinculo: body.vinculo,
      calendario: body.calendario,
      valor: body.valor,
      politicaRetentativa: body.politicaRetentativa,
      loc: body.loc,
      status: 'CRIADA',
      ativacao: { tipoJornada: 'AGUARDANDO_DEFINICAO' },
      atualizacao: [{ status: 'CRIADA', data: now() }],
    };
    if (r.loc !== undefined) locs.get(r.loc).idRec = r.idRec;
    recs.set(r.idRec, r);
    return recView(r);
  }

  const getRec = (idRec) => recView(findRec(idRec));

  /** Cancels the recurrence and its open charges; returns what to notify. */
  function cancel(r, solicitante, codigo, descricao) {
    setRecStatus(r, 'CANCELADA');
    r.encerramento = { cancelamento: { solicitante, codigo, descricao } };
    const changed = [];
    for (const c of cobrs.values()) {
      if (c.idRec === r.idRec && (c.status === 'ATIVA' || c.status === 'CRIADA')) {
        cancelCobr(c, solicitante, solicitante === 'USUARIO_PAGADOR' ? 'SLBD' : 'SLCR', 'Recorrência cancelada');
        changed.push(cobrNotification(c));
      }
    }
    return { rec: recNotification(r), cobrs: changed };
  }

  /** PATCH /rec/{idRec}: only `status: CANCELADA` changes the life of a recurrence here. */
  function patchRec(idRec, body) {
    const r = findRec(idRec);
    const notify = { rec: null, cobrs: [] };
    if (body.status === 'CANCELADA') {
      if (r.status === 'CANCELADA' || r.status === 'REJEITADA' || r.status === 'EXPIRADA') {
        throw invalid('RecOperacaoInvalida', 'rec.status', `A recorrência está ${r.status} e não pode ser cancelada.`, r.status);
      }
      Object.assign(notify, cancel(r, 'USUARIO_RECEBEDOR', 'SLCR', 'Cancelamento solicitado pelo usuário recebedor'));
    } else if (r.status !== 'CRIADA') {
      throw invalid('RecOperacaoInvalida', 'rec.status', 'Só uma recorrência CRIADA pode ser revisada.', r.status);
    } else {
      if (body.vinculo?.devedor?.nome) r.vinculo = { ...r.vinculo, devedor: { ...r.vinculo.devedor, nome: body.vinculo.devedor.nome } };
      if (body.calendario?.dataInicial) r.calendario = { ...r.calendario, dataInicial: body.calendario.dataInicial };
    }
    return { rec: recView(r), notify };
  }

  /** The payer approves at their bank, with an optional maximum amount ("12.50"). */
  function approve(idRec, { valorMaximo, cpf } = {}) {
    const r = findRec(idRec);
    if (r.status !== 'CRIADA') throw new Problem('RecOperacaoInvalida', { status: 409, detail: `A recorrência está ${r.status} e não pode ser aprovada.` });
    r.valorMaximo = valorMaximo;
    r.pagador = { cpf: cpf ?? r.vinculo.devedor.cpf ?? '12345678909', ispbParticipante: config.payerIspb, codMun: '3538709' };
    r.ativacao = { tipoJornada: 'JORNADA_2' };
    setRecStatus(r, 'APROVADA');
    return recNotification(r);
  }

  function refuse(idRec) {
    const r = findRec(idRec);
    if (r.status !== 'CRIADA') throw new Problem('RecOperacaoInvalida', { status: 409, detail: `A recorrência está ${r.status} e não pode ser recusada.` });
    setRecStatus(r, 'REJEITADA');
    r.encerramento = { rejeicao: { codigo: 'AP13', descricao: 'Recusada pelo usuário pagador (simulação)' } };
    return recNotification(r);
  }

  /** The payer cancels at their bank. */
  function cancelByPayer(idRec) {
    const r = findRec(idRec);
    if (r.status !== 'APROVADA' && r.status !== 'CRIADA') {
      throw new Problem('RecOperacaoInvalida', { status: 409, detail: `A recorrência está ${r.status} e não pode ser cancelada.` });
    }
    return cancel(r, 'USUARIO_PAGADOR', 'SLDB', 'Cancelamento solicitado pelo usuário pagador');
  }

  // --- Recurring charges --------------------------------------------------------------------

  function findCobr(txid) {
    const c = cobrs.get(txid);
    if (!c) throw new Problem('NaoEncontrado', { detail: 'Cobrança recorrente não encontrada para o txid informado.' });
    return c;
  }

  function setCobrStatus(c, status) {
    c.status = status;
    c.atualizacao.push({ status, data: now() });
  }

  function setAttempt(t, status) {
    t.status = status;
    t.atualizacao.push({ status, data: now() });
  }

  function newAttempt(tipo, dataLiquidacao) {
    return {
      dataLiquidacao, tipo, endToEndId: newEndToEndId('E', config.payerIspb), status: 'SOLICITADA', atualizacao: [{ status: 'SOLICITADA', data: now() }],
    };
  }

  function cancelCobr(c, solicitante, codigo, descricao) {
    setCobrStatus(c, 'CANCELADA');
    c.encerramento = { cancelamento: { solicitante, codigo, descricao } };
    const open = c.tentativas.at(-1);
    if (open && (open.status === 'SOLICITADA' || open.status === 'AGENDADA')) setAttempt(open, 'CANCELADA');
  }

  /** PUT /cobr/{txid} and POST /cobr: `{cobr, created}`; an existing txid is answered as it is. */
  function putCobr(txid, body) {
    const tipo = 'CobROperacaoInvalida';
    if (!TXID_RE.test(txid)) throw invalid(tipo, 'cobr.txid', 'O campo cobr.txid não respeita o _schema_ (26 a 35 letras e dígitos).', txid);
    const existing = cobrs.get(txid);
    if (existing) {
      if (existing.idRec !== body.idRec || existing.valor.original !== body.valor.original) {
        throw invalid(tipo, 'cobr.txid', 'Já existe uma cobrança recorrente com este txid.', txid);
      }
      return { cobr: cobrView(existing), created: false };
    }
    const r = recs.get(body.idRec);
    if (!r) throw invalid(tipo, 'cobr.idRec', 'A recorrência informada não existe.', body.idRec);
    if (r.status !== 'APROVADA') throw invalid(tipo, 'cobr.idRec', `A recorrência informada está ${r.status}, não APROVADA.`, body.idRec);
    if (!VALOR_RE.test(body.valor.original) || cents(body.valor.original) <= 0) {
      throw invalid(tipo, 'cobr.valor.original', 'O valor deve ser positivo.', body.valor.original);
    }
    if (body.calendario.dataDeVencimento < today()) {
      throw invalid(tipo, 'cobr.calendario.dataDeVencimento', 'A data de vencimento já passou.', body.calendario.dataDeVencimento);
    }
    const c = {
      idRec: body.idRec,
      txid,
      infoAdicional: body.infoAdicional,
      criacao: today(),
      dataDeVencimento: body.calendario.dataDeVencimento,
      valor: { original: body.valor.original },
      ajusteDiaUtil: body.ajusteDiaUtil,
      devedor: body.devedor,
      recebedor: body.recebedor,
      status: 'CRIADA',
      tentativas: [],
      atualizacao: [{ status: 'CRIADA', data: now() }],
    };
    setCobrStatus(c, 'ATIVA');
    c.tentativas.push(newAttempt('AGND', c.dataDeVencimento));
    setAttempt(c.tentativas[0], 'AGENDADA');
    cobrs.set(txid, c);
    return { cobr: cobrView(c), created: true };
  }

  const getCobr = (txid) => cobrView(findCobr(txid));

  /** PATCH /cobr/{txid}: the receiver cancels an open charge. */
  function patchCobr(txid, body) {
    const c = findCobr(txid);
    if (c.status !== 'ATIVA' && c.status !== 'CRIADA') {
      throw invalid('CobROperacaoInvalida', 'cobr.status', `A cobrança recorrente está ${c.status} e não pode ser cancelada.`, c.status);
    }
    if (body.status === 'CANCELADA') cancelCobr(c, 'USUARIO_RECEBEDOR', 'SLCR', 'Cancelamento de agendamento solicitado pelo usuário recebedor');
    return cobrView(c);
  }

  /** POST /cobr/{txid}/retentativa/{data}: a new attempt after a failed one, as the policy allows. */
  function retry(txid, data) {
    const tipo = 'CobROperacaoInvalida';
    const c = findCobr(txid);
    const r = recs.get(c.idRec);
    const fail = (razao) => invalid(tipo, 'cobr', razao, data);
    if (r.politicaRetentativa !== 'PERMITE_3R_7D') throw fail('A recorrência não permite novas tentativas (NAO_PERMITE).');
    if (c.status !== 'ATIVA') throw fail(`A cobrança recorrente está ${c.status}.`);
    if (c.tentativas.at(-1)?.status !== 'REJEITADA') throw fail('A última tentativa não foi rejeitada.');
    if (c.tentativas.filter((t) => t.tipo === 'NTAG').length >= MAX_RETRIES) throw fail(`Já foram feitas ${MAX_RETRIES} retentativas.`);
    const last = Date.parse(c.dataDeVencimento) + RETRY_DAYS * DAY_MS;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(data) || data < today() || Date.parse(data) > last) {
      throw fail(`A data da retentativa deve estar entre hoje e ${RETRY_DAYS} dias após o vencimento.`);
    }
    const t = newAttempt('NTAG', data);
    setAttempt(t, 'AGENDADA');
    c.tentativas.push(t);
    return cobrView(c);
  }

  /** The payer's PSP settles the current attempt: paid. Returns the notification. */
  function pay(txid, { valor } = {}) {
    const c = findCobr(txid);
    const t = c.tentativas.at(-1);
    if (c.status !== 'ATIVA' || t?.status !== 'AGENDADA') {
      throw new Problem('CobROperacaoInvalida', { status: 409, detail: `A cobrança recorrente está ${c.status} sem tentativa agendada.` });
    }
    const r = recs.get(c.idRec);
    if (r.valorMaximo !== undefined && cents(c.valor.original) > cents(r.valorMaximo)) {
      return fail(txid, { codigo: 'AM02', descricao: 'Valor acima do máximo autorizado pelo pagador' });
    }
    setAttempt(t, 'PAGA');
    c.pix = { endToEndId: t.endToEndId, valor: valor ?? c.valor.original, horario: now() };
    store?.receiveRecurring({ endToEndId: t.endToEndId, txid: c.txid, valor: c.pix.valor });
    setCobrStatus(c, 'CONCLUIDA');
    return cobrNotification(c);
  }

  /** The payer's PSP settles the current attempt: failed (no funds, by default). */
  function fail(txid, { codigo = 'MSUC', descricao = 'Pagamento não realizado pelo pagador (simulação)' } = {}) {
    const c = findCobr(txid);
    const t = c.tentativas.at(-1);
    if (c.status !== 'ATIVA' || t?.status !== 'AGENDADA') {
      throw new Problem('CobROperacaoInvalida', { status: 409, detail: `A cobrança recorrente está ${c.status} sem tentativa agendada.` });
    }
    setAttempt(t, 'REJEITADA');
    t.rejeicao = { codigo, descricao };
    const r = recs.get(c.idRec);
    const retries = c.tentativas.filter((x) => x.tipo === 'NTAG').length;
    if (r.politicaRetentativa !== 'PERMITE_3R_7D' || retries >= MAX_RETRIES) {
      setCobrStatus(c, 'REJEITADA');
      c.encerramento = { rejeicao: { codigo, descricao } };
    }
    return cobrNotification(c);
  }

  function snapshot() {
    return {
      locrec: [...locs.values()].map(locView),
      recs: [...recs.values()].map(recView),
      cobrs: [...cobrs.values()].map(cobrView),
    };
  }

  function reset() {
    locs.clear();
    recs.clear();
    cobrs.clear();
  }

  return {
    createLoc, getLoc, createRec, getRec, patchRec, approve, refuse, cancelByPayer,
    putCobr, getCobr, patchCobr, retry, pay, fail, snapshot, reset, newTxid: () => alnum(32),
  };
}
