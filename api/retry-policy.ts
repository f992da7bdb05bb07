/**
 * How a failed API call is tried again: the one retry-policy type of tourflow, its defaults, and
 * the one conversion to Temporal's `RetryPolicy`. A step's calls, a batch's calls, an undo's
 * calls and the API client's own retries (CLI commands, scripts) all take a `RetryPolicy`. Inside
 * an activity every API call retries by the step's policy (`withCallRetries` in
 * `api/client/retry.ts`): Temporal retries the activity itself by the same policy only after a
 * crash or a timeout. Workflow-safe: no I/O, imported by the workflow bundle.
 */
import type { RetryPolicy as TemporalRetryPolicy } from '@temporalio/common';

/** How a call is tried again after a failure worth another attempt (5xx, 408, 429, timeouts, resets). */
export interface RetryPolicy {
  /** Delay before the second attempt, in milliseconds. @default 1000 */
  initialIntervalMs: number;
  /** Growth of the delay per attempt: 1 s, 2 s, 4 s... @default 2 */
  backoffCoefficient: number;
  /**
   * Longest computed delay, in milliseconds. A 429's `Retry-After` is honoured beyond it, up to
   * the time the call has (`waitLimit` in `api/client/retry.ts`). @default 10_000
   */
  maximumIntervalMs: number;
  /** Attempts in all, the first included. @default 4 (3 retries, as the contract advises) */
  maximumAttempts: number;
  /** Failure types (the API's error code, or `HTTP_<status>`) never retried. @default [] */
  nonRetryableErrorTypes: string[];
}

/**
 * The defaults, following the contract: 5xx and timeouts retried after about 1 s, 2 s and 4 s,
 * at most 3 retries (4 attempts in all; docs/api-assumptions.md). A playbook step's `retry:`
 * overrides any of them.
 */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = {
  initialIntervalMs: 1_000,
  backoffCoefficient: 2,
  maximumIntervalMs: 10_000,
  maximumAttempts: 4,
  nonRetryableErrorTypes: [],
};

/** Undo must get through a bad minute of the API: one attempt more than forward steps, for each of its calls. */
export const UNDO_RETRY_POLICY: Readonly<RetryPolicy> = { ...DEFAULT_RETRY_POLICY, maximumAttempts: 5 };

/** `policy` as Temporal's retry policy of the activity that runs the calls: the one conversion. */
export function toTemporalRetryPolicy(policy: Readonly<RetryPolicy>): TemporalRetryPolicy {
  return {
    initialInterval: policy.initialIntervalMs,
    backoffCoefficient: policy.backoffCoefficient,
    maximumInterval: policy.maximumIntervalMs,
    maximumAttempts: policy.maximumAttempts,
    nonRetryableErrorTypes: [...policy.nonRetryableErrorTypes],
  };
}

/** The computed delay before attempt `attempt + 1` (attempt counts from 1): 1 s, 2 s, 4 s... up to `maximumIntervalMs`. */
export function backoffMs(policy: Readonly<Partial<RetryPolicy>>, attempt: number): number {
  const initial = policy.initialIntervalMs ?? DEFAULT_RETRY_POLICY.initialIntervalMs;
  const growth = policy.backoffCoefficient ?? DEFAULT_RETRY_POLICY.backoffCoefficient;
  return Math.min(
    initial * growth ** (attempt - 1),
    policy.maximumIntervalMs ?? DEFAULT_RETRY_POLICY.maximumIntervalMs,
  );
}
