/**
 * ESLint 9 flat config: JS recommended + typescript-eslint recommended + React hooks rules.
 * Generated folders (dist, src/wasm, public/municipios.txt) are ignored. Node globals apply to
 * config files, build scripts and the end-to-end tests in e2e/.
 */
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

export default defineConfig(
  { ignores: ['dist', 'node_modules', 'src/wasm', 'public', 'test-results', 'playwright-report', 'e2e/artifacts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['*.{js,ts,mjs}', 'scripts/**/*.{js,mjs}', 'e2e/**/*.{js,ts,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
