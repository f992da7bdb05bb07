/**
 * Batches: many calls of one `forEach` step in one activity. The calls run in list order, one
 * after another or several at once (`lanes`), each with its own idempotency key, sharing reads
 * such as the tour's days; the activity heartbeats its outcomes so far every few seconds
 * (`activities/heartbeat.ts`), so a retry resumes after the calls the last attempt reported
 * instead of replaying every call.
 */
import { ApplicationFailure, type Context } from '@temporalio/activity';
import { CallRole, PartialFailure, type ActionContext, type ActionHandler } from './action.ts';
import { retriesExhausted } from '../api/client/index.ts';
import type { BatchCall, BatchOutcome, BatchResult, FailureDetails, StepCall, UndoRecord } from './types.ts';
import { backoffMs, type RetryPolicy } from '../api/retry-policy.ts';
import { currentActivity } from './current.ts';
import { letEventLoopTurn, startHeartbeats, type Heartbeats } from './heartbeat.ts';
import { mapLimited, PREPARATIONS_IN_FLIGHT } from './actions/concurrency.ts';
import { asCallAttempt } from './actions/attempts.ts';
import { unpackBatch } from '../workflows/batch-input.ts';

/** What a batch needs from the activity layer. */
export interface BatchRunner {
  handlerFor(action: string): ActionHandler;
  /** The context of one call (or its undo preparation): its own key, the batch's shared reads. */
  contextFor(call: StepCall, role: CallRole, shared: Map<string, Promise<unknown>>): ActionContext;
  /** The failure an activity would throw for `error` (API errors mapped, anything else as is). */
  toFailure(error: unknown): unknown;
}

/**
 * What a batch's heartbeat carries: the key of every call and an outcome or null for each.
 * Heartbeats of workers from before several lanes per batch carried `results`, the outcomes of
 * the calls they had done in order, with those calls' keys; a worker of that time reading
 * `outcomes` finds no `results` and runs every call again, under the same idempotency keys.
 */
interface BatchProgress {
  keys: string[];
  outcomes?: (BatchResult | null)[];
  results?: BatchResult[];
}

/**
 * Outcomes the previous attempt reported before it stopped, if the calls are the same: one entry
 * per call, null for a call it had not finished.
 */
function resumed(context: Context | undefined, calls: StepCall[]): (BatchResult | null)[] {
  const results = new Array<BatchResult | null>(calls.length).fill(null);
  const details = context?.info.heartbeatDetails as Partial<BatchProgress> | undefined;
  const reported = details?.outcomes ?? details?.results;
  if (!reported || !details?.keys || details.keys.length > calls.length) return results;
  if (!details.keys.every((key, i) => calls[i]!.idempotencyKey === key)) return results;
  reported.forEach((result, i) => {
    if (i < details.keys!.length) results[i] = result ?? null;
  });
  return results;
}

/** The first detail of a failure, as `FailureDetails`. */
function detailsOf(failure: unknown): FailureDetails | undefined {
  const first = (failure as { details?: unknown[] } | null)?.details?.[0];
  return first && typeof first === 'object' ? (first as FailureDetails) : undefined;
}

/**
 * A failure is definitive when the API refused the call: non-retryable, and not merely because
 * the retries of one of the call's requests ran out.
 */
function definitive(failure: unknown): { type: string; message: string } | undefined {
  const f = failure as { nonRetryable?: boolean; type?: string; message?: string } | null;
  if (!f || typeof f !== 'object' || f.nonRetryable !== true || detailsOf(f)?.retriesExhausted) return undefined;
  return { type: f.type ?? 'Error', message: f.message ?? String(failure) };
}

/** A failure after the call's own retries: Temporal must not run the batch again for it. */
function final(failure: unknown): unknown {
  if (!(failure instanceof ApplicationFailure) || detailsOf(failure)?.retriesExhausted) return failure;
  return retriesExhausted(failure);
}

function pause(context: Context | undefined, ms: number): Promise<void> {
  return context ? context.sleep(ms) : new Promise((resolve) => setTimeout(resolve, ms));
}

/** The delay before retry `attempt` + 1: the API's `Retry-After` if it gave one, else the backoff. */
function retryDelay(retry: RetryPolicy, attempt: number, failure: unknown): number {
  const after = (failure as { nextRetryDelay?: unknown } | null)?.nextRetryDelay;
  if (typeof after === 'number') return after;
  return backoffMs(retry, attempt);
}

/**
 * One call with the retries Temporal would give it as an activity of its own. Each of its API
 * requests has had the step's attempts already (the activity retries every request), so a
 * failure whose retries ran out ends the call at once; a call is run again as a whole only for
 * other failures worth retrying. Returns the refusal of a call the API refused; throws once the
 * retries of any other failure run out.
 */
async function callWithRetries(
  runner: BatchRunner,
  call: StepCall,
  shared: Map<string, Promise<unknown>>,
  retry: RetryPolicy,
  context: Context | undefined,
  beat: (force?: boolean) => void,
): Promise<BatchResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      const run = () => runner.handlerFor(call.action).run(call, runner.contextFor(call, CallRole.run, shared));
      return { outcome: await asCallAttempt(attempt, run) };
    } catch (error) {
      const failure = runner.toFailure(error);
      const refused = definitive(failure);
      if (refused) return { failed: { ...refused, undo: error instanceof PartialFailure ? error.undo : [] } };
      const type = (failure as { type?: string } | null)?.type;
      const lastTry =
        attempt >= retry.maximumAttempts ||
        detailsOf(failure)?.retriesExhausted === true ||
        (type !== undefined && retry.nonRetryableErrorTypes.includes(type));
      if (lastTry || context?.cancellationSignal.aborted) throw final(failure);
      beat(true);
      await pause(context, retryDelay(retry, attempt, failure));
    }
  }
}

/**
 * Runs the calls in list order, `lanes` at a time (one when absent), each with its own retries.
 * A call the API refuses is recorded with the undo of any writes it made, and, when
 * `stopOnFailure`, no call starts after it (those in flight finish). A call whose retries run
 * out fails the activity once the calls in flight have finished; a retry of the activity (after
 * a worker crash or a timeout) skips the calls its last heartbeat reported done. `heartbeats`
 * are the activity's (started here when not given); they carry the outcomes so far.
 */
export async function runBatch(runner: BatchRunner, batch: BatchCall, heartbeats?: Heartbeats): Promise<BatchOutcome> {
  const context = currentActivity();
  const beats = heartbeats ?? startHeartbeats(context);
  const calls = unpackBatch(batch);
  const results = resumed(context, calls);
  const keys = calls.map((call) => call.idempotencyKey);
  const shared = new Map<string, Promise<unknown>>();
  // Every beat carries the outcomes so far. A retry after a crash redoes the calls since the
  // last heartbeat the server got, under the same idempotency keys.
  beats?.carry((): BatchProgress => ({ keys, outcomes: results }));
  const beat = (force = false) => beats?.beat(force);
  let next = 0;
  let stopped = false;
  let thrown: { error: unknown } | undefined;
  const lane = async (): Promise<void> => {
    while (!stopped && next < calls.length) {
      const i = next++;
      if (results[i]) continue;
      try {
        const result = await callWithRetries(runner, calls[i]!, shared, batch.retry, context, beat);
        results[i] = result;
        if (result.failed && batch.stopOnFailure) stopped = true;
        beat();
      } catch (error) {
        stopped = true;
        thrown ??= { error };
      }
      await letEventLoopTurn();
    }
  };
  const lanes = Math.max(1, Math.min(batch.lanes ?? 1, calls.length));
  try {
    await Promise.all(Array.from({ length: lanes }, lane));
  } finally {
    if (!heartbeats) beats?.stop();
  }
  if (thrown) {
    if (lanes > 1) beat(true); // what the other lanes finished, for the retry
    throw thrown.error;
  }
  return { results };
}

/**
 * The undo of every call of an update, delete or bulk batch, read before any of them runs:
 * `PREPARATIONS_IN_FLIGHT` at once, the calls' reads of the same record shared.
 */
export async function prepareBatch(runner: BatchRunner, calls: StepCall[]): Promise<UndoRecord[][]> {
  const shared = new Map<string, Promise<unknown>>();
  const undo: UndoRecord[][] = new Array<UndoRecord[]>(calls.length);
  await mapLimited(calls, PREPARATIONS_IN_FLIGHT, async (call, index) => {
    const ctx = runner.contextFor(call, CallRole.prepare, shared);
    undo[index] = (await runner.handlerFor(call.action).prepare?.(call, ctx)) ?? [];
  });
  return undo;
}
