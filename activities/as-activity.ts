/**
 * How activity code runs as an activity: each API call retried by the step's policy (else the
 * task's), heartbeats while it runs, and the Temporal failure it throws for an error.
 */
import { ApplicationFailure } from '@temporalio/activity';
import { msToNumber } from '../workflows/sdk-internals.ts';
import { PartialFailure } from './action.ts';
import {
  ApiError,
  asActivityFailure,
  retriesExhausted,
  stepWaitLimit,
  toActivityFailure,
  withCallRetries,
  type RetryListener,
} from '../api/client/index.ts';
import { currentActivity } from './current.ts';
import { startHeartbeats, type Heartbeats } from './heartbeat.ts';
import { sendWroteNothing } from './actions/attempts.ts';
import type { RetryPolicy } from '../api/retry-policy.ts';

/** The activity's first attempt (or no activity: a script's call): no earlier attempt can have written. */
export function firstAttempt(): boolean {
  return (currentActivity()?.info.attempt ?? 1) === 1;
}

/**
 * The failure an activity throws for `error`: API errors typed by the API's code, partial writes
 * with their undo. When the activity retried its calls (`retried`), an API error still worth
 * retrying is one whose attempts ran out: its failure says so (`retriesExhausted`), and says
 * `wroteNothing` when `sends` saw every earlier send answered without a write, and the last one
 * was too (`sendWroteNothing`).
 */
export function activityFailure(error: unknown, retried = false, sends?: WriteSends): unknown {
  const cause = error instanceof PartialFailure ? error.cause : error;
  let failure: unknown;
  if (error instanceof PartialFailure) {
    const mapped = cause instanceof ApiError ? toActivityFailure(cause) : ApplicationFailure.fromError(cause);
    failure = ApplicationFailure.create({
      message: mapped.message,
      type: mapped.type ?? 'Error',
      nonRetryable: mapped.nonRetryable === true,
      ...(mapped.nextRetryDelay != null ? { nextRetryDelay: mapped.nextRetryDelay } : {}),
      details: [{ undo: error.undo }],
    });
  } else {
    failure = asActivityFailure(error);
  }
  const exhausted = retried && cause instanceof ApiError && cause.retryable;
  const wroteNothing = sends !== undefined && sends.noneLost() && sendWroteNothing(cause);
  return exhausted && failure instanceof ApplicationFailure ? retriesExhausted(failure, wroteNothing) : failure;
}

/**
 * Watches the sends an activity's client tries again: whether any may have written and lost its
 * answer. Only a first attempt of the activity can tell: an earlier one's sends are unknown.
 */
class WriteSends {
  private lost = !firstAttempt();
  readonly onRetry: RetryListener = ({ error }) => {
    if (!sendWroteNothing(error)) this.lost = true;
  };

  noneLost(): boolean {
    return !this.lost;
  }
}

/**
 * The activity's own retry policy, read back from Temporal's, for inputs that carry none (runs
 * started before they did); Temporal's own default for a missing `maximumInterval` (100 times
 * the initial interval) and for `maximumAttempts` 0 (unlimited).
 */
function taskRetry(): RetryPolicy | undefined {
  const policy = currentActivity()?.info.retryPolicy;
  if (!policy) return undefined;
  return {
    initialIntervalMs: msToNumber(policy.initialInterval ?? '1s'),
    backoffCoefficient: policy.backoffCoefficient ?? 2,
    maximumIntervalMs:
      policy.maximumInterval !== undefined
        ? msToNumber(policy.maximumInterval)
        : 100 * msToNumber(policy.initialInterval ?? '1s'),
    maximumAttempts: policy.maximumAttempts || Number.MAX_SAFE_INTEGER,
    nonRetryableErrorTypes: policy.nonRetryableErrorTypes ?? [],
  };
}

/**
 * Runs activity code and turns API errors into Temporal failures whose type is the API's code.
 * Each API call it makes retries by `retry` (the step's policy, else the task's): a failure on
 * one call never uses up the attempts of the others, and once a call's attempts have run out
 * the activity fails for good instead of starting its calls over. Temporal retries the activity
 * itself only after a crash or a timeout. Outside an activity with no `retry`, calls are tried
 * once. The activity heartbeats while it runs (`activities/heartbeat.ts`), so a killed worker's
 * activity is retried elsewhere within its heartbeat timeout; `body` may give the beats details.
 */
export async function asActivity<T>(
  body: (heartbeats: Heartbeats | undefined) => Promise<T>,
  retry: RetryPolicy | undefined = taskRetry(),
): Promise<T> {
  const heartbeats = startHeartbeats(currentActivity());
  const sends = new WriteSends();
  try {
    return retry
      ? await withCallRetries(
          { options: { ...retry, waitLimit: stepWaitLimit(currentActivity()?.info) }, onRetry: sends.onRetry },
          () => body(heartbeats),
        )
      : await body(heartbeats);
  } catch (error) {
    throw activityFailure(error, retry !== undefined, sends);
  } finally {
    heartbeats?.stop();
  }
}
