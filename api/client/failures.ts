/**
 * The one mapping from client errors to Temporal failures. The failure `type` is the API's error
 * code (`TOUR_NOT_FOUND`, `INSUFFICIENT_SCOPE`) or `HTTP_<status>` for a bare gateway body, so a
 * playbook names the failures it tolerates; `nonRetryable` and `nextRetryDelay` (from
 * `Retry-After`) steer Temporal's retry policy.
 */
import { ApplicationFailure } from '@temporalio/common';
import { ApiError } from './errors.ts';

/** Details attached to the failure: enough to diagnose, never a header, token or secret. */
export interface ApiFailureDetails {
  status: number | null;
  endpoint: string;
  code: string | null;
  /** Set by `retriesExhausted`. */
  retriesExhausted?: boolean;
  /** Set by `retriesExhausted` when the API answered every send of the call that it wrote nothing. */
  wroteNothing?: boolean;
}

/** The `ApplicationFailure` an activity throws for an `ApiError`. */
export function toActivityFailure(error: ApiError): ApplicationFailure {
  const details: ApiFailureDetails = {
    status: error.status ?? null,
    endpoint: error.endpoint,
    code: error.code ?? null,
  };
  return ApplicationFailure.create({
    type: error.type,
    message: error.message,
    nonRetryable: !error.retryable,
    nextRetryDelay: error.retryAfterMs,
    details: [details],
  });
}

/**
 * The failure of a call whose own retries ran out inside its activity: non-retryable, so that
 * Temporal does not run the activity again and give each of its calls all its attempts once
 * more, and marked `retriesExhausted` in its first detail, so that nobody takes it for the API's
 * refusal: the call may have written, unless `wroteNothing` (every send of it was answered with
 * an error after which nothing is written). Type, message and the other details stay.
 */
export function retriesExhausted(failure: ApplicationFailure, wroteNothing = false): ApplicationFailure {
  const [first, ...rest] = failure.details ?? [];
  const marked = {
    ...(first && typeof first === 'object' ? first : {}),
    retriesExhausted: true,
    ...(wroteNothing ? { wroteNothing } : {}),
  };
  return ApplicationFailure.create({
    message: failure.message,
    type: failure.type ?? 'Error',
    nonRetryable: true,
    details: [marked, ...rest],
    ...(failure.cause ? { cause: failure.cause } : {}),
  });
}

/**
 * Maps a caught error for rethrowing from an activity: `ApiError`s become failures, anything
 * else (a cancellation, a bug) passes through untouched.
 */
export function asActivityFailure(error: unknown): unknown {
  return error instanceof ApiError ? toActivityFailure(error) : error;
}

/** Runs `fn`, rethrowing its `ApiError`s as activity failures. */
export async function withActivityFailures<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw asActivityFailure(error);
  }
}
