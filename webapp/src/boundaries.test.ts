/**
 * The webapp's layers (eslint.config.js): imports point down only, app → features → shared
 * (src/components, hooks, lib, types, config, test).
 *
 * - ESLint refuses an import from one feature into another (by `@/`, by a relative path, type-only,
 *   lazy or re-exported), a feature importing src/app and a shared folder importing a feature; it
 *   accepts imports inside a feature, from the shared folders, and the app's imports of features.
 * - The source tree as it is: no module of a feature imports another feature's, nothing but the
 *   app imports src/app, no shared module imports a feature, and the graph of features, app and
 *   shared folders has no cycle.
 */
import { ESLint } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

describe('ESLint fences the features in', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint();
  });

  /** The layer errors ESLint reports for `code` as if it were the file at `filePath`. */
  async function layerErrors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
  }

  const IN_ORDERS = 'src/features/orders/components/LayersFixture.tsx';

  it.each([
    ['by @/', "import { BagProvider } from '@/features/checkout/components/BagProvider';\nexport const x = BagProvider;"],
    ['by a relative path', "import { pegarDadosforn } from '../../checkout/api/pegarDadosforn';\nexport const x = pegarDadosforn;"],
    ['type-only', "import type { AccountDialog } from '@/features/account/components/AccountProvider';\nexport type X = AccountDialog;"],
    ['lazily', "export const load = () => import('@/features/admin/components/AdminPage');"],
    ['re-exported', "export { BagProvider } from '@/features/checkout/components/BagProvider';"],
  ])('refuses a cross-feature import %s', async (_how, code) => {
    const errors = await layerErrors(IN_ORDERS, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Features never import each other');
  }, 60_000);

  it('refuses src/app in a feature and in a shared folder', async () => {
    const code = "import { AppProviders } from '@/app/providers';\nexport const x = AppProviders;";
    expect(await layerErrors(IN_ORDERS, code)).toEqual([expect.stringContaining('Only the app imports src/app')]);
    expect(await layerErrors('src/hooks/useLayersFixture.ts', code)).toEqual([expect.stringContaining('Only the app imports src/app')]);
  }, 60_000);

  it('refuses a feature in a shared folder', async () => {
    const code = "import { OrdersSection } from '@/features/orders/components/OrdersSection';\nexport const x = OrdersSection;";
    for (const file of ['src/lib/layersFixture.ts', 'src/components/LayersFixture.tsx', 'src/types/layersFixture.ts']) {
      expect(await layerErrors(file, code)).toEqual([expect.stringContaining('Shared folders import no feature')]);
    }
  }, 60_000);

  it('accepts the feature itself, the shared folders, and the app composing features', async () => {
    const inFeature = [
      "import { OrdersSection } from './OrdersSection';",
      "import { pegarPedidos } from '../api/pegarPedidos';",
      "import { LoadError } from '@/components/LoadStates';",
      "import { useCore } from '@/hooks/useCore';",
      "import { rpc } from '@/lib/rpc';",
      "import type { Pedido } from '@/types/wire';",
      'export const x = [OrdersSection, pegarPedidos, LoadError, useCore, rpc] as unknown as Pedido;',
    ].join('\n');
    expect(await layerErrors(IN_ORDERS, inFeature)).toEqual([]);
    const inApp = "import { OrdersSection } from '@/features/orders/components/OrdersSection';\nexport const x = OrdersSection;";
    expect(await layerErrors('src/app/routes/LayersFixture.tsx', inApp)).toEqual([]);
  }, 60_000);
});

// --- The source tree -----------------------------------------------------------------------------

/** Every source module of the webapp (not the generated wasm glue), by path from the webapp root. */
const SOURCES = import.meta.glob(['/src/**/*.{ts,tsx}', '!/src/wasm/**'], { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;

const SHARED = new Set(['components', 'hooks', 'lib', 'types', 'config', 'test']);

/** `a/b/../c` → `a/c`. */
function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

/** The layer a module belongs to: `feature:<name>`, `app`, `shared:<folder>`, or null (entry, wasm). */
function layerOf(path: string): string | null {
  const [src, top, name] = path.split('/');
  if (src !== 'src') return null;
  if (top === 'features' && name) return `feature:${name}`;
  if (top === 'app') return 'app';
  if (SHARED.has(top)) return `shared:${top}`;
  return null;
}

interface Edge {
  from: string;
  to: string;
  module: string;
  specifier: string;
}

/** Every import (static, type-only, dynamic, re-export) between two layers of the tree. */
function layerEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const [file, text] of Object.entries(SOURCES)) {
    const module = file.replace(/^\//, '');
    const from = layerOf(module);
    if (!from) continue;
    for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
      let target: string;
      if (specifier.startsWith('@/')) target = `src/${specifier.slice(2)}`;
      else if (specifier.startsWith('.')) target = normalize(`${module.slice(0, module.lastIndexOf('/'))}/${specifier}`);
      else continue; // a package
      const to = layerOf(target);
      if (to && to !== from) edges.push({ from, to, module, specifier });
    }
  }
  return edges;
}

describe('the source tree', () => {
  const edges = layerEdges();
  const show = (list: Edge[]) => list.map((e) => `${e.module} → ${e.specifier}`);

  it('was read: the app imports features, features import shared folders', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    expect(edges.some((e) => e.from === 'app' && e.to.startsWith('feature:'))).toBe(true);
    expect(edges.some((e) => e.from.startsWith('feature:') && e.to.startsWith('shared:'))).toBe(true);
  });

  it('no feature imports another feature', () => {
    expect(show(edges.filter((e) => e.from.startsWith('feature:') && e.to.startsWith('feature:')))).toEqual([]);
  });

  it('nothing but the app imports src/app, and no shared folder imports a feature', () => {
    expect(show(edges.filter((e) => e.to === 'app'))).toEqual([]);
    expect(show(edges.filter((e) => e.from.startsWith('shared:') && e.to.startsWith('feature:')))).toEqual([]);
  });

  it('the graph of features, app and shared folders (as one) has no cycle', () => {
    const node = (layer: string) => (layer.startsWith('shared:') ? 'shared' : layer);
    const next = new Map<string, Set<string>>();
    for (const e of edges) {
      const [a, b] = [node(e.from), node(e.to)];
      if (a !== b) next.set(a, (next.get(a) ?? new Set()).add(b));
    }
    // Depth-first search; a node met again while still on the path closes a cycle.
    const state = new Map<string, 'path' | 'done'>();
    const cycles: string[] = [];
    const visit = (n: string, path: string[]) => {
      state.set(n, 'path');
      for (const m of next.get(n) ?? []) {
        const onPath = [...path, n];
        if (state.get(m) === 'path') cycles.push([...onPath.slice(onPath.indexOf(m)), m].join(' → '));
        else if (!state.has(m)) visit(m, onPath);
      }
      state.set(n, 'done');
    };
    for (const n of next.keys()) if (!state.has(n)) visit(n, []);
    expect(cycles).toEqual([]);
  });
});
