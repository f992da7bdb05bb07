/**
 * Runs one action call as an activity, with its undo registered in the saga before it runs.
 * Reads (read steps, and the reads that prepare an undo) run as local activities: nothing to
 * make durable before they run, so they skip the round trip through the server's task queue.
 */
import {
  ActivityFailure,
  ApplicationFailure,
  proxyActivities,
  proxyLocalActivities,
  type ActivityOptions,
} from '@temporalio/workflow';
import { msToNumber } from './sdk-internals.ts';
import type { PlanStep } from '../definitions/plan-types.ts';
import type { createActivities } from '../activities/index.ts';
import type { ActionName } from '../activities/modules.ts';
import type { BatchResult, FailureDetails, StepCall, StepOutcome, UndoRecord } from '../activities/types.ts';
import type { CallPlan } from '../activities/plan-call.ts';
import { DEFAULT_RETRY_POLICY, toTemporalRetryPolicy, type RetryPolicy } from '../api/retry-policy.ts';
import { batchActivityName, type ActivityNameOf } from './activity-names.ts';
import { packBatch } from './batch-input.ts';
import type { Saga } from './saga.ts';
import { summarize } from './summaries.ts';
import { FailureType } from '../definitions/failure-types.ts';

type Activities = ReturnType<typeof createActivities>;
/** An activity as the workflow schedules it: its options for this call, and its one argument. */
interface Schedulable<Arg, Result> {
  executeWithOptions(options: ActivityOptions, args: [Arg]): Promise<Result>;
}

/** A step's time limit by default, and its retries: `DEFAULT_RETRY_POLICY`, which each API call of an activity gets of its own. */
export const DEFAULT_ACTIVITY_OPTIONS: ActivityOptions = {
  startToCloseTimeout: '60s',
  retry: toTemporalRetryPolicy(DEFAULT_RETRY_POLICY),
};

/**
 * How long an activity may go without a heartbeat before the server takes it away and retries
 * it, on another worker if its worker was killed. Activities beat every 5 s while they run
 * (`activities/heartbeat.ts`), so 10 s: a killed worker's activity is retried elsewhere within
 * about 11 s (a beat's spacing plus the retry's first interval at most added to it), instead of
 * after its start-to-close timeout.
 */
export const HEARTBEAT_TIMEOUT = '10s';

const activities = proxyActivities<Activities>(DEFAULT_ACTIVITY_OPTIONS);
const localActivities = proxyLocalActivities<Activities>(DEFAULT_ACTIVITY_OPTIONS);

/**
 * The activity of a step's action, as the compiler wrote it into the plan from the catalogue
 * (`defineAction`: the action's name in camelCase). A plan is data: its names are taken as the
 * catalogue's here, once, and a worker that serves no such activity fails the call.
 */
function stepActivity(step: PlanStep): ActivityNameOf<ActionName> {
  return step.activity as ActivityNameOf<ActionName>;
}

/** The action of a step, as the compiler wrote it from the catalogue (see `stepActivity`). */
function stepAction(step: PlanStep): ActionName {
  return step.action as ActionName;
}

/** The step's retry policy: the default with the playbook's `retry:` overrides (durations in Temporal's strings). */
function retryPolicyOf(step: PlanStep): RetryPolicy {
  const override = step.retry ?? {};
  const ms = (duration: string | undefined, fallback: number): number =>
    duration !== undefined ? msToNumber(duration) : fallback;
  return {
    initialIntervalMs: ms(override.initialInterval, DEFAULT_RETRY_POLICY.initialIntervalMs),
    backoffCoefficient: override.backoffCoefficient ?? DEFAULT_RETRY_POLICY.backoffCoefficient,
    maximumIntervalMs: ms(override.maximumInterval, DEFAULT_RETRY_POLICY.maximumIntervalMs),
    maximumAttempts: override.maximumAttempts ?? DEFAULT_RETRY_POLICY.maximumAttempts,
    nonRetryableErrorTypes: override.nonRetryableErrorTypes ?? [],
  };
}

function optionsFor(step: PlanStep, summary: string): ActivityOptions {
  return {
    ...DEFAULT_ACTIVITY_OPTIONS,
    ...(step.timeout ? { startToCloseTimeout: step.timeout } : {}),
    retry: toTemporalRetryPolicy(retryPolicyOf(step)),
    summary,
  };
}

async function execute<Arg, Result>(
  stub: Schedulable<Arg, Result> | undefined,
  options: ActivityOptions,
  action: string,
  arg: Arg,
  local = false,
): Promise<Result> {
  if (!stub) throw ApplicationFailure.nonRetryable(`No activity implements ${action}.`, FailureType.UNKNOWN_ACTION);
  // A local activity cannot heartbeat; it runs again with the workflow task after a crash.
  const timeouts = local ? options : { heartbeatTimeout: HEARTBEAT_TIMEOUT, ...options };
  // replay-order: the SDK marks executeWithOptions @experimental; every step call is scheduled by it
  return await stub.executeWithOptions(timeouts, [arg]);
}

/** A read: a local activity. */
function read<Arg, Result>(
  stub: Schedulable<Arg, Result>,
  options: ActivityOptions,
  action: string,
  arg: Arg,
): Promise<Result> {
  return execute(stub, options, action, arg, true);
}

/**
 * True when the call certainly changed nothing beyond what its failure details list: the API
 * refused it (a non-retryable failure), or its retries ran out with every send of it answered
 * by the API with an error after which nothing is written (`wroteNothing`). A call whose
 * retries ran out otherwise (its failure is non-retryable only to keep Temporal from starting
 * it over: an answer was lost), or that timed out, has an unknown outcome.
 */
function definitiveFailure(error: unknown): ApplicationFailure | undefined {
  const cause = error instanceof ActivityFailure ? error.cause : undefined;
  if (!(cause instanceof ApplicationFailure) || !cause.nonRetryable) return undefined;
  const details = detailsOf(cause);
  return details?.retriesExhausted && !details.wroteNothing ? undefined : cause;
}

function detailsOf(failure: ApplicationFailure): FailureDetails | undefined {
  return failure.details?.[0] as FailureDetails | undefined;
}

function partialUndo(failure: ApplicationFailure): UndoRecord[] {
  const undo = detailsOf(failure)?.undo;
  return Array.isArray(undo) ? undo : [];
}

/** The undo of a create whose outcome is unknown: replay it with the same keys, then undo what that returns. */
function replayUndo(call: StepCall, summary: string): UndoRecord[] {
  return [{ activity: 'replayAndUndo', args: { call }, describe: `undo "${summary}" if it happened` }];
}

/** True for steps whose calls read their undo first (update, delete, bulk): a local activity per call or batch. */
export function preparesUndo(kind: PlanStep['kind']): boolean {
  return kind !== 'create' && kind !== 'read';
}

/** What one call would do, read only (a live plan): a local activity, like every read. */
export function planStepCall(step: PlanStep, call: StepCall): Promise<CallPlan> {
  const summary = `plan ${summarize(step, call)}`;
  return read(localActivities.planCall, optionsFor(step, summary), call.action, {
    ...call,
    retry: retryPolicyOf(step),
  });
}

/** Runs one call of a write or read step, keeping the saga up to date. */
export async function runCall(step: PlanStep, call: StepCall, saga: Saga): Promise<StepOutcome> {
  const summary = summarize(step, call);
  const options = optionsFor(step, summary);
  // Each API call of the activity gets the step's attempts (the saga keeps the call without them).
  const input: StepCall = { ...call, retry: retryPolicyOf(step) };
  if (step.kind === 'read') {
    // Reads that take long or save files (daySheet.render, file.download) heartbeat as plain activities.
    if (step.plainActivity) return execute(activities[stepActivity(step)], options, call.action, input);
    return read(localActivities[stepActivity(step)], options, call.action, input);
  }

  let handle: number;
  if (step.kind === 'create') {
    handle = saga.register(step.id, call.itemKey, replayUndo(call, summary));
  } else {
    // Update, delete and bulk calls read what they will change first, durably, so the undo
    // writes back the state from before the first attempt.
    const prepared = await read(
      localActivities.prepareUndo,
      { ...options, summary: `prepare undo of ${summary}` },
      call.action,
      input,
    );
    handle = saga.register(step.id, call.itemKey, prepared);
  }
  try {
    const outcome = await execute(activities[stepActivity(step)], options, call.action, input);
    saga.succeeded(handle, step.kind, outcome);
    return outcome;
  } catch (error) {
    const refused = definitiveFailure(error);
    if (refused) saga.settle(handle, partialUndo(refused));
    throw error;
  }
}

/**
 * A batch's time limit: every try of the `perLane` calls each of its lanes makes one after
 * another. Its heartbeats (`HEARTBEAT_TIMEOUT`) tell a killed worker from a long batch.
 */
function batchOptions(step: PlanStep, perLane: number, summary: string): ActivityOptions {
  const single = optionsFor(step, summary);
  // the same reading of `30s`, `5m` that Temporal gives the options it is handed
  const perCall = msToNumber(single.startToCloseTimeout ?? '60s');
  const retry = retryPolicyOf(step);
  return { ...single, startToCloseTimeout: (perCall + retry.maximumIntervalMs) * retry.maximumAttempts * perLane };
}

/**
 * Runs calls of one `forEach` step as one activity, `lanes` at a time, keeping the saga up to
 * date for each call: a create's undo is registered before the batch runs, an update's is read
 * first. A call the API refused gets a `failed` result; calls the batch never started get none,
 * and nothing to undo.
 */
export async function runBatchCall(
  step: PlanStep,
  calls: StepCall[],
  stopOnFailure: boolean,
  saga: Saga,
  lanes = 1,
): Promise<(BatchResult | null)[]> {
  const first = calls[0]!;
  const summary = `${summarize(step, first)} (and ${calls.length - 1} more)`;
  // Each lane makes its share of the calls one after another.
  const options = batchOptions(step, Math.ceil(calls.length / lanes), summary);
  let handles: number[] = [];
  if (step.kind === 'create') {
    handles = calls.map((call) => saga.register(step.id, call.itemKey, replayUndo(call, summarize(step, call))));
  } else if (preparesUndo(step.kind)) {
    const prepared = await read(
      localActivities.prepareUndoBatch,
      { ...options, summary: `prepare undo of ${summary}` },
      first.action,
      { calls, retry: retryPolicyOf(step) },
    );
    handles = calls.map((call, i) => saga.register(step.id, call.itemKey, prepared[i] ?? []));
  }
  const batch = packBatch(calls, { stopOnFailure, retry: retryPolicyOf(step), ...(lanes > 1 ? { lanes } : {}) });
  const { results } = await execute(activities[batchActivityName(stepAction(step))], options, first.action, batch);
  handles.forEach((handle, i) => {
    const result = results[i];
    if (!result) saga.settle(handle, []);
    else if (result.failed) saga.settle(handle, result.failed.undo);
    else saga.succeeded(handle, step.kind, result.outcome);
  });
  return results;
}
