/**
 * Prepares the generated inputs the webapp needs before dev, typecheck, test and build:
 *
 * 1. `public/municipios.txt` — one municipality per line, `Nome, UF`, made from
 *    `../seeds/municipios.csv` (header `codigo_ibge,nome,uf,latitude,longitude`). When the CSV is
 *    missing, a small fallback list is written instead and a warning printed.
 * 2. `src/wasm/core/wasm_core.js` + `.d.ts` — when wasm-core has not been built yet (no
 *    `wasm_core.js` there), the hand-written JavaScript stub from `scripts/wasm-stub/` is copied in
 *    so that tsc, Vite and Vitest work. The real `wasm-bindgen --target bundler` output overwrites
 *    it and is never replaced by the stub.
 *
 * Both outputs are gitignored.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const csvPath = join(root, '..', 'seeds', 'municipios.csv');
const outPath = join(root, 'public', 'municipios.txt');
const wasmDir = join(root, 'src', 'wasm', 'core');
const stubDir = join(root, 'scripts', 'wasm-stub');

/** A few municipalities, used only while seeds/municipios.csv does not exist. */
const FALLBACK = [
  'Americana, SP', 'Araraquara, SP', 'Belo Horizonte, MG', 'Brasília, DF', 'Campinas, SP',
  'Curitiba, PR', 'Florianópolis, SC', 'Goiânia, GO', 'Limeira, SP', 'Londrina, PR',
  "Mogi Guaçu, SP", 'Piracicaba, SP', 'Porto Alegre, RS', 'Recife, PE', 'Ribeirão Preto, SP',
  'Rio Claro, SP', 'Rio de Janeiro, RJ', 'Salvador, BA', "Santa Bárbara d'Oeste, SP",
  'São Carlos, SP', 'São José do Rio Preto, SP', 'São Paulo, SP', 'Uberlândia, MG',
];

const STATES = new Set(
  'AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO'.split(' '),
);

/**
 * Splits one CSV line, honouring double-quoted fields ("" inside quotes is a quote).
 * @param {string} line
 * @returns {string[]}
 */
export function splitCsvLine(line) {
  const fields = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        cur += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      fields.push(cur);
      cur = '';
    } else {
      cur += c;
    }
  }
  fields.push(cur);
  return fields.map((f) => f.trim());
}

/**
 * Turns the CSV text into sorted, de-duplicated `Nome, UF` lines.
 * @param {string} text
 * @returns {string[]}
 */
export function municipiosFromCsv(text) {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '').map((h) => h.toLowerCase());
  const iNome = header.indexOf('nome');
  const iUf = header.indexOf('uf');
  if (iNome < 0 || iUf < 0) throw new Error('municipios.csv: cabeçalho sem as colunas nome e uf');
  /** @type {Set<string>} */
  const out = new Set();
  lines.slice(1).forEach((/** @type {string} */ line, /** @type {number} */ i) => {
    if (!line.trim()) return;
    const f = splitCsvLine(line);
    const nome = f[iNome];
    const uf = (f[iUf] ?? '').toUpperCase();
    if (!nome || !STATES.has(uf)) throw new Error(`municipios.csv: linha ${i + 2} inválida`);
    out.add(`${nome}, ${uf}`);
  });
  return [...out].sort((a, b) => a.localeCompare(b, 'pt-BR'));
}

function writeMunicipios() {
  mkdirSync(dirname(outPath), { recursive: true });
  let list;
  if (existsSync(csvPath)) {
    list = municipiosFromCsv(readFileSync(csvPath, 'utf8'));
  } else {
    console.warn(
      `aviso: ${csvPath} não existe; public/municipios.txt recebe uma lista reduzida (${FALLBACK.length} cidades).`,
    );
    list = FALLBACK;
  }
  const text = list.join('\n') + '\n';
  if (!existsSync(outPath) || readFileSync(outPath, 'utf8') !== text) writeFileSync(outPath, text);
  return list.length;
}

function ensureWasmCore() {
  if (existsSync(join(wasmDir, 'wasm_core.js'))) return false;
  mkdirSync(wasmDir, { recursive: true });
  for (const f of ['wasm_core.js', 'wasm_core.d.ts']) copyFileSync(join(stubDir, f), join(wasmDir, f));
  console.warn('aviso: wasm-core ainda não foi compilado; usando o stub JavaScript em src/wasm/core.');
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const n = writeMunicipios();
  ensureWasmCore();
  console.log(`municipios.txt: ${n} municípios`);
}
