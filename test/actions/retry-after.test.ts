/**
 * A 429's `Retry-After` is waited in full, beyond the step's longest retry interval, while the
 * activity keeps beating; a wait longer than the step's timeout leaves is not begun, and the
 * step fails at once saying how long the API asked to wait and what to do. Activities run
 * against the sandbox over real HTTP inside a stand-in activity context (the SDK's context
 * storage holds it as it holds the real one), given the retry policy the workflow hands them.
 */
import { asyncLocalStorage, type Context } from '@temporalio/activity';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RetryPolicy } from '../../api/retry-policy.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';

const tourArgs = (name: string): JsonObject => ({
  name,
  timeZone: 'Europe/Berlin',
  days: [{ date: '2027-05-01', city: 'Leipzig', dayType: 'Show' }],
});

/** A step's policy whose longest interval (1 s) is shorter than the `Retry-After` (2 s). */
const SHORT_INTERVALS: RetryPolicy = {
  initialIntervalMs: 100,
  backoffCoefficient: 2,
  maximumIntervalMs: 1_000,
  maximumAttempts: 3,
  nonRetryableErrorTypes: [],
};

/** An activity attempt with a start-to-close timeout and a heartbeat timeout, counting its beats. */
function activityContext(startToCloseTimeoutMs: number, heartbeatTimeoutMs: number, beats: number[]): Context {
  const info = { startToCloseTimeoutMs, heartbeatTimeoutMs, heartbeatDetails: undefined, isLocal: false, attempt: 1 };
  return {
    info,
    heartbeat: () => beats.push(Date.now()),
    cancellationSignal: new AbortController().signal,
  } as unknown as Context;
}

describe('Retry-After inside a step', () => {
  let h: Harness;
  const tours = (name: string) => rows(h.snapshot(), 'tours').filter((tour) => tour.name === name);
  const createTour = { method: 'POST', path: '^/v1/tours$' };
  beforeAll(async () => {
    h = await startHarness();
    await h.createTour('Warm-up');
  });
  afterEach(() => h.sandbox.faults.clear());
  afterAll(async () => {
    await h?.close();
  });

  it('is waited in full beyond the step’s longest interval, with heartbeats during the wait', async () => {
    h.sandbox.faults.add({ kind: 'status', status: 429, retryAfterSeconds: 2, match: createTour, times: 1 });
    const beats: number[] = [];
    const started = Date.now();
    const outcome = await asyncLocalStorage.run(activityContext(60_000, 400, beats), () =>
      h.run('tour.create', tourArgs('Waited in full'), { retry: SHORT_INTERVALS }),
    );
    const elapsed = Date.now() - started;
    expect(outcome.describe).toBe('created tour Waited in full with 1 days');
    expect(tours('Waited in full')).toHaveLength(1);
    expect(elapsed).toBeGreaterThanOrEqual(1_950);
    // Beats every 200 ms (half the heartbeat timeout) went on through the 2 s wait.
    expect(beats.filter((at) => at > started + 500 && at < started + 1_900).length).toBeGreaterThanOrEqual(3);
  });

  it('longer than the step’s timeout leaves: fails at once, saying so, and creates nothing', async () => {
    h.sandbox.faults.add({ kind: 'status', status: 429, retryAfterSeconds: 30, match: createTour, times: 1 });
    const started = Date.now();
    const failure = await failureOf(
      asyncLocalStorage.run(activityContext(20_000, 10_000, []), () =>
        h.run('tour.create', tourArgs('Waits too long'), { retry: SHORT_INTERVALS }),
      ),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(failure.message).toMatch(
      new RegExp(
        '^POST /v1/tours failed with 429 TOO_MANY_REQUESTS: Too many requests\\. The API asked to wait 30 s before trying again \\(Retry-After\\), ' +
          "more than the step's timeout of 20 s allows \\(1[45](\\.\\d)? s left\\): raise the step's `timeout` above the wait, or run the playbook again later\\.$",
      ),
    );
    expect([failure.type, failure.nonRetryable]).toEqual(['TOO_MANY_REQUESTS', true]);
    expect(tours('Waits too long')).toEqual([]);
  });
});
