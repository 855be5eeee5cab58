// ESLint for the whole tree: TypeScript, the React and accessibility rules Remix apps use,
// import order, type-only imports, and no server module in browser code.
import fs from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
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

/** Syntax refused everywhere (no-restricted-syntax); a block that sets the rule again starts from these. */
const WAIT_FOR_STATE = { selector: "CallExpression[callee.property.name='waitForTimeout']", message: 'Wait for the state, not for time.' };
const FORM_READERS_ONLY = [
  {
    selector: "CallExpression[callee.property.name='formData']",
    message:
      'Read a posted form with readForm (server/http/form.ts) or parseUpload (server/storage/upload.ts): they limit, parse and check it (issue 9); .formData() answers a malformed body with a 500.',
  },
  {
    selector: 'CallExpression[callee.name=/^(unstable_)?parseMultipartFormData$/]',
    message: 'Read an upload with parseUpload (server/storage/upload.ts), which applies the form limits and checks.',
  },
];

/** The screen families under app/features (one zone each: a feature reaches another only through lib/ or components/). */
const FEATURES = fs
  .readdirSync(new URL('./app/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Layer boundaries (docs/decisions/021): server/ below app/, shared UI below screens, screens side by side. */
const BOUNDARIES = [
  {
    target: './server',
    from: ['./app/features', './app/components', './app/routes'],
    message: 'server/ holds rules and use cases; it never imports screens, UI or routes.',
  },
  {
    target: './app/lib',
    from: ['./app/features', './app/components', './app/routes'],
    message: 'app/lib is isomorphic helpers below every screen.',
  },
  { target: './app/components', from: ['./app/features', './app/routes'], message: 'Shared UI never imports a screen or a route.' },
  ...FEATURES.map((feature) => ({
    target: `./app/features/${feature}`,
    from: './app/features',
    except: [`./${feature}`],
    message: 'One feature reaches another only through app/lib, app/components or server/.',
  })),
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
    // Resolves the tsconfig aliases (~/, @server/, @jobs/) so the boundaries below see where an import leads.
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
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
      'import-x/no-restricted-paths': ['error', { zones: BOUNDARIES }],
      // Keys and file names are checked against control characters on purpose.
      'no-control-regex': 'off',
      'no-restricted-syntax': ['error', WAIT_FOR_STATE, ...FORM_READERS_ONLY],
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
    // Tests and benchmarks drive the app across its layers (a route through its screen to the
    // database); the boundaries hold for product code.
    files: ['**/*.test.{ts,tsx}', '**/bench*.ts', 'tests/**'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // The database port mirrors firebase-admin, whose snapshot values are `any`.
    files: ['server/db/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The form readers themselves, and tests, which build and read bodies of every kind.
    files: ['server/http/form.ts', 'server/storage/upload.ts', 'tests/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', WAIT_FOR_STATE] },
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
