// ESLint for the whole tree: TypeScript, the React and accessibility rules Remix apps use,
// import order, type-only imports, and no server module in browser code.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Server-only code the browser bundle must never import (STYLE 5). */
const SERVER_ONLY = [
  {
    regex: '^(@server|(\\.\\./)+server)/(?!.*\\.server$)',
    message: 'Server modules reach browser code only through a *.server.ts module.',
    allowTypeImports: true,
  },
  { regex: '^(@jobs|(\\.\\./)+jobs)/', message: 'Job modules are server-only.', allowTypeImports: true },
  {
    group: ['firebase-admin', 'firebase-admin/*', 'bullmq', 'ioredis', 'better-sqlite3', 'nodemailer', 'node:*'],
    message: 'Server-only package.',
  },
];

export default tseslint.config(
  {
    ignores: ['node_modules', 'build', 'public/build', '.cache', 'data', 'test-results', 'playwright-report', 'tests/.tmp', 'coverage'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [
            { pattern: '~/**', group: 'internal' },
            { pattern: '@server/**', group: 'internal' },
            { pattern: '@jobs/**', group: 'internal' },
          ],
          pathGroupsExcludedImportTypes: ['builtin'],
          alphabetize: { order: 'asc', caseInsensitive: true },
          'newlines-between': 'never',
        },
      ],
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      // Keys and file names are checked against control characters on purpose.
      'no-control-regex': 'off',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='waitForTimeout']", message: 'Wait for the state, not for time.' },
      ],
    },
  },
  {
    files: ['**/*.tsx', '**/*.jsx'],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: {
      react: { version: 'detect' },
      formComponents: ['Form'],
      linkComponents: [
        { name: 'Link', linkAttribute: 'to' },
        { name: 'NavLink', linkAttribute: 'to' },
      ],
    },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'react/prop-types': 'off',
    },
  },
  {
    // Browser code: route modules, components, schemas and isomorphic helpers.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/**/*.server.{ts,tsx}', 'app/**/*.test.{ts,tsx}', 'app/entry.server.tsx', 'app/routes/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: SERVER_ONLY }] },
  },
  {
    // The database port mirrors firebase-admin, whose snapshot values are `any`.
    files: ['server/db/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright fixtures without dependencies take `{}`.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.d.ts'],
    rules: { '@typescript-eslint/triple-slash-reference': 'off' },
  },
  prettier,
);
