// Local CEP lookup for Feira's demo and tests (decisions.md §31): answers like ViaCEP
// (`GET /ws/{cep}/json/`) and like BrasilAPI (`GET /api/cep/v1/{cep}`), from the small table
// below. Loopback only, no dependencies. Point the API at it with
// `CEP_URL=http://127.0.0.1:<port>/ws/{cep}/json/` (or `.../api/cep/v1/{cep}`).
//
// The table holds a few CEPs of the demo's region and São Paulo's Praça da Sé. Their streets and
// bairros are demo data written for these tests, not the Correios' database.
//
// Env:
//   CEP_PORT   port (default 8095; 0 picks a free one)
//
// Prints `cep: listening on http://127.0.0.1:<port>` when ready, then `cep: <path> <status>` for
// every request.

import { createServer } from 'node:http';

const CEPS = {
  '13400390': { logradouro: 'Rua Moraes Barros', bairro: 'Centro', localidade: 'Piracicaba', uf: 'SP' },
  '13416230': { logradouro: 'Rua Governador Pedro de Toledo', bairro: 'Cidade Alta', localidade: 'Piracicaba', uf: 'SP' },
  '13417780': { logradouro: 'Estrada Municipal PIR-164', bairro: 'Santa Rosa', localidade: 'Piracicaba', uf: 'SP' },
  '13400000': { logradouro: '', bairro: '', localidade: 'Piracicaba', uf: 'SP' },
  '13500000': { logradouro: '', bairro: '', localidade: 'Rio Claro', uf: 'SP' },
  '13480000': { logradouro: '', bairro: '', localidade: 'Limeira', uf: 'SP' },
  '13450000': { logradouro: '', bairro: '', localidade: "Santa Bárbara d'Oeste", uf: 'SP' },
  '01001000': { logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP' },
};

function masked(digits) {
  return `${digits.slice(0, 5)}-${digits.slice(5)}`;
}

function send(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const server = createServer((req, res) => {
  const path = new URL(req.url, 'http://127.0.0.1').pathname;
  let m = /^\/ws\/([^/]+)\/json\/?$/.exec(path);
  let status;
  if (req.method !== 'GET') {
    status = 405;
    send(res, status, { erro: true });
  } else if (m) {
    // ViaCEP: 400 for a malformed CEP, 200 {"erro": "true"} for an unknown one.
    const digits = decodeURIComponent(m[1]);
    if (!/^\d{8}$/.test(digits)) {
      status = 400;
      send(res, status, { erro: true });
    } else if (!CEPS[digits]) {
      status = 200;
      send(res, status, { erro: 'true' });
    } else {
      status = 200;
      const c = CEPS[digits];
      send(res, status, { cep: masked(digits), logradouro: c.logradouro, complemento: '', bairro: c.bairro, localidade: c.localidade, uf: c.uf });
    }
  } else if ((m = /^\/api\/cep\/v1\/([^/]+)$/.exec(path))) {
    // BrasilAPI: 404 for an unknown CEP, 400 for a malformed one.
    const digits = decodeURIComponent(m[1]).replace(/\D/g, '');
    const c = CEPS[digits];
    if (digits.length !== 8) {
      status = 400;
      send(res, status, { name: 'CepPromiseError', message: 'CEP deve conter exatamente 8 caracteres.', type: 'validation_error' });
    } else if (!c) {
      status = 404;
      send(res, status, { name: 'CepPromiseError', message: 'Todos os serviços de CEP retornaram erro.', type: 'service_error' });
    } else {
      status = 200;
      send(res, status, { cep: digits, state: c.uf, city: c.localidade, neighborhood: c.bairro, street: c.logradouro, service: 'feira-local' });
    }
  } else {
    status = 404;
    send(res, status, { erro: true });
  }
  console.log(`cep: ${path} ${status}`);
});

// Idle connections are kept as a production server keeps them (Node's 5 s could close a client's
// pooled connection as its next request goes out: the answer would be cut off).
server.keepAliveTimeout = 75_000;
server.headersTimeout = 80_000;
server.listen(Number(process.env.CEP_PORT ?? 8095), '127.0.0.1', () => {
  console.log(`cep: listening on http://127.0.0.1:${server.address().port}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
