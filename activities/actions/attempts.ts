/**
 * Whether a call may have been done already by an earlier try whose answer was lost: the one
 * rule for the three layers that try again, the activity (a new attempt after a timeout, a 5xx
 * that used up the client's retries, a worker crash), a batch activity running one of its calls
 * again within its attempt (`asCallAttempt`), and the HTTP client (the same request sent again
 * within one attempt, `ApiError.attempts`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { NOTHING_WRITTEN_STATUSES } from '../../api/contract/assumptions.ts';
import { ApiError } from '../../api/client/index.ts';
import { currentActivity } from '../current.ts';

const callAttempt = new AsyncLocalStorage<number>();

/**
 * Runs `run` as try `attempt` of one call of a batch, which a batch activity makes again itself
 * within one attempt of its own: from the second on, `isRetry` is true inside it. The first try
 * runs as it is, with nothing stored.
 */
export function asCallAttempt<T>(attempt: number, run: () => Promise<T>): Promise<T> {
  return attempt > 1 ? callAttempt.run(attempt, run) : run();
}

/**
 * Whether an earlier try ran, and so may have done the work already: an earlier attempt of
 * this activity, or, given the error the API answered, an earlier send of the same request.
 * A record it deleted being gone is then success, not a mistake in the playbook.
 */
export function isRetry(error?: unknown): boolean {
  if ((currentActivity()?.info.attempt ?? 1) > 1) return true;
  if ((callAttempt.getStore() ?? 1) > 1) return true;
  return error instanceof ApiError && error.attempts > 1;
}

/**
 * Whether the send that `error` answered wrote nothing: a read, or a write the API answered with
 * an error after which nothing is written (`NOTHING_WRITTEN_STATUSES`), not a lost answer and
 * not a gateway's.
 */
export function sendWroteNothing(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.endpoint.startsWith('GET ')) return true;
  return error.status !== undefined && error.code !== undefined && NOTHING_WRITTEN_STATUSES.includes(error.status);
}
