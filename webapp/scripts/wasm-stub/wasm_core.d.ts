/**
 * Types of wasm-core's JavaScript bindings (wasm-bindgen `--target bundler`). This hand-written
 * copy accompanies the stub in wasm_core.js; the real build writes its own.
 */
/** Loads the municipalities text (one `City, UF` per line); returns how many. Call once. */
export function places_load(text: string): number;
/** Municipalities matching `query` (accent- and case-insensitive substring), at most `limit`. */
export function places_search(query: string, limit: number): string[];
/** State codes matching `query`, at most `limit`. */
export function states_search(query: string, limit: number): string[];
