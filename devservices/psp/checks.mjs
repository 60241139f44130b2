// The PSP's own rules for what it receives, applied whether or not the OpenAPI file is there:
// anchored txid, amount and id formats (the OpenAPI's patterns are unanchored), positive
// amounts, known keys, field limits. Each returns BACEN-style violations
// (`{razao, propriedade}`); the caller answers 400 problem+json with them.

import { violacao } from './http.mjs';

export const TXID_RE = /^[a-zA-Z0-9]{26,35}$/;
export const E2E_RE = /^[a-zA-Z0-9]{32}$/;
export const DEVOLUCAO_ID_RE = /^[a-zA-Z0-9]{1,35}$/;
export const VALOR_RE = /^\d{1,10}\.\d{2}$/;

/** "12.50" → 1250 (the caller has checked the format). */
export function cents(valor) {
  const [units, decimals] = valor.split('.');
  return Number(units) * 100 + Number(decimals);
}

/** 1250 → "12.50". */
export function valorOf(centavos) {
  return `${Math.trunc(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const schema = (prop) => `O campo ${prop} não respeita o _schema_.`;

/** A positive amount "12.50": pushes a violation for `prop` when it is not. */
function checkValor(v, value, prop) {
  if (typeof value !== 'string' || !VALOR_RE.test(value)) v.push(violacao(prop, schema(prop), value));
  else if (cents(value) === 0) v.push(violacao(prop, `O campo ${prop} é zero.`, value));
}

function checkText(v, value, prop, max) {
  if (value !== undefined && (typeof value !== 'string' || value.length > max)) {
    v.push(violacao(prop, schema(prop)));
  }
}

/**
 * A charge's body (PUT/POST create it, so `partial` is false; PATCH revises it). `keys` are the
 * Pix keys of this account; `ownLocId` is the charge's own location id (PATCH/PUT on an
 * existing charge may name it).
 */
export function checkCobBody(body, { partial, keys, ownLocId }) {
  const v = [];
  if (!isObject(body)) return [violacao('cob', 'O corpo da requisição deve ser um objeto JSON.')];
  const { calendario, valor, chave, devedor, loc, infoAdicionais, status } = body;
  if (calendario !== undefined) {
    if (!isObject(calendario)) v.push(violacao('cob.calendario', schema('cob.calendario')));
    else if (calendario.expiracao !== undefined) {
      if (!Number.isInteger(calendario.expiracao)) {
        v.push(violacao('cob.calendario.expiracao', schema('cob.calendario.expiracao'), calendario.expiracao));
      } else if (calendario.expiracao <= 0) {
        v.push(violacao('cob.calendario.expiracao', 'O campo cob.calendario.expiracao é igual ou menor que zero.'));
      }
    }
  }
  if (valor === undefined) {
    if (!partial) v.push(violacao('cob.valor.original', schema('cob.valor.original')));
  } else if (!isObject(valor)) {
    v.push(violacao('cob.valor', schema('cob.valor')));
  } else {
    if (valor.original !== undefined || !partial) checkValor(v, valor.original, 'cob.valor.original');
    if (valor.modalidadeAlteracao !== undefined && ![0, 1].includes(valor.modalidadeAlteracao)) {
      v.push(violacao('cob.valor.modalidadeAlteracao', schema('cob.valor.modalidadeAlteracao')));
    }
  }
  if (chave === undefined) {
    if (!partial) v.push(violacao('cob.chave', schema('cob.chave')));
  } else if (typeof chave !== 'string' || chave.length === 0 || chave.length > 77) {
    v.push(violacao('cob.chave', schema('cob.chave')));
  } else if (!keys.includes(chave)) {
    v.push(violacao('cob.chave', 'O campo cob.chave corresponde a uma conta que não pertence a este usuário recebedor.', chave));
  }
  if (devedor !== undefined) {
    const okPerson = isObject(devedor)
      && typeof devedor.nome === 'string' && devedor.nome.length <= 200
      && ((typeof devedor.cpf === 'string' && /^\d{11}$/.test(devedor.cpf) && devedor.cnpj === undefined)
        || (typeof devedor.cnpj === 'string' && /^[0-9A-Z]{14}$/.test(devedor.cnpj) && devedor.cpf === undefined));
    if (!okPerson) v.push(violacao('cob.devedor', 'O objeto cob.devedor não respeita o _schema_.'));
  }
  checkText(v, body.solicitacaoPagador, 'cob.solicitacaoPagador', 140);
  if (infoAdicionais !== undefined) {
    const ok = Array.isArray(infoAdicionais) && infoAdicionais.length <= 50
      && infoAdicionais.every((i) => isObject(i) && typeof i.nome === 'string' && i.nome.length <= 50
        && typeof i.valor === 'string' && i.valor.length <= 200);
    if (!ok) v.push(violacao('cob.infoAdicionais', 'O objeto cob.infoAdicionais não respeita o _schema_.'));
  }
  if (loc !== undefined && !(isObject(loc) && loc.id === ownLocId)) {
    v.push(violacao('cob.loc.id', 'O location referenciado por cob.loc.id inexiste.'));
  }
  if (status !== undefined) {
    if (!partial || status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR') {
      v.push(violacao('cob.status', schema('cob.status'), status));
    } else if (Object.keys(body).length > 1) {
      v.push(violacao('cob.status', 'A cobrança está ATIVA, e a presente requisição propõe alterar seu status para REMOVIDA_PELO_USUARIO_RECEBEDOR juntamente com outras alterações.'));
    }
  }
  return v;
}

/** A refund's body. */
export function checkDevolucaoBody(body) {
  const v = [];
  if (!isObject(body)) return [violacao('devolucao', 'O corpo da requisição deve ser um objeto JSON.')];
  checkValor(v, body.valor, 'devolucao.valor');
  if (body.natureza !== undefined && !['ORIGINAL', 'RETIRADA'].includes(body.natureza)) {
    v.push(violacao('devolucao.natureza', schema('devolucao.natureza'), body.natureza));
  }
  checkText(v, body.descricao, 'devolucao.descricao', 140);
  return v;
}

/** RFC 3339 date-time → ms since the epoch, or NaN. */
export function parseDateTime(text) {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(text)) {
    return Number.NaN;
  }
  return Date.parse(text);
}

/**
 * A list query (`GET /pix`, `GET /cob`): inicio, fim (required unless `optionalWindow`), page
 * and size. Returns `{violations, inicio, fim, page, size}` (times in ms).
 */
export function checkListQuery(query, { optionalWindow = false } = {}) {
  const v = [];
  const out = { violations: v, page: 0, size: 100 };
  for (const name of ['inicio', 'fim']) {
    const text = query.get(name);
    if (text === null) {
      if (!optionalWindow) v.push(violacao(name, `O parâmetro ${name} é obrigatório.`));
      continue;
    }
    out[name] = parseDateTime(text);
    if (Number.isNaN(out[name])) v.push(violacao(name, `O parâmetro ${name} não respeita o _schema_.`, text));
  }
  if (out.inicio !== undefined && out.fim !== undefined && out.fim < out.inicio) {
    v.push(violacao('fim', 'O timestamp representado pelo parâmetro fim é anterior ao timestamp representado pelo parâmetro inicio.'));
  }
  if (query.get('cpf') !== null && query.get('cnpj') !== null) {
    v.push(violacao('cpf', 'Ambos os parâmetros cpf e cnpj estão preenchidos.'));
  }
  const page = query.get('paginacao.paginaAtual');
  if (page !== null) {
    out.page = /^\d+$/.test(page) ? Number(page) : -1;
    if (out.page < 0) v.push(violacao('paginacao.paginaAtual', 'O parâmetro paginacao.paginaAtual é negativo.', page));
  }
  const size = query.get('paginacao.itensPorPagina');
  if (size !== null) {
    out.size = /^\d+$/.test(size) ? Number(size) : -1;
    if (out.size < 1 || out.size > 1000) {
      v.push(violacao('paginacao.itensPorPagina', 'O parâmetro paginacao.itensPorPagina não respeita o _schema_.', size));
    }
  }
  return out;
}

/** One page of `items` and the `paginacao` object that describes it. */
export function paginate(items, page, size) {
  return {
    items: items.slice(page * size, page * size + size),
    paginacao: {
      paginaAtual: page,
      itensPorPagina: size,
      quantidadeDePaginas: Math.max(1, Math.ceil(items.length / size)),
      quantidadeTotalDeItens: items.length,
    },
  };
}
