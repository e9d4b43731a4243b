import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The folders under `dir` (relative to this file): the web app's features, the server's modules. */
const foldersOf = (dir) =>
  fs
    .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The web app's features, each a zone of its own. */
const webFeatures = foldersOf('./apps/web/src/features');
/** The server's modules, each a zone of its own (`modules/registry.ts`, beside them, composes them). */
const serverModules = foldersOf('./apps/server/src/modules');

/** Tests and their helpers: they may set up tables directly and seed what no endpoint writes. */
const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**'];

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
    // Only repositories touch tables (issue 39: by folder, not by file name): db/schema and drizzle-orm are imported
    // in apps/server/src/db and in `*.repository.ts` files, nowhere else – a handler, service, plugin, job, CLI,
    // export, mail or helper of a module reaches the data through a repository.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**', '**/*.repository.ts', ...serverTests],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema', '**/db/schema.js', '**/db/schema/**'],
              message: 'Tables are read and written by repositories only (apps/server/src/db or *.repository.ts).',
            },
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'SQL belongs in a repository (apps/server/src/db or *.repository.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract runs in the browser and on the server: it imports zod and its own files only – nothing of the
    // apps, no Node builtin, no other package. Its tests may also use the test tools and Node's file access.
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|zod/|\\./)',
              message: 'packages/contract imports only zod and its own files (./…): it runs in the browser too.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|zod/|\\./|vitest$|fast-check$|node:)',
              message: 'A contract test imports the contract (./…), zod, vitest, fast-check and Node builtins only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Files say what they hold (issue 39): a production file over 300 lines says why at its top, as the reason of an
    // `eslint-disable max-lines -- …` comment (apps/server/src/db/schema.ts). Tests, test helpers and generated files
    // are left out.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/*.generated.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // Dates are parsed and formatted by packages/contract/src/format.ts only (issue 39): the apps – tests included,
    // which check what the app prints with the same functions – call formatDate, formatDateTime, formatNumber,
    // parseGermanDate, readGermanDate, wallClockIn, isTimeZone, never the runtime's locale formatting.
    files: ['apps/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Dates and numbers are formatted by packages/contract/src/format.ts (formatDate, formatNumber, …).',
        })),
        {
          object: 'Intl',
          property: 'DateTimeFormat',
          message: 'Dates are formatted and read by packages/contract/src/format.ts (formatDateTime, wallClockIn, …).',
        },
      ],
    },
  },
  {
    // Boundaries (issue 25): dependencies point one way, and no module cycle. Web (bulletproof-react): `lib` and
    // `components` know no feature and not the app, a feature knows no other feature and not the app; only `app`
    // composes features. Server (fastify/demo): `lib`, `db` and `jobs` know no module, plugin or HTTP helper.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The import graph is read from the TypeScript sources (a `.js` specifier names its `.ts` file).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contract/tsconfig.json'],
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
            // Issue 39: a module imports no other module; shared code lives in lib/ (pure) or in a service or
            // repository decorated onto the instance (`app.routePaths`), which a module uses without importing it.
            ...serverModules.map((module) => ({
              target: `./apps/server/src/modules/${module}`,
              from: serverModules
                .filter((other) => other !== module)
                .map((other) => `./apps/server/src/modules/${other}`),
              message:
                'A module does not import another module: shared code moves to apps/server/src/lib or a decorated ' +
                'service (apps/server/README.md).',
            })),
            {
              target: './packages/contract/src',
              from: ['./apps', './e2e'],
              message: 'packages/contract knows no app: the apps import the contract.',
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
  // ── One error wording (issue 39, helper W1) ──────────────────────────────────────────────────────────────────
  {
    // An error becomes words for a user only through `germanMessage` (apps/web/src/lib/api-errors.ts): the text of
    // a caught error (`error.message`, `mutation.error.message`, `serverMessage`) is read nowhere else, and no other
    // `errorText` is written. A local rule, so that it adds to every `no-restricted-syntax` list instead of
    // replacing one.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api-errors.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    plugins: {
      'error-wording': {
        rules: {
          'german-message-only': {
            meta: { type: 'problem', schema: [] },
            create(context) {
              const report = (node) =>
                context.report({
                  node,
                  message:
                    'An error reaches the user only through germanMessage (lib/api-errors.ts); throw a GermanError for a sentence of your own.',
                });
              const errorName = '/^(e|err|error|reason|failure|cause)$/';
              return {
                [`MemberExpression[property.name='message'][object.name=${errorName}]`]: report,
                [`MemberExpression[property.name='message'][object.property.name=${errorName}]`]: report,
                "MemberExpression[property.name='serverMessage']": report,
                ':matches(FunctionDeclaration, VariableDeclarator)[id.name=/^errorText$/i]': report,
              };
            },
          },
        },
      },
    },
    rules: { 'error-wording/german-message-only': 'error' },
  },
);
