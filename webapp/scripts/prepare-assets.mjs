/**
 * Prepares the generated inputs the webapp needs before dev, typecheck, test and build:
 *
 * 1. `public/municipios.txt` — one municipality per line, `Nome, UF`, made from
 *    `../seeds/municipios.csv` (header `codigo_ibge,nome,uf,latitude,longitude`).
 * 2. Checks that wasm-core was built into `src/wasm/core` and the photo pipeline (crate `photo/`)
 *    into `src/wasm/photo` (`just wasm`): the webapp has no JavaScript copy of their code.
 *
 * Both outputs are gitignored.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const csvPath = join(root, '..', 'seeds', 'municipios.csv');
const outPath = join(root, 'public', 'municipios.txt');
const wasmDir = join(root, 'src', 'wasm', 'core');
const photoDir = join(root, 'src', 'wasm', 'photo');

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
  const list = municipiosFromCsv(readFileSync(csvPath, 'utf8'));
  const text = list.join('\n') + '\n';
  if (!existsSync(outPath) || readFileSync(outPath, 'utf8') !== text) writeFileSync(outPath, text);
  return list.length;
}

function ensureWasmCore() {
  if (existsSync(join(wasmDir, 'wasm_core.js')) && existsSync(join(photoDir, 'wasm_photo.js'))) return;
  console.error('wasm-core e photo ainda não foram compilados para src/wasm/core e src/wasm/photo: rode `just wasm` na raiz.');
  process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const n = writeMunicipios();
  ensureWasmCore();
  console.log(`municipios.txt: ${n} municípios`);
}
