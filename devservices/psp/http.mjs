// Small HTTP helpers shared by the PSP's servers: reading a body, answering JSON, and BACEN's
// problem+json errors (RFC 7807 with `violacoes`, type `https://pix.bcb.gov.br/api/v2/error/<Tipo>`).

const MAX_BODY = 1024 * 1024;

/** Reads the whole body as text (at most 1 MiB; more is cut and flagged). */
export function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Parses JSON text; `{ok:false}` when it is not JSON. Empty text is `{ok:true, value:undefined}`. */
export function parseJson(text) {
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, error: err.message };
  }
}

export function sendJson(res, status, body, contentType = 'application/json', headers = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': `${contentType}; charset=utf-8`,
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function sendEmpty(res, status) {
  res.writeHead(status, { 'content-length': 0 });
  res.end();
}

/** The titles and details BACEN's OpenAPI gives for each error type used here. */
const PROBLEMS = {
  RequisicaoInvalida: ['Requisição inválida.', 'A requisição não respeita o _schema_ ou está semanticamente errada.'],
  AcessoNegado: ['Acesso Negado', 'Requisição de participante autenticado que viola alguma regra de autorização.'],
  NaoAutorizado: ['Não autorizado', 'Token de acesso ausente, inválido ou expirado.'],
  NaoEncontrado: ['Não Encontrado', 'Entidade não encontrada.'],
  ErroInternoDoServidor: ['Erro interno do servidor', 'Condição inesperada ao processar requisição.'],
  ServicoIndisponivel: [
    'Serviço Indisponível',
    'Serviço não está disponível no momento. Serviço solicitado pode estar em manutenção ou fora da janela de funcionamento.',
  ],
  CobNaoEncontrado: ['Cobrança não encontrada.', 'Cobrança não encontrada para o txid informado.'],
  CobOperacaoInvalida: [
    'Cobrança inválida.',
    'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada.',
  ],
  CobConsultaInvalida: [
    'Consulta inválida.',
    'Os parâmetros de consulta à lista de cobranças para pagamento imediato não respeitam o _schema_ ou não fazem sentido semanticamente.',
  ],
  PixNaoEncontrado: ['Pix não encontrado.', 'Pix não encontrado para o e2eid informado.'],
  PixDevolucaoNaoEncontrada: [
    'Devolução não encontrada.',
    'Devolução representada por {id} não encontrada para o e2eid informado.',
  ],
  PixConsultaInvalida: [
    'Consulta inválida.',
    'Os parâmetros de consulta à lista de pix recebidos não respeitam o schema ou não fazem sentido semanticamente.',
  ],
  PixDevolucaoInvalida: [
    'Devolução inválida.',
    'A presente requisição de devolução não respeita o _schema_ ou não faz sentido semanticamente.',
  ],
  WebhookOperacaoInvalida: [
    'Webhook inválido.',
    'A presente requisição busca criar um webhook sem respeitar o _schema_ ou, ainda, com sentido semanticamente inválido.',
  ],
  RecOperacaoInvalida: ['Operação inválida.', 'A recorrência não respeita o _schema_ ou está semanticamente errada.'],
  CobROperacaoInvalida: ['Operação inválida.', 'A cobrança recorrente não respeita o _schema_ ou está semanticamente errada.'],
  WebhookNaoEncontrado: ['Webhook não encontrado.', 'O webhook denotado por {chave} não encontra-se estabelecido.'],
  WebhookConsultaInvalida: [
    'Consulta inválida.',
    'Os parâmetros de consulta à lista de webhooks ativados não respeitam o schema ou não fazem sentido semanticamente.',
  ],
};

const STATUS = {
  AcessoNegado: 403,
  NaoAutorizado: 401,
  NaoEncontrado: 404,
  ErroInternoDoServidor: 500,
  ServicoIndisponivel: 503,
  CobNaoEncontrado: 404,
  PixNaoEncontrado: 404,
  PixDevolucaoNaoEncontrada: 404,
  WebhookNaoEncontrado: 404,
};

/** An error a handler throws; the server turns it into problem+json. */
export class Problem extends Error {
  constructor(tipo, { violacoes, detail, status } = {}) {
    const [title, defaultDetail] = PROBLEMS[tipo] ?? [tipo, tipo];
    super(detail ?? defaultDetail);
    this.tipo = tipo;
    this.title = title;
    this.status = status ?? STATUS[tipo] ?? 400;
    this.violacoes = violacoes;
  }

  toJSON() {
    return {
      type: `https://pix.bcb.gov.br/api/v2/error/${this.tipo}`,
      title: this.title,
      status: this.status,
      detail: this.message,
      ...(this.violacoes?.length ? { violacoes: this.violacoes } : {}),
    };
  }
}

/** One violation: `{razao, propriedade, valor?}` (valor as a string, as the schema says). */
export function violacao(propriedade, razao, valor) {
  return { razao, propriedade, ...(valor === undefined ? {} : { valor: String(valor) }) };
}

export function sendProblem(res, problem, headers = {}) {
  const text = JSON.stringify(problem.toJSON());
  res.writeHead(problem.status, {
    'content-type': 'application/problem+json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}
