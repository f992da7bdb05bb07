// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

const nodeBuiltins = ['fs', 'path', 'os', 'http', 'https', 'net', 'crypto', 'child_process', 'worker_threads', 'timers', 'dns', 'stream', 'url', 'process'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tools/**', 'coverage/**', 'test-artifacts/**', 'bin/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
    },
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
    files: ['workflows/**/*.ts', 'definitions/plan-types.ts', 'definitions/expressions.ts', 'definitions/templates.ts', 'definitions/expression-ast.ts',
      'definitions/cel-environment.ts', 'definitions/cel-values.ts', 'definitions/expression-reads.ts', 'definitions/expression-fast-paths.ts',
      'definitions/text-cache.ts', 'definitions/date-helpers.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...nodeBuiltins.flatMap((name) => [
              { name, message: 'Workflow code may not use Node built-ins.' },
              { name: `node:${name}`, message: 'Workflow code may not use Node built-ins.' },
            ]),
            { name: 'yaml', message: 'Parse playbooks outside the workflow; pass the compiled plan.' },
            { name: 'undici', message: 'HTTP belongs in activities.' },
            { name: 'fastify', message: 'The sandbox is not workflow code.' },
            { name: '@temporalio/client', message: 'Use @temporalio/workflow inside workflows.' },
            { name: '@temporalio/worker', message: 'Use @temporalio/workflow inside workflows.' },
            { name: '@temporalio/activity', message: 'Use @temporalio/workflow inside workflows.' },
          ],
          patterns: [
            { group: ['**/activities/**', '../activities/*'], allowTypeImports: true, message: 'Workflows import activity types only (import type).' },
            { group: ['**/sandbox/**', '**/worker/**', '**/cli/**'], message: 'Workflow code may not import I/O modules.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'console', message: 'Use log from @temporalio/workflow.' }],
    },
  },
);
