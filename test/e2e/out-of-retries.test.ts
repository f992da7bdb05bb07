/**
 * A create whose attempts all fail, on the real dev server against the sandbox over HTTP. Only
 * a record the run may have left, and could not undo, makes it "needs manual repair":
 *
 * - every attempt answered 500 (the API's own error: nothing written), the API still failing
 *   while the run rolls back: rolled back, nothing to undo, the store as it was;
 * - an attempt committed and lost its answer, the next ones answered 500: the outcome is
 *   unknown, the replay under the same key finds the tour and deletes it: rolled back;
 * - the same, with the tour's delete failing: needs manual repair, naming the tour.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderResult } from '../../cli/render.ts';
import { waitForOutcome } from '../../cli/runs.ts';
import { pollUntil } from '../support/poll.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures', 'tours-then-fail.yaml');
/** The fixture's last step alone: one tour.create (`last`), with a valid day. */
const ONE_CREATE = { cities: [], badDayType: 'Show' };
const CREATE_TOUR = { method: 'POST', path: '^/v1/tours$' };

const lastTours = (stack: TestStack) =>
  ((stack.sandbox.snapshot({ normalise: true }).tours ?? []) as { name: string }[]).filter(
    (tour) => tour.name === 'Interpreter last',
  );

/**
 * Starts the one create with its first attempt committing and losing its answer, and its three
 * other attempts answered 500 (added once the first has committed, a second before the retry).
 */
async function lostThen500(stack: TestStack, runKey: string) {
  stack.sandbox.faults.add({ kind: 'dropAfterCommit', match: CREATE_TOUR, times: 1 });
  const run = await stack.start(FIXTURE, ONE_CREATE, runKey);
  await pollUntil(async () => lastTours(stack).length === 1, 'the first attempt to commit', 30_000, 10);
  stack.sandbox.faults.add({ kind: 'status', status: 500, match: CREATE_TOUR, times: 3 });
  return run;
}

describe('a create that runs out of retries', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answered 500 on every attempt, also while rolling back: rolled back, nothing left behind', async () => {
    const before = stack.sandbox.snapshot({ normalise: true });
    stack.sandbox.faults.add({ kind: 'status', status: 500, match: CREATE_TOUR });
    try {
      const outcome = await stack.run(FIXTURE, ONE_CREATE, 'all-500');
      expect(outcome.exitCode, outcome.message).toBe(3);
      expect(outcome.message).toBe(
        'rolled back: step last (tour.create) failed: POST /v1/tours failed with 500 INTERNAL_ERROR: Internal server error',
      );
      expect(outcome.result).toMatchObject({
        status: 'rolledBack',
        error: { stepId: 'last', type: 'INTERNAL_ERROR' },
        undone: [],
        leftBehind: [],
      });
      expect(renderResult(outcome.result!)[0]).toBe(
        'tours-then-fail failed and rolled back (tours-then-fail--all-500)',
      );
      expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
    } finally {
      stack.sandbox.faults.clear();
    }
  }, 120_000);

  it('committed with its answer lost, then answered 500: the replay finds the tour and deletes it, rolled back', async () => {
    const before = stack.sandbox.snapshot({ normalise: true });
    try {
      const outcome = await waitForOutcome((await lostThen500(stack, 'lost-then-500')).handle);
      expect(outcome.exitCode, outcome.message).toBe(3);
      expect(outcome.result).toMatchObject({ status: 'rolledBack', leftBehind: [] });
      expect(outcome.result?.undone).toEqual([
        { stepId: 'last', describe: 'undo "last: create tour Interpreter last" if it happened' },
      ]);
      expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
    } finally {
      stack.sandbox.faults.clear();
    }
  }, 120_000);

  it('committed with its answer lost, and the delete of the tour fails: needs manual repair naming the tour', async () => {
    stack.sandbox.faults.add({ kind: 'status', status: 500, match: { method: 'DELETE', path: '^/v1/tours/' } });
    try {
      const outcome = await waitForOutcome((await lostThen500(stack, 'lost-undo-fails')).handle);
      expect(outcome.exitCode, outcome.message).toBe(1);
      expect(outcome.message).toMatch(/^needs manual repair: step last \(tour\.create\) failed: /);
      expect(outcome.result?.status).toBe('needsManualRepair');
      expect(outcome.result?.leftBehind).toEqual([
        expect.objectContaining({
          stepId: 'last',
          describe: 'undo "last: create tour Interpreter last" if it happened',
        }),
      ]);
      expect(outcome.result?.leftBehind[0]?.error).toMatch(/^INTERNAL_ERROR: DELETE \/v1\/tours\/\S+ failed with 500/);
      expect(lastTours(stack)).toHaveLength(1);
    } finally {
      stack.sandbox.faults.clear();
    }
  }, 180_000);
});
