/**
 * ESLint 9 flat config: JS recommended + typescript-eslint recommended + React hooks rules, and the
 * webapp's layers (eslint-plugin-import-x's `no-restricted-paths`, `@/` resolved through
 * tsconfig.json by eslint-import-resolver-typescript):
 *
 * - a feature (`src/features/<name>/`) never imports another feature: what two features share
 *   moves down to src/components, src/hooks, src/lib, src/types or src/config, or the app composes
 *   them (src/app: route pages, providers, dialogs);
 * - nothing imports src/app but src/app (and the entry, src/main.tsx);
 * - the shared folders import no feature.
 *
 * So imports only point down (app → features → shared) and no cycle between features can form;
 * src/app/boundaries.test.ts checks both on the source tree and that the rule bites. Generated
 * folders (dist, src/wasm, public/municipios.txt) are ignored. Node globals apply to config files,
 * build scripts and the end-to-end tests in e2e/.
 */
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

/** Every folder of src/features: a new feature is fenced in as soon as it exists. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The shared folders, below the features. */
const SHARED = ['components', 'hooks', 'lib', 'types', 'config', 'test'].map((d) => `./src/${d}`);

const FEATURE_MESSAGE =
  'Features never import each other: move the shared piece down to src/components, hooks, lib, types or config, or compose the features in src/app.';

/** The zones of `import-x/no-restricted-paths`: `target` may not import from `from`. */
export const LAYER_ZONES = [
  ...FEATURES.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: FEATURE_MESSAGE,
  })),
  {
    target: ['./src/features', ...SHARED],
    from: './src/app',
    message: 'Only the app imports src/app: hand what a feature needs down to it (props, providers).',
  },
  {
    target: SHARED,
    from: './src/features',
    message: 'Shared folders import no feature: move the piece down with what it needs, or compose in src/app.',
  },
];

export default defineConfig(
  { ignores: ['dist', 'node_modules', 'src/wasm', 'public', 'test-results', 'playwright-report', 'e2e/artifacts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    extends: [reactHooks.configs.flat.recommended],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-restricted-paths': ['error', { zones: LAYER_ZONES }],
    },
  },
  {
    files: ['*.{js,ts,mjs}', 'vite/**/*.ts', 'scripts/**/*.{js,mjs}', 'e2e/**/*.{js,ts,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Playwright's 'networkidle' never settles on a page with an open event stream or a poll, and
    // on a loaded machine its fixed limit fails journeys that pass alone: wait for the response,
    // element or state the test needs (e2e/lib.mjs: expectVisible, eventually, requestsSettled).
    files: ['e2e/**/*.{js,ts,mjs}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "Literal[value='networkidle']", message: "Wait for what the test needs, not 'networkidle'." },
      ],
    },
  },
);
