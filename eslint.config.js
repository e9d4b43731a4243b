import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The web app's features, each a zone of its own. */
const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/migrations/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Only repositories touch tables: handlers, plugins, HTTP helpers, jobs, exports and mails reach the data
    // through them.
    files: [
      'apps/server/src/**/*.routes.ts',
      'apps/server/src/**/*.service.ts',
      'apps/server/src/plugins/**/*.ts',
      'apps/server/src/http/**/*.ts',
      'apps/server/src/lib/**/*.ts',
      'apps/server/src/jobs/**/*.ts',
      'apps/server/src/export/**/*.ts',
      'apps/server/src/mail/**/*.ts',
    ],
    ignores: ['**/*.test.ts', '**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema', '**/db/schema.js'],
              message: 'Tables are read and written by repositories only.',
            },
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'SQL belongs in a repository.' },
          ],
        },
      ],
    },
  },
  {
    // Boundaries (issue 25): dependencies point one way, and no module cycle. Web (bulletproof-react): `lib` and
    // `components` know no feature and not the app, a feature knows no other feature and not the app; only `app`
    // composes features. Server (fastify/demo): `lib`, `db` and `jobs` know no module, plugin or HTTP helper.
    files: ['apps/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The import graph is read from the TypeScript sources (a `.js` specifier names its `.ts` file).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...['lib', 'components', 'config', 'content'].map((layer) => ({
              target: `./apps/web/src/${layer}`,
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: `apps/web/src/${layer} is shared below the features: it imports no feature and not the app.`,
            })),
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature; the app composes them (apps/web/README.md).',
            })),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'A feature does not import the app; the app imports features.',
            },
            ...['lib', 'db', 'jobs'].map((layer) => ({
              target: `./apps/server/src/${layer}`,
              from: ['./apps/server/src/modules', './apps/server/src/plugins', './apps/server/src/http'],
              message: `apps/server/src/${layer} sits below modules, plugins and HTTP helpers and imports none of them.`,
            })),
          ],
        },
      ],
    },
  },
  {
    // Tests may render a page of the app to test a feature in it.
    files: ['apps/web/src/features/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
