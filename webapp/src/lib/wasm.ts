/**
 * The wasm-core loader: one dynamic import, cached as a promise, so the module (and its .wasm) is
 * fetched once and only when a feature needs it — never on the first visit to `/`.
 */
import type * as CoreModule from '../wasm/core/wasm_core.js';

export type Core = typeof CoreModule;

let p: Promise<Core> | undefined;

/** Loads wasm-core once; a failed load is forgotten so a later call can retry. */
export const loadCore = (): Promise<Core> =>
  (p ??= import('../wasm/core/wasm_core.js').catch((err: unknown) => {
    p = undefined;
    throw err;
  }));
