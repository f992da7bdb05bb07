/**
 * Retries of each API call. A client retries its calls when it is given `retry` (CLI commands,
 * plain scripts); inside an activity every call retries by the step's retry policy, which the
 * activity sets for everything it runs (`withCallRetries`), so each call of an activity that
 * makes many has the step's attempts of its own. Delays grow 1 s, 2 s, 4 s...; a 429's
 * `Retry-After` replaces the computed delay.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ApiError } from './errors.ts';

export interface RetryOptions {
  /** Attempts in all, the first included. @default 3 */
  attempts?: number;
  /** Delay before the second attempt. @default 1000 */
  initialMs?: number;
  /** Growth of the delay per attempt. @default 2 */
  factor?: number;
  /** Longest delay, `Retry-After` included. @default 30_000 */
  maxMs?: number;
  /** Failure types (`ApiError.type`: the API's code, or `HTTP_<status>`) never retried. @default none */
  nonRetryableTypes?: readonly string[];
}

/** Called before each wait, e.g. to log "retrying in 2 s". */
export type RetryListener = (info: { attempt: number; delayMs: number; error: ApiError }) => void;

/** The delay before attempt `attempt + 1` (attempt counts from 1). */
export function retryDelayMs(options: RetryOptions, attempt: number, error: ApiError): number {
  const computed = (options.initialMs ?? 1000) * (options.factor ?? 2) ** (attempt - 1);
  return Math.min(error.retryAfterMs ?? computed, options.maxMs ?? 30_000);
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
  return error instanceof ApiError && error.retryable && !options.nonRetryableTypes?.includes(error.type);
}

/** Runs `run` (given the attempt's number, from 1) until it succeeds, fails for good, or the attempts run out. */
export async function withRetry<T>(
  options: RetryOptions | false | undefined,
  run: (attempt: number) => Promise<T>,
  signal?: AbortSignal,
  onRetry?: RetryListener,
): Promise<T> {
  const attempts = options ? Math.max(1, options.attempts ?? 3) : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt);
    } catch (error) {
      if (error instanceof ApiError) error.attempts = attempt;
      if (!options || attempt >= attempts || !retryable(options, error)) throw error;
      const delayMs = retryDelayMs(options, attempt, error);
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
