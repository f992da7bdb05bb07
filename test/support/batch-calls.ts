/** Calls for tests of batch activities with stand-in handlers: item keys "0", "1", …, idempotency keys `key/<i>`. */
import type { RetryPolicy } from '../../api/retry-policy.ts';
import type { StepCall } from '../../activities/types.ts';

export function testCalls(size: number): StepCall[] {
  return Array.from({ length: size }, (_, i): StepCall => ({
    action: 'test.call',
    stepId: 'step',
    itemKey: String(i),
    args: {},
    idempotencyKey: `key/${i}`,
    run: { workflowId: 'wf', playbook: 'test', now: '2027-01-01T00:00:00Z' },
  }));
}

/** A call retry policy of `attempts` tries, 1 ms apart. */
export function quickRetry(attempts: number): RetryPolicy {
  return {
    initialIntervalMs: 1,
    backoffCoefficient: 1,
    maximumIntervalMs: 1,
    maximumAttempts: attempts,
    nonRetryableErrorTypes: [],
  };
}
