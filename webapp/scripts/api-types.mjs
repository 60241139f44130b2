#!/usr/bin/env node
// The webapp's wire types, generated from the API's OpenAPI document (the API writes it:
// `feira-api openapi > target/openapi.json`; `just api-types` runs both steps).
//
//   node scripts/api-types.mjs [openapi.json]           writes src/types/api.gen.ts
//   node scripts/api-types.mjs --check [openapi.json]   fails when the committed file differs
//
// The file holds openapi-typescript's `paths`, `components` and `operations`, then `Actions`:
// for each `codigo` of `POST /api`, its payload (the request schema without `codigo`;
// `Record<string, never>` for an action without fields, so that a stray field fails `tsc`), its
// answer (the schema the request schema names in `x-feira-answer`), who may call it
// (`x-feira-session`), whether `GET /api?codigo=…` answers it too (`x-feira-get`) and whether it
// changes nothing (`x-feira-read`); then the same two facts as the values `GET_ACTIONS` and
// `READ_ACTIONS`, and every `codigo_erro` the API answers (the `ErrorCode` schema's enum) as the
// value `ERROR_CODES`: the only code in the file (the service worker bundles the first two,
// nothing else). The RPC client (src/lib/rpc.ts) is typed by `Actions` and knows a server's code
// by `ERROR_CODES`, so a code the API adds reaches the screens without a hand-kept copy.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const WEBAPP = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const OUT = path.join(WEBAPP, 'src/types/api.gen.ts');

const args = process.argv.slice(2);
const check = args.includes('--check');
const input = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(WEBAPP, '../target/openapi.json'));

const doc = JSON.parse(readFileSync(input, 'utf8'));
const schemas = doc.components?.schemas ?? {};
const PREFIX = '#/components/schemas/';

const body = astToString(await openapiTS(doc, { alphabetize: true }));

/**
 * The request schema's own fields, besides `codigo` (through `allOf`, `oneOf`, `anyOf` and `$ref`).
 * @param {any} schema
 * @returns {Set<string>}
 */
function fields(schema, seen = new Set()) {
  /** @type {Set<string>} */
  const out = new Set();
  const walk = (/** @type {any} */ s) => {
    if (!s || typeof s !== 'object') return;
    if (s.$ref) {
      if (seen.has(s.$ref)) return;
      seen.add(s.$ref);
      walk(schemas[s.$ref.slice(PREFIX.length)]);
      return;
    }
    for (const part of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])]) walk(part);
    for (const key of Object.keys(s.properties ?? {})) if (key !== 'codigo') out.add(key);
    if (s.additionalProperties) out.add('*');
  };
  walk(schema);
  return out;
}

/**
 * A boolean extension of a request schema; a missing one is a mistake in the document.
 * @param {any} schema
 * @param {string} name
 * @param {string} codigo
 * @returns {boolean}
 */
function flag(schema, name, codigo) {
  const v = schema[name];
  if (typeof v !== 'boolean') throw new Error(`${codigo}: the request schema has no boolean ${name}`);
  return v;
}

/** `Actions`, in the discriminator's order (the API's action table), then `GET_ACTIONS` and `READ_ACTIONS`. */
function actions() {
  const mapping = doc.paths['/api'].post.requestBody.content['application/json'].schema.discriminator.mapping;
  /** @type {string[]} */
  const get = [];
  /** @type {string[]} */
  const read = [];
  const lines = Object.entries(mapping).map(([codigo, target]) => {
    const request = target.slice(PREFIX.length);
    const schema = schemas[request];
    const answer = schema['x-feira-answer'].slice(PREFIX.length);
    const session = schema['x-feira-session'];
    const isGet = flag(schema, 'x-feira-get', codigo);
    const isRead = flag(schema, 'x-feira-read', codigo);
    if (isGet && !isRead) throw new Error(`${codigo}: a GET read must change nothing (x-feira-read)`);
    if (isGet) get.push(codigo);
    if (isRead) read.push(codigo);
    const payload =
      fields(schema).size === 0
        ? 'Record<string, never>'
        : `Omit<components["schemas"][${JSON.stringify(request)}], "codigo">`;
    return [
      `    ${JSON.stringify(codigo)}: {`,
      `        payload: ${payload};`,
      `        answer: components["schemas"][${JSON.stringify(answer)}];`,
      `        session: ${JSON.stringify(session)};`,
      `        get: ${isGet};`,
      `        read: ${isRead};`,
      `    };`,
    ].join('\n');
  });
  const list = (/** @type {string[]} */ names) => ['[', ...names.map((c) => `    ${JSON.stringify(c)},`), '] as const satisfies readonly Codigo[];'].join('\n');
  return [
    '/**',
    ' * Every action of `POST /api`: its payload (without `codigo`), its answer, who may call it, whether',
    ' * `GET /api?codigo=…` answers it too (`get`) and whether it changes nothing (`read`).',
    ' */',
    'export interface Actions {',
    ...lines,
    '}',
    '',
    '/** An action of `POST /api`. */',
    'export type Codigo = keyof Actions;',
    '',
    '/** The public catalogue reads also answered by `GET /api?codigo=…` (`x-feira-get`), cacheable. */',
    `export const GET_ACTIONS = ${list(get)}`,
    '',
    '/** The actions that change nothing (`x-feira-read`), the GET reads included. */',
    `export const READ_ACTIONS = ${list(read)}`,
    '',
  ].join('\n');
}

/** `ERROR_CODES`: the `ErrorCode` schema's values, in the API's order. */
function errorCodes() {
  const codes = schemas.ErrorCode?.enum;
  if (!Array.isArray(codes) || codes.length === 0 || !codes.every((c) => typeof c === 'string')) {
    throw new Error('the document has no ErrorCode schema with a string enum');
  }
  return [
    '/** Every `codigo_erro` the API answers (the `ErrorCode` schema), in its order. */',
    'export const ERROR_CODES = [',
    ...codes.map((c) => `    ${JSON.stringify(c)},`),
    '] as const satisfies readonly components["schemas"]["ErrorCode"][];',
    '',
  ].join('\n');
}

const text = [
  '/**',
  ' * Generated by scripts/api-types.mjs from the API\'s OpenAPI document (`just api-types`);',
  ' * do not edit. `just test` fails when it is not what the API describes.',
  ' */',
  '',
  body.trimEnd(),
  '',
  actions(),
  errorCodes(),
].join('\n');

if (check) {
  let committed = '';
  try {
    committed = readFileSync(OUT, 'utf8');
  } catch {
    // Missing: differs.
  }
  if (committed !== text) {
    console.error(`${path.relative(process.cwd(), OUT)} is not what the API describes: run \`just api-types\` and commit it.`);
    process.exit(1);
  }
  console.log(`${path.relative(process.cwd(), OUT)} matches the API's OpenAPI document.`);
} else {
  writeFileSync(OUT, text);
  console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
}
