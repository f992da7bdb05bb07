/**
 * The retry budget on the real dev server. Each API call gets the step's attempts of its own, so
 * a 500 on one call never uses up the attempts of the calls beside it: with 5 % of all requests
 * answered 500 (a fixed seed), every run of tour-setup completes. A call whose attempts all fail
 * rolls the run back, and its possible write is undone like that of any call whose outcome is
 * unknown.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

/** Runs of tour-setup (its default input: about 100 API calls each), and how many run at once. */
const RUNS = 20;
const AT_ONCE = 5;

describe('the retry budget', () => {
  let stack: TestStack;
  let outputDir: string;
  beforeAll(async () => {
    outputDir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-retry-budget-'));
    stack = await startTestStack({ outputDir, sandbox: { seed: 500 } });
  });
  afterAll(async () => {
    await stack?.close();
    await rm(outputDir, { recursive: true, force: true });
  });

  it(`completes ${RUNS} runs of tour-setup out of ${RUNS} with 5 % of requests answered 500`, async () => {
    stack.sandbox.faults.add({ id: 'random-500', kind: 'status', status: 500, rate: 0.05 });
    const outcomes: { run: number; status: string | undefined; error: string | undefined }[] = [];
    let next = 0;
    const lane = async () => {
      while (next < RUNS) {
        const run = next++;
        const outcome = await stack.run(
          'tour-setup.yaml',
          { name: `Random 500s ${run}`, sheetsFolder: outputDir },
          `random-500-${run}`,
        );
        const error = outcome.result?.error;
        outcomes.push({
          run,
          status: outcome.result?.status,
          error: error ? `${error.stepId}: ${error.type}: ${error.message}` : outcome.message,
        });
      }
    };
    try {
      await Promise.all(Array.from({ length: AT_ONCE }, lane));
    } finally {
      stack.sandbox.faults.clear();
    }
    const notCompleted = outcomes.filter((outcome) => outcome.status !== 'completed');
    expect(notCompleted, `${notCompleted.length} of ${RUNS} runs did not complete`).toEqual([]);
    const tours = (stack.sandbox.snapshot({ normalise: true }).tours ?? []) as { name: string }[];
    for (let run = 0; run < RUNS; run++)
      expect(tours.filter((tour) => tour.name === `Random 500s ${run}`)).toHaveLength(1);
  }, 300_000);

  it('rolls back a create whose answers were all lost, deleting the tour it wrote', async () => {
    const before = stack.sandbox.snapshot({ normalise: true });
    // Every attempt commits (the first) or replays (the others) and loses its answer.
    stack.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'POST', path: '^/v1/tours$' }, times: 4 });
    try {
      const fixture = path.resolve(import.meta.dirname, 'fixtures', 'tours-then-fail.yaml');
      const outcome = await stack.run(fixture, { cities: [] }, 'all-answers-lost');
      expect(outcome.result?.status, outcome.message).toBe('rolledBack');
      expect(outcome.result?.error).toMatchObject({ stepId: 'last', type: 'NETWORK_ERROR' });
      expect(outcome.result?.undone).toHaveLength(1);
      expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
    } finally {
      stack.sandbox.faults.clear();
    }
  }, 120_000);
});
