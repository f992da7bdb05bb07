/**
 * `forEach` steps: the list's elements, as many at once as the step allows. A list no longer
 * than its concurrency runs one activity per element; a longer one runs its elements in
 * batches (see `batchSize`), each activity running one or several lanes' batches side by side
 * (see `lanesPerActivity`), so a 5,000-guest step costs a handful of activities, not 5,000,
 * while the API sees the same calls at the same concurrency.
 */
import { ApplicationFailure } from '@temporalio/workflow';
import { MAX_BATCH, type JsonValue, type PlanStep } from '../definitions/plan-types.ts';
import type { ExpressionScope } from '../definitions/expressions.ts';
import type { BatchResult, StepCall } from '../activities/types.ts';
import { preparesUndo, runBatchCall } from './activity-calls.ts';
import { StepState, type ItemCounts } from './messages.ts';
import { describeFailure, failureMessage } from './saga.ts';
import type { Interpreter } from './interpreter.ts';
import { ElementKeys } from './element-keys.ts';
import { PlanEvaluationError, conditionAt, evaluateAt } from './plan-errors.ts';
import { FailureType } from '../definitions/failure-types.ts';
import { compareElements, elementLabel } from './retry.ts';
import { StepFailed } from './step-errors.ts';

/**
 * Most calls one batch activity makes (200): long enough to matter, short enough to retry
 * cheaply, and small enough that the results of a round of batches finishing together fit the
 * worker's memory (at 20,000 guests, batches of 223 peaked 20 MB higher than batches of 167).
 */
export { MAX_BATCH };

/**
 * Most calls of a batch that prepares its undo (100): each batch's preparation is a local
 * activity, which holds the run's workflow task open while it reads.
 */
export const MAX_PREPARED_BATCH = 100;

/** Elements a lane takes in one batch at most before its work is split into several batches. */
const ONE_BATCH_PER_LANE_UP_TO = 8;

/**
 * Calls per lane's batch for a list of `items` run `concurrency` at a time (an activity runs
 * `lanesPerActivity` of them side by side): the step's `batch` if it sets one (up to 200); else
 * every lane's whole share of the list in one batch, of at most 200 calls, or the fewest equal
 * batches of at most 200, so that every round keeps all lanes busy (5,000 guests 30 at a time
 * are 30 batches of 167; 20,000 are 120 of 167, four rounds of 30). Between two batches a lane
 * waits on the run's workflow task that books the one and schedules the next, so one batch per
 * lane means no lane waits at all. A step that `prepares` its undo keeps a lane's share in one
 * batch of at most `MAX_PREPARED_BATCH`.
 */
export function batchSize(items: number, concurrency: number, batch?: number, prepares = false): number {
  if (batch !== undefined) return Math.max(1, Math.min(MAX_BATCH, batch));
  const perLane = Math.ceil(items / Math.max(1, concurrency));
  if (perLane <= ONE_BATCH_PER_LANE_UP_TO || prepares) return Math.max(1, Math.min(MAX_PREPARED_BATCH, perLane));
  return Math.ceil(perLane / Math.ceil(perLane / MAX_BATCH));
}

/**
 * Fewest activities a `forEach` with several lanes per activity keeps in flight: its calls
 * still spread over several workers, and no single activity carries the whole step.
 */
const MIN_ACTIVITIES_IN_FLIGHT = 4;

/**
 * Lanes one batch activity runs side by side: the largest divisor of the step's concurrency
 * that leaves at least 4 activities in flight (30 lanes: 5 activities of 6; 50: 5 of 10; 10: 5
 * of 2; 4: one lane each). Every activity's start and result is a round trip through the
 * server and a workflow task of the run; fewer, wider activities make the same calls at the
 * same concurrency. A step that sets its own `batch`, or prepares its undo (a local activity
 * per batch), keeps one lane per activity.
 */
export function lanesPerActivity(concurrency: number, batch?: number, prepares = false): number {
  if (batch !== undefined || prepares) return 1;
  for (let lanes = Math.floor(concurrency / MIN_ACTIVITIES_IN_FLIGHT); lanes > 1; lanes--) {
    if (concurrency % lanes === 0) return lanes;
  }
  return 1;
}

/** The elements' indices cut into consecutive batches of `size`. */
export function inBatches(indices: number[], size: number): number[][] {
  const batches: number[][] = [];
  for (let i = 0; i < indices.length; i += size) batches.push(indices.slice(i, i + size));
  return batches;
}

/** The batch size of a step's list: `batchSize`, for its concurrency, `batch` and kind. */
function batching(items: number, step: PlanStep): number {
  const forEach = step.forEach!;
  return batchSize(items, forEach.concurrency, forEach.batch, preparesUndo(step.kind));
}

/** Lanes per batch activity of a step's batched list (`lanesPerActivity`). */
function grouping(step: PlanStep): number {
  const forEach = step.forEach!;
  return lanesPerActivity(forEach.concurrency, forEach.batch, preparesUndo(step.kind));
}

/** What a value is, in words, without the value (it may be personal). */
function kindOf(value: JsonValue): string {
  if (value === null) return 'null';
  return typeof value === 'object' ? 'a map' : `a ${typeof value}`;
}

/**
 * Elements the step's per-element condition is false for are done, with output `null`, before
 * any call. A condition that fails for an element is a `PlanEvaluationError` naming the step's
 * `if` and the element.
 */
function skipElements(
  step: PlanStep,
  condition: string,
  keys: ElementKeys,
  done: Record<string, JsonValue>,
  scopeOf: (index: number) => ExpressionScope,
): void {
  const place = { step, field: 'if' };
  for (const index of keys.indices()) {
    if (keys.isDone(index, done)) continue;
    if (!conditionAt(place, condition, scopeOf(index))) done[keys.of(index)] = null;
  }
}

/** Runs a `forEach` step; its outputs are the elements' outputs, in list order. */
export async function runForEach(run: Interpreter, step: PlanStep): Promise<JsonValue> {
  const forEach = step.forEach!;
  const place = { step, field: 'forEach.items' };
  // replay-order: evaluateAt is synchronous; the turn this await yields orders the step among parallel steps
  // eslint-disable-next-line @typescript-eslint/await-thenable -- awaited on purpose: replay-order above
  const items = await evaluateAt(place, forEach.items, run.scope());
  if (!Array.isArray(items))
    throw new PlanEvaluationError(
      FailureType.FOREACH_NOT_A_LIST,
      place,
      forEach.items,
      `gave ${kindOf(items)}, not a list`,
    );
  const done = (run.state.itemOutputs[step.id] ??= {});
  // A live plan plans each element on its own (a batch's calls would write).
  const size = run.input.live ? 1 : batching(items.length, step);
  // The step's expressions read only steps it needs, all done before it started: one base
  // scope serves every element.
  const base = run.scope();
  // Each element's scope is made once, for its key, and dropped when its batch starts.
  const scopes: (ExpressionScope | undefined)[] = new Array<ExpressionScope | undefined>(items.length);
  const scopeOf = (index: number): ExpressionScope =>
    (scopes[index] ??= { ...base, [forEach.as]: items[index] as JsonValue, index });
  const takeScope = (index: number): ExpressionScope => {
    const scope = scopeOf(index);
    scopes[index] = undefined;
    return scope;
  };
  const label = (index: number) => elementLabel(run.input, step, index);
  // An expression's failure names the expression, and the element by CSV row or position.
  const named = (error: unknown) =>
    error instanceof PlanEvaluationError ? error.naming((index) => elementLabel(run.input, step, index, false)) : error;
  let keys: ElementKeys;
  // A step none of whose elements finished yet (not a retry's or a continuation's) keys each
  // element as its batch is scheduled and records its content digest then; otherwise every key
  // first, to compare the elements with those the earlier run finished.
  const fresh = Object.keys(done).length === 0;
  try {
    keys = new ElementKeys(step, items, scopeOf, label);
    if (fresh) keys.recordDigests(((run.state.itemDigests ??= {})[step.id] = {}));
    else
      for (const line of compareElements(run, step, items, keys.everyKey(), done, (index) => keys.digest(index)))
        if (!run.state.warnings.includes(line)) run.state.warnings.push(line);
    if (forEach.if) skipElements(step, forEach.if, keys, done, takeScope);
  } catch (error) {
    throw named(error);
  }
  const pending = keys.indices().filter((index) => !keys.isDone(index, done));
  const counts: ItemCounts = { total: items.length, done: items.length - pending.length, failed: 0, running: 0 };
  run.setState(step.id, StepState.running, { items: counts });
  // A batch activity runs `lanes` of the step's lanes side by side, each its share of `size`.
  const lanes = size > 1 ? grouping(step) : 1;
  const batches = inBatches(pending, size * lanes);
  let failure: unknown;
  // Elements are named by CSV row or position: their keys are digests, their values may be personal.
  const fail = (index: number, error: unknown) => {
    counts.failed++;
    if (step.onFailure === 'continue')
      run.state.warnings.push(`step ${step.id}: ${label(index)} failed: ${failureMessage(error)}`);
    else if (failure === undefined && error instanceof PlanEvaluationError) failure = named(error);
    else if (failure === undefined) {
      const { type, message } = describeFailure(error);
      failure = new StepFailed(
        step.id,
        type,
        `step ${step.id} (${step.action}) failed at ${label(index)}: ${message}`,
        error,
      );
    }
  };
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < batches.length && failure === undefined) {
      const batch = batches[next++]!;
      try {
        await run.checkpoint();
      } catch {
        return; // stopping: finish what is in flight, start nothing new
      }
      counts.running += batch.length;
      run.showDetails();
      const batchScopes = batch.map(takeScope);
      try {
        if (size === 1) {
          const key = keys.of(batch[0]!);
          done[key] = await run.callOnce(step, batchScopes[0]!, key);
          counts.done++;
        } else {
          await runBatch(run, step, batch, batchScopes, { keys, done, counts, fail }, lanes);
        }
      } catch (error) {
        for (const index of batch) if (!(keys.of(index) in done)) fail(index, error);
      } finally {
        counts.running -= batch.length;
        run.showDetails();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(forEach.concurrency / lanes, batches.length)) }, lane));
  if (failure !== undefined) throw failure;
  if (counts.failed > 0) (run.state.incomplete ??= []).push(step.id);
  if (run.stopReason) throw run.stopped();
  return keys.everyKey().map((key) => done[key] ?? null);
}

interface BatchBook {
  /** Every element's item key, by position, made as it is asked for. */
  keys: ElementKeys;
  done: Record<string, JsonValue>;
  counts: ItemCounts;
  fail: (index: number, error: unknown) => void;
}

/** One batch (the elements at `batch`): its calls in one activity, `lanes` at a time, then each call's outputs or failure booked. */
async function runBatch(
  run: Interpreter,
  step: PlanStep,
  batch: number[],
  scopes: ExpressionScope[],
  book: BatchBook,
  lanes: number,
): Promise<void> {
  const keys = batch.map((index) => book.keys.of(index));
  const calls: StepCall[] = [];
  for (const [i, key] of keys.entries()) calls.push(run.stepCall(step, scopes[i]!, key));
  const results: (BatchResult | null)[] = await runBatchCall(
    step,
    calls,
    step.onFailure !== 'continue',
    run.saga,
    lanes,
  );
  for (const [i, key] of keys.entries()) {
    const result = results[i];
    if (!result) continue; // not started: the batch stopped at a refusal before it
    if (result.failed) {
      const { type, message } = result.failed;
      book.fail(batch[i]!, ApplicationFailure.create({ type, message, nonRetryable: true }));
      continue;
    }
    run.absorb(step.id, result.outcome);
    book.done[key] = run.outputsNow(step, result.outcome.output, scopes[i]!);
    book.counts.done++;
  }
}
