import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs the three projects; each runs alone with `--project`:
 * - unit: pure logic, the compiler, the CLI's offline commands, replays of recorded histories;
 *   no Temporal server and no API sandbox (`npm run test:unit`);
 * - contract: the API client and the activities against the sandbox over real HTTP
 *   (`npm run test:contract`);
 * - e2e: playbooks run on a real Temporal dev server, which the global setup starts once
 *   (`npm run test:e2e`), and the commands that start one of their own (`tourflow dev`).
 * test/ops/test-projects.test.ts holds every test file that needs Temporal to the e2e project.
 */
export const CONTRACT = ['test/client/**/*.test.ts', 'test/sandbox/**/*.test.ts', 'test/actions/**/*.test.ts'];
export const E2E = [
  'test/e2e/**/*.test.ts',
  'test/ui/**/*.test.ts',
  'test/schedules/**/*.test.ts',
  'test/cli/user-errors.test.ts',
  'test/cli/runs.test.ts',
  'test/cli/keys.test.ts',
  'test/replay/record.test.ts',
  'test/bench/harness.test.ts',
];

const shared = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
  fileParallelism: true,
  maxWorkers: 2,
};

export default defineConfig({
  test: {
    ...shared,
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...CONTRACT, ...E2E, 'test/stack/**'],
        },
      },
      { test: { ...shared, name: 'contract', include: CONTRACT } },
      { test: { ...shared, name: 'e2e', include: E2E, globalSetup: ['test/setup/global-setup.ts'] } },
    ],
  },
});
