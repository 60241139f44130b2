/**
 * Tests only: the real wasm-core (the `just wasm` build in src/wasm/core), instantiated from its
 * bytes in Node, so the webapp's tests exercise the real rules instead of a copy. Tests hand it
 * to the components by mocking `@/lib/wasm`'s `loadCore`.
 */
// @ts-expect-error wasm-bindgen's glue has no declaration file of its own (wasm_core.d.ts types the same functions)
import * as glue from '@/wasm/core/wasm_core_bg.js';
import type { Core } from '@/lib/wasm';

interface Glue {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
}

interface NodeProcess {
  cwd(): string;
  getBuiltinModule(id: 'node:fs'): { readFileSync(path: string): Uint8Array<ArrayBuffer> };
}

let core: Promise<Core> | undefined;

export function loadRealCore(): Promise<Core> {
  return (core ??= (async () => {
    const proc = (globalThis as unknown as { process: NodeProcess }).process;
    // Vitest runs from the webapp's root.
    const bytes = proc.getBuiltinModule('node:fs').readFileSync(`${proc.cwd()}/src/wasm/core/wasm_core_bg.wasm`);
    const { instance } = await WebAssembly.instantiate(bytes, {
      './wasm_core_bg.js': glue as WebAssembly.ModuleImports,
    });
    (glue as Glue).__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return glue as Core;
  })());
}
