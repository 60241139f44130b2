/**
 * Measures what a first visit to `/` transfers, gzipped: the scripts, module preloads and styles
 * that dist/index.html loads, every chunk they import statically, and the home route's chunk
 * (with its static imports). Fails (exit 1) above the budget (default 120 KB = 122880 bytes,
 * override with FIRST_VISIT_BUDGET). Also checks that no .wasm and no municipios.txt is among them.
 *
 * Usage: npm run build && node scripts/first-visit-size.mjs
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const budget = Number(process.env.FIRST_VISIT_BUDGET ?? 122880);
const html = readFileSync(join(dist, 'index.html'), 'utf8');

/** @type {Set<string>} */
const files = new Set();
for (const m of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css|wasm))"/g)) files.add(m[1]);
const home = readdirSync(join(dist, 'assets')).find((f) => /^HomePage-.*\.js$/.test(f));
if (!home) throw new Error('home chunk (HomePage-*.js) not found in dist/assets');
files.add(`assets/${home}`);

// Follow static imports of the JS files (dynamic import() is not part of the first visit).
const queue = [...files].filter((f) => f.endsWith('.js'));
while (queue.length) {
  const f = /** @type {string} */ (queue.pop());
  const code = readFileSync(join(dist, f), 'utf8');
  for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
    const dep = `assets/${m[1]}`;
    if (!files.has(dep)) {
      files.add(dep);
      queue.push(dep);
    }
  }
}

let total = 0;
const rows = [...files].sort().map((f) => {
  const gz = gzipSync(readFileSync(join(dist, f))).length;
  total += gz;
  return `${String(gz).padStart(8)}  ${f}`;
});
console.log(rows.join('\n'));
console.log(`${String(total).padStart(8)}  total gzip bytes (${(total / 1024).toFixed(1)} KB; budget ${(budget / 1024).toFixed(0)} KB)`);

const forbidden = [...files].filter((f) => f.endsWith('.wasm') || /wasm_core|municipios/.test(f));
if (forbidden.length) {
  console.error(`first visit must not load: ${forbidden.join(', ')}`);
  process.exit(1);
}
if (total > budget) {
  console.error('first visit is over budget');
  process.exit(1);
}
