// Checks every request the PSP receives against BACEN's OpenAPI of the API Pix (the 2.9.0 YAML,
// read from disk at start and never committed), with npm `openapi-backend` (Ajv underneath, with
// `ajv-formats` for date-time and uri). Paths are matched without the `/v2` prefix, like the
// OpenAPI's servers (`https://pix.example.com/api/`).
//
// Three defects of BACEN's file are read as BACEN means them, or every correct request would
// fail: patterns written as JavaScript regex literals (`"/^\\d{11}$/"` for a CPF: as a JSON
// Schema pattern it needs literal slashes around the digits) lose their slashes; the string
// default `"86400"` of an integer (`calendario.expiracao`) is dropped (defaults are never applied
// here); and `RecBase`, shared by the recurrence's request and answers, requires `idRec` (which
// the PSP makes, so no request to `POST /rec` could carry it; BACEN's own example has none) and
// `retentativa` (a property that exists nowhere: the field is `politicaRetentativa`, required by
// `RecConfiguracao`), so both leave its required list.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import OpenAPIBackendModule from 'openapi-backend';
import addFormatsModule from 'ajv-formats';
import { parse as parseYaml } from 'yaml';

const OpenAPIBackend = OpenAPIBackendModule.default ?? OpenAPIBackendModule.OpenAPIBackend ?? OpenAPIBackendModule;
const addFormats = addFormatsModule.default ?? addFormatsModule;

export const OPENAPI_FILE = 'bacen-api-pix-2.9.0.openapi.yaml';
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/**
 * Where the OpenAPI file is: `explicit` (argument or PIX_OPENAPI) when given, else
 * `<repo>/../shared/reference/<file>`, else the same under any ancestor of the repository.
 */
export function locateOpenApi(explicit, repoDir) {
  if (explicit) return resolve(explicit);
  const beside = join(resolve(repoDir), '..', 'shared', 'reference', OPENAPI_FILE);
  for (let dir = resolve(repoDir); ; dir = dirname(dir)) {
    const candidate = join(dirname(dir), 'shared', 'reference', OPENAPI_FILE);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return beside; // not found: name the documented place
  }
}

/** Applies the two readings described at the top of this file, in place. */
function fixKnownDefects(node) {
  if (Array.isArray(node)) {
    node.forEach(fixKnownDefects);
  } else if (node && typeof node === 'object') {
    if (typeof node.pattern === 'string' && /^\/.+\/$/.test(node.pattern)) {
      node.pattern = node.pattern.slice(1, -1);
    }
    if (node.type === 'integer' && typeof node.default === 'string') delete node.default;
    for (const value of Object.values(node)) fixKnownDefects(value);
  }
}

/** `/requestBody/valor/original` → `body.valor.original`; `/query/inicio` → `query.inicio`. */
function property(instancePath, params) {
  const parts = instancePath.split('/').filter(Boolean).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (parts[0] === 'requestBody') parts[0] = 'body';
  if (params?.missingProperty) parts.push(params.missingProperty);
  if (params?.additionalProperty) parts.push(params.additionalProperty);
  return parts.join('.') || 'body';
}

function reason(error) {
  if (error.keyword === 'parse') return `o corpo não é JSON válido (${error.message})`;
  return error.message;
}

/**
 * The validator, or null when the file is missing (the caller then runs without validation).
 * `validate(request)` returns the list of violations (empty when the request follows the
 * contract); `request` is `{method, path, query, headers, body}` with `path` under `/v2` removed
 * and `body` the raw text.
 */
export async function loadValidator(file) {
  if (!existsSync(file)) return null;
  const definition = parseYaml(readFileSync(file, 'utf8'));
  for (const [path, item] of Object.entries(definition.paths)) {
    for (const method of METHODS) {
      if (item[method]) item[method].operationId = `${method.toUpperCase()} ${path}`;
    }
  }
  fixKnownDefects(definition.paths);
  fixKnownDefects(definition.components);
  const recBase = definition.components?.schemas?.RecBase;
  if (Array.isArray(recBase?.required)) {
    recBase.required = recBase.required.filter((name) => name !== 'idRec' && name !== 'retentativa');
  }
  const api = new OpenAPIBackend({
    definition,
    quick: true, // compile each operation's validators on first use: starts in well under a second
    strict: false,
    validate: true,
    apiRoot: '/',
    ajvOpts: { allErrors: true, strict: false },
    customizeAjv: (ajv) => {
      addFormats(ajv);
      return ajv;
    },
  });
  await api.init();
  const version = definition.info?.version;

  function validate({ method, path, query, headers, body }) {
    const operation = api.router.matchOperation({ method: method.toLowerCase(), path, headers, query });
    if (!operation) {
      return [{ propriedade: 'path', razao: `${method} ${path}: nenhuma operação da API Pix ${version} tem este método e caminho` }];
    }
    const violations = [];
    const hasBody = body !== undefined && body !== '';
    const contentType = String(headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (operation.requestBody && hasBody && contentType !== 'application/json') {
      violations.push({ propriedade: 'header.content-type', razao: `deve ser application/json, veio "${contentType}"` });
    }
    if (!operation.requestBody && hasBody) {
      violations.push({ propriedade: 'body', razao: `${operation.operationId} não tem corpo de requisição` });
    }
    const result = api.validateRequest(
      { method: method.toLowerCase(), path, query, headers, body: hasBody ? body : undefined },
      operation,
    );
    for (const error of result.errors ?? []) {
      // openapi-backend reports a missing body twice (parse + required): keep one.
      if (error.keyword === 'required' && error.params?.missingProperty === 'requestBody' && !hasBody) {
        violations.push({ propriedade: 'body', razao: 'o corpo da requisição é obrigatório' });
        continue;
      }
      if (error.keyword === 'required' && error.params?.missingProperty === 'requestBody') continue;
      violations.push({
        propriedade: property(error.instancePath ?? '', error.params),
        razao: reason(error),
        ...(error.keyword === 'parse' ? {} : { regra: error.keyword, parametros: error.params }),
      });
    }
    return violations;
  }

  /**
   * Checks one of our own answers against the operation's response schema (for the self-tests:
   * the PSP must answer as the contract says). Returns `{propriedade, razao}` items.
   */
  function validateResponse({ method, path, status, body }) {
    const operation = api.router.matchOperation({ method: method.toLowerCase(), path, headers: {}, query: {} });
    if (!operation) return [{ propriedade: 'path', razao: 'sem operação' }];
    const result = api.validateResponse(body, operation, status);
    return (result.errors ?? []).map((e) => ({ propriedade: property(e.instancePath ?? '', e.params), razao: e.message }));
  }

  /** The operation's id (`PUT /cob/{txid}`) and OAuth2 scopes, or null. */
  function operationFor(method, path) {
    const operation = api.router.matchOperation({ method: method.toLowerCase(), path, headers: {}, query: {} });
    if (!operation) return null;
    const scopes = (operation.security ?? []).flatMap((s) => s.OAuth2 ?? []);
    return { id: operation.operationId, scopes };
  }

  return { file, version, validate, validateResponse, operationFor };
}
