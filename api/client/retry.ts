/**
 * Retries of each API call. A client retries its calls when it is given `retry` (CLI commands,
 * plain scripts); inside an activity every call retries by the step's retry policy, which the
 * activity sets for everything it runs (`withCallRetries`), so each call of an activity that
 * makes many has the step's attempts of its own. Delays grow 1 s, 2 s, 4 s... up to `maximumIntervalMs`.
 *
 * A 429's `Retry-After` replaces the computed delay and is honoured in full, beyond `maximumIntervalMs`:
 * a retry sent sooner than the API asked is answered 429 again and uses up an attempt. It is
 * bounded only by the time the call has: inside a step, the step's timeout (start-to-close)
 * less a margin for the call after the wait (`stepWaitLimit`); elsewhere `MAX_RETRY_AFTER_MS`.
 * A wait that would pass the bound is not begun: the call fails at once with an error saying
 * how long the API asked to wait and what to do. During a wait the activity's heartbeat timer
 * keeps beating (`activities/heartbeat.ts`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Info } from '@temporalio/activity';
import { backoffMs, DEFAULT_RETRY_POLICY, type RetryPolicy } from '../retry-policy.ts';
import { ApiError } from './errors.ts';

/**
 * The retries of a client's calls: a `RetryPolicy` (`api/retry-policy.ts`), whose fields left out
 * take `DEFAULT_RETRY_POLICY`'s values, and when a `Retry-After` wait must end.
 */
export interface RetryOptions extends Partial<RetryPolicy> {
  /** When a `Retry-After` wait must end. @default `MAX_RETRY_AFTER_MS` from the start of the wait */
  waitLimit?: WaitLimit;
}

/** The latest end of a `Retry-After` wait, and what sets it (for the error of a longer one). */
export interface WaitLimit {
  /** Epoch milliseconds by which the wait must end. */
  until: number;
  /** What sets the limit, e.g. "the step's timeout of 60 s". */
  what: string;
  /** What the user can do about a longer wait. */
  fix: string;
}

/** Longest `Retry-After` a call waits outside a step (CLI commands, scripts). */
export const MAX_RETRY_AFTER_MS = 120_000;

/** Time a step keeps after a `Retry-After` wait for the call it retries: 5 s, or a quarter of a shorter timeout. */
const STEP_MARGIN_MS = 5_000;

/** `ms` in seconds, for messages: "12 s", "2.5 s". */
function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/**
 * The wait limit of the activity attempt `info` describes, started `now`: its start-to-close
 * timeout (a step's `timeout`, 60 s by default) less the margin. None outside an activity.
 */
export function stepWaitLimit(
  info: Pick<Info, 'startToCloseTimeoutMs'> | undefined,
  now = Date.now(),
): WaitLimit | undefined {
  const timeout = info?.startToCloseTimeoutMs;
  if (!timeout) return undefined;
  return {
    until: now + timeout - Math.min(STEP_MARGIN_MS, timeout / 4),
    what: `the step's timeout of ${seconds(timeout)}`,
    fix: "raise the step's `timeout` above the wait, or run the playbook again later",
  };
}

/** The limit outside a step: `MAX_RETRY_AFTER_MS` from `now`. */
function defaultWaitLimit(now: number): WaitLimit {
  return {
    until: now + MAX_RETRY_AFTER_MS,
    what: `the ${seconds(MAX_RETRY_AFTER_MS)} a call waits at most outside a step`,
    fix: 'try again later',
  };
}

/**
 * The error of a call whose `Retry-After` wait of `delayMs` would end after `limit`: the API's
 * answer, with how long it asked to wait and what to do. Still retryable: trying later helps.
 */
function waitTooLong(error: ApiError, delayMs: number, limit: WaitLimit, now: number): ApiError {
  const left = Math.max(0, limit.until - now);
  const message =
    `${error.message.replace(/[.\s]+$/, '')}. The API asked to wait ${seconds(delayMs)} before trying again (Retry-After), ` +
    `more than ${limit.what} allows (${seconds(left)} left): ${limit.fix}.`;
  const { status, code, endpoint, retryable, retryAfterMs } = error;
  const longer = new ApiError(message, { status, code, endpoint, retryable, retryAfterMs, cause: error });
  longer.attempts = error.attempts;
  return longer;
}

/** Called before each wait, e.g. to log "retrying in 2 s". */
export type RetryListener = (info: { attempt: number; delayMs: number; error: ApiError }) => void;

/** The delay before attempt `attempt + 1` (attempt counts from 1). */
export function retryDelayMs(options: RetryOptions, attempt: number, error: ApiError): number {
  if (error.retryAfterMs !== undefined) return error.retryAfterMs;
  return backoffMs(options, attempt);
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Whether `error` is worth another attempt under `options`. */
function retryable(options: RetryOptions, error: unknown): error is ApiError {
  return error instanceof ApiError && error.retryable && !options.nonRetryableErrorTypes?.includes(error.type);
}

/** Runs `run` (given the attempt's number, from 1) until it succeeds, fails for good, or the attempts run out. */
export async function withRetry<T>(
  options: RetryOptions | false | undefined,
  run: (attempt: number) => Promise<T>,
  signal?: AbortSignal,
  onRetry?: RetryListener,
): Promise<T> {
  const attempts = options ? Math.max(1, options.maximumAttempts ?? DEFAULT_RETRY_POLICY.maximumAttempts) : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt);
    } catch (error) {
      if (error instanceof ApiError) error.attempts = attempt;
      if (!options || attempt >= attempts || !retryable(options, error)) throw error;
      const delayMs = retryDelayMs(options, attempt, error);
      const now = Date.now();
      const limit = options.waitLimit ?? defaultWaitLimit(now);
      if (error.retryAfterMs !== undefined && now + delayMs > limit.until)
        throw waitTooLong(error, delayMs, limit, now);
      onRetry?.({ attempt, delayMs, error });
      await sleep(delayMs, signal);
    }
  }
}

/** The retries of every call made inside `withCallRetries`. */
export interface CallRetries {
  options: RetryOptions;
  onRetry?: RetryListener;
}

const scoped = new AsyncLocalStorage<CallRetries>();

/**
 * Runs `body` with every API call it makes, awaited or not, retried by `retries` (unless the
 * client has retries of its own): an activity gives each of its calls the step's attempts.
 */
export function withCallRetries<T>(retries: CallRetries, body: () => Promise<T>): Promise<T> {
  return scoped.run(retries, body);
}

/** The retries `withCallRetries` set for the code running now, if any. */
export function callRetries(): CallRetries | undefined {
  return scoped.getStore();
}
