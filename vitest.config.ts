import { defineConfig } from 'vitest/config';
import { longFirstSequencer } from './test/setup/sequencer.ts';

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

/**
 * The files that run longest, started first: on a clean clone, which has no record of the last
 * run's times, vitest would start the largest first, and a long file started last lengthens the
 * run by its whole length (test/setup/sequencer.ts). Much of it they wait (for a time event's
 * moment, a worker killed on purpose, retries' backoff), so the ones that mostly wait alternate
 * with the ones that mostly compute.
 */
export const LONG_FIRST = [
  'test/e2e/triggers-late.test.ts',
  'test/e2e/crash.test.ts',
  'test/e2e/shipped-triggers.test.ts',
  'test/bench/harness.test.ts',
  'test/e2e/triggers-records.test.ts',
  'test/e2e/big-playbook.test.ts',
  'test/e2e/out-of-retries.test.ts',
  'test/e2e/triggers-restart.test.ts',
  'test/e2e/retry-budget.test.ts',
  'test/e2e/triggers-timing.test.ts',
  'test/e2e/interpreter.test.ts',
];

/**
 * Three files at once on two cores: the end-to-end files spend much of their time waiting (the
 * late-trigger file uses about a tenth of a core over its run), so a third worker computes while
 * two wait. The e2e project on a machine loaded by other work took the same CPU seconds with two
 * workers and with three, and 30 % less time with three.
 */
const shared = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
  fileParallelism: true,
  maxWorkers: 3,
};

/**
 * The unit and contract files share their worker's modules (`isolate: false`): each file in a
 * fresh module graph spent most of its time importing (zod, the SDK, the client, the sandbox),
 * and the two projects took 45 s and 52 s alone against 27 s and 15 s sharing. In the whole
 * run the e2e files set the length; the imports' CPU went from 224 s to 162 s. Their files hold
 * no state in modules that another file could see: they pass in any order
 * (`--sequence.shuffle.files`). The e2e files keep a fresh graph each: they start workers and
 * servers of their own.
 */
const shareModules = { isolate: false };

export default defineConfig({
  test: {
    ...shared,
    sequence: { sequencer: longFirstSequencer(import.meta.dirname, LONG_FIRST) },
    projects: [
      {
        test: {
          ...shared,
          ...shareModules,
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...CONTRACT, ...E2E, 'test/stack/**'],
        },
      },
      { test: { ...shared, ...shareModules, name: 'contract', include: CONTRACT } },
      { test: { ...shared, name: 'e2e', include: E2E, globalSetup: ['test/setup/global-setup.ts'] } },
    ],
  },
});
