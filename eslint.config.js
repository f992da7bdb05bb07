// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import prettierConfig from 'eslint-config-prettier';
import { builtinModules } from 'node:module';

/**
 * The files the worker bundles into the workflow sandbox: workflows/, the parts of definitions/
 * the interpreter evaluates plans with, and the data converter's sandboxed halves. Kept by
 * hand; test/ops/lint-rules.test.ts bundles the workflow code and fails when a file the bundle
 * holds is missing here.
 */
export const workflowFiles = [
  'workflows/**/*.ts',
  'api/retry-policy.ts',
  'definitions/plan-types.ts',
  'definitions/trigger-types.ts',
  'definitions/failure-types.ts',
  'definitions/expressions.ts',
  'definitions/templates.ts',
  'definitions/expression-ast.ts',
  'definitions/cel-environment.ts',
  'definitions/cel-values.ts',
  'definitions/expression-reads.ts',
  'definitions/expression-fast-paths.ts',
  'definitions/text-cache.ts',
  'definitions/date-helpers.ts',
];

/** The converters the bundle loads with `require`: only the SDK's packages and relative files. */
export const workflowCommonJsFiles = ['worker/payload-converter.cjs', 'worker/failure-converter.cjs'];

const builtinMessage = 'Workflow code may not use Node built-ins: it is replayed, and may not do I/O.';

/** The SDK's internals are taken in one place, where each is checked (workflows/sdk-internals.ts). */
const sdkInternals = {
  group: ['@temporalio/*/lib/*', '@temporalio/*/src/*'],
  message:
    "Take the Temporal SDK's internals in workflows/sdk-internals.ts, where each is checked (see its SDK-upgrade checklist).",
};

/** What the sandbox and the CLI may not import: the worker's activities (they share the API contract, in api/). */
const notActivities = {
  group: [
    '**/activities/**',
    '../activities/*',
    '../../activities/*',
    '**/actions/*/handlers.ts',
    '**/actions/*/*-handlers.ts',
  ],
  message:
    "The sandbox and the CLI take the API contract from api/contract/ (the CLI the client from api/client/), not the worker's activities.",
};
/** The sandbox simulates the API from its contract alone; the client is the code it tests. */
const notClient = {
  group: ['**/api/client/**'],
  message: 'The sandbox imports the API contract only (api/contract/), not the client it is tested against.',
};

/**
 * A resource's catalogue entries (actions/<resource>/catalogue.ts, and the argument parts it shares in
 * vocabulary.ts beside it): declarations only, no I/O. Handlers split out of handlers.ts are named
 * <part>-handlers.ts (actions/stay/update-handlers.ts).
 */
const catalogueMessage = "A catalogue file declares actions only: the worker's handlers go in handlers.ts beside it.";

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tools/**', 'coverage/**', 'test-artifacts/**', 'bin/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Layout is Prettier's (.prettierrc.json, checked by `npm run lint`); no ESLint rule argues with it.
  prettierConfig,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x parses no .ts file and no-cycle silently checks nothing.
      'import-x/extensions': ['.ts', '.js', '.cjs', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js', '.cjs', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'no-restricted-imports': ['error', { patterns: [sdkInternals] }],
    },
  },
  {
    files: ['actions/*/catalogue.ts', 'actions/*/vocabulary.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...builtinModules
              .filter((name) => !name.startsWith('node:'))
              .map((name) => ({ name, message: catalogueMessage })),
            { name: 'undici', message: catalogueMessage },
            { name: '@temporalio/activity', message: catalogueMessage },
          ],
          patterns: [
            { regex: '^node:', message: catalogueMessage },
            sdkInternals,
            {
              group: [
                './handlers.ts',
                './*-handlers.ts',
                '**/activities/**',
                '**/api/client/**',
                '**/worker/**',
                '**/sandbox/**',
              ],
              message: catalogueMessage,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['cli/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [sdkInternals, notActivities] }] },
  },
  {
    files: ['sandbox/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [sdkInternals, notActivities, notClient] }] },
  },
  {
    // CommonJS modules that the Temporal SDK loads by path with `require` (worker/payload-converter.cjs).
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', TextEncoder: 'readonly', TextDecoder: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Workflow code is replayed: it may not touch I/O, clocks, randomness or the parser.
    files: workflowFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // Every built-in by its bare name (`fs`, `fs/promises`, `events`…); `node:` ones by the pattern below.
          paths: [
            ...builtinModules
              .filter((name) => !name.startsWith('node:'))
              .map((name) => ({ name, message: builtinMessage })),
            { name: 'yaml', message: 'Parse playbooks outside the workflow; pass the compiled plan.' },
            { name: 'undici', message: 'HTTP belongs in activities.' },
            { name: 'fastify', message: 'The sandbox is not workflow code.' },
            { name: '@temporalio/client', message: 'Use @temporalio/workflow inside workflows.' },
            { name: '@temporalio/worker', message: 'Use @temporalio/workflow inside workflows.' },
            { name: '@temporalio/activity', message: 'Use @temporalio/workflow inside workflows.' },
          ],
          patterns: [
            { regex: '^node:', message: builtinMessage },
            sdkInternals,
            {
              group: ['**/activities/**', '../activities/*'],
              allowTypeImports: true,
              message: 'Workflows import activity types only (import type).',
            },
            {
              group: ['**/sandbox/**', '**/worker/**', '**/cli/**'],
              message: 'Workflow code may not import I/O modules.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'console', message: 'Use log from @temporalio/workflow.' }],
      // no-restricted-imports sees static imports only: a dynamic one would slip past it.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression',
          message: 'Workflow code imports its modules statically, so the lint sees them.',
        },
      ],
      // Replay order counts turns: an `await` on a synchronous call is either a slip or a
      // replay-order place, marked and listed (workflows/ARCHITECTURE.md; test/ops/replay-order.test.ts).
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: workflowCommonJsFiles,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name='require'][arguments.0.value!=/^(@temporalio\\/(common|workflow)$|\\.\\.?\\/)/]",
          message: 'Workflow code requires only @temporalio/common, @temporalio/workflow and its own files.',
        },
      ],
      'no-restricted-globals': ['error', { name: 'console', message: 'Use log from @temporalio/workflow.' }],
    },
  },
);
