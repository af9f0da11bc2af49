// Lint rules, including the import boundaries of ARCHITECTURE.md: shared imports nothing of ours and
// nothing platform-specific; server, renderer and electron import only shared; no cycles anywhere.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
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
    plugins: { import: importPlugin },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // Dependencies are parsed to follow cycles through them; they are TypeScript too. The @shared alias
      // is not resolved here, which is safe: shared/ imports nothing of ours, so no cycle can pass through it.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
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
    // The public read cache applies whatever the areas declare beside their handlers (issue 33), so it
    // imports no feature and not the router: a new cacheable read is one declaration, not a cache change.
    files: ['server/cache/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...area('renderer'), ...area('electron'), 'react', 'react-*', 'electron'],
              message: 'server/ imports only shared/.',
            },
            {
              group: ['**/features/**', '**/http/sf-router'],
              message:
                'server/cache/ knows no feature: areas declare their cacheable reads (public-read-def.ts).',
            },
          ],
        },
      ],
    },
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
