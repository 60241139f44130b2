/**
 * Stand-in for wasm-core's bindings, used only until `wasm-bindgen --target bundler` writes the
 * real module here. Same exports and behaviour: accent- and case-insensitive substring search.
 */
const STATES = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE',
  'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
];

/** @type {{ label: string, folded: string }[]} */
let places = [];

/** @param {string} s */
const fold = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** @param {string} text @returns {number} */
export function places_load(text) {
  places = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((label) => ({ label, folded: fold(label) }));
  return places.length;
}

/** @param {string} query @param {number} limit @returns {string[]} */
export function places_search(query, limit) {
  const q = fold(query.trim());
  const out = [];
  for (const p of places) {
    if (out.length >= limit) break;
    if (p.folded.includes(q)) out.push(p.label);
  }
  return out;
}

/** @param {string} query @param {number} limit @returns {string[]} */
export function states_search(query, limit) {
  const q = fold(query.trim());
  return STATES.filter((s) => fold(s).includes(q)).slice(0, limit);
}
