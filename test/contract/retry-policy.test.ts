/**
 * One retry policy: its defaults, the undo's, and the one conversion to Temporal's. The values
 * are those recorded histories carry (4 attempts 1 s, 2 s, 4 s apart up to 10 s; undos 5).
 */
import { describe, expect, it } from 'vitest';
import { backoffMs, DEFAULT_RETRY_POLICY, toTemporalRetryPolicy, UNDO_RETRY_POLICY } from '../../api/retry-policy.ts';

describe('the retry policy', () => {
  it('defaults to the contract guidance, and gives undos one attempt more', () => {
    expect(DEFAULT_RETRY_POLICY).toEqual({
      initialIntervalMs: 1000,
      backoffCoefficient: 2,
      maximumIntervalMs: 10_000,
      maximumAttempts: 4,
      nonRetryableErrorTypes: [],
    });
    // the field order is that of the policy an undo activity's input carries in recorded histories
    expect(JSON.stringify(UNDO_RETRY_POLICY)).toBe(
      '{"initialIntervalMs":1000,"backoffCoefficient":2,"maximumIntervalMs":10000,"maximumAttempts":5,"nonRetryableErrorTypes":[]}',
    );
  });

  it("converts to Temporal's retry policy field by field", () => {
    expect(
      toTemporalRetryPolicy({
        ...DEFAULT_RETRY_POLICY,
        maximumAttempts: 2,
        nonRetryableErrorTypes: ['VALIDATION_ERROR'],
      }),
    ).toEqual({
      initialInterval: 1000,
      backoffCoefficient: 2,
      maximumInterval: 10_000,
      maximumAttempts: 2,
      nonRetryableErrorTypes: ['VALIDATION_ERROR'],
    });
  });

  it('waits 1 s, 2 s, 4 s... up to the longest interval, the defaults filling fields left out', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => backoffMs(DEFAULT_RETRY_POLICY, attempt))).toEqual([
      1000, 2000, 4000, 8000, 10_000,
    ]);
    expect([1, 2, 3].map((attempt) => backoffMs({ initialIntervalMs: 10 }, attempt))).toEqual([10, 20, 40]);
  });
});
