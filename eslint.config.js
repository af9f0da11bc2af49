// Lint rules, including the import boundaries of ARCHITECTURE.md: shared imports nothing of ours and
// nothing platform-specific; server, renderer and electron import only shared; no cycles anywhere.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { fileURLToPath } from 'node:url';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const area = (name) => [`**/${name}/**`, `../${name}/*`, `../../${name}/*`];
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-electron',
      'release',
      '.data',
      'test-results',
      'playwright-report',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // Dependencies are parsed to follow cycles through them; they are TypeScript too.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          alias: { '@shared': [fileURLToPath(new URL('./shared', import.meta.url))] },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Tests read JSON answers whose shape is the thing under test.
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['shared/**'],
    rules: restrict(
      [...area('server'), ...area('renderer'), ...area('electron'), 'node:*', 'react', 'react-*', 'electron'],
      'shared/ holds contracts and pure domain logic: no platform code and nothing else of ours.',
    ),
  },
  {
    files: ['server/**'],
    rules: restrict(
      [...area('renderer'), ...area('electron'), 'react', 'react-*', 'electron'],
      'server/ imports only shared/.',
    ),
  },
  {
    files: ['electron/**'],
    rules: restrict([...area('renderer'), ...area('server')], 'electron/ imports only shared/.'),
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(
        [...area('server'), ...area('electron'), 'node:*', 'electron', '@supabase/supabase-js'],
        'renderer/ imports only shared/; supabase-js and the desktop bridge live behind src/platform/.',
      ),
    },
  },
  {
    files: ['renderer/src/platform/**'],
    rules: restrict(
      [...area('server'), ...area('electron'), 'node:*', 'electron'],
      'platform/ is browser code.',
    ),
  },
);
