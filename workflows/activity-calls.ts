/**
 * Runs one action call as an activity, with its undo registered in the saga before it runs.
 */
import { ActivityFailure, ApplicationFailure, proxyActivities, type ActivityOptions } from '@temporalio/workflow';
import type { PlanStep } from '../definitions/plan-types.ts';
import type { createActivities } from '../activities/index.ts';
import type { PartialProgress, StepCall, StepOutcome, UndoRecord } from '../activities/types.ts';
import type { Saga } from './saga.ts';
import { summarize } from './summaries.ts';

type Activities = ReturnType<typeof createActivities>;
type CallableActivity = { executeWithOptions: (options: ActivityOptions, args: [StepCall]) => Promise<unknown> };

/** Defaults follow the contract: 5xx and timeouts retried about 1 s, 2 s, 4 s, at most 3 attempts. */
export const DEFAULT_ACTIVITY_OPTIONS: ActivityOptions = {
  startToCloseTimeout: '60s',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '10s', maximumAttempts: 3 },
};

const activities = proxyActivities<Activities>(DEFAULT_ACTIVITY_OPTIONS) as unknown as Record<string, CallableActivity>;

function optionsFor(step: PlanStep, summary: string): ActivityOptions {
  const retry = { ...DEFAULT_ACTIVITY_OPTIONS.retry, ...(step.retry ?? {}) };
  return {
    ...DEFAULT_ACTIVITY_OPTIONS,
    ...(step.timeout ? { startToCloseTimeout: step.timeout } : {}),
    retry: retry as ActivityOptions['retry'],
    summary,
  };
}

async function execute<T>(activity: string, options: ActivityOptions, call: StepCall): Promise<T> {
  const fn = activities[activity];
  if (!fn) throw ApplicationFailure.nonRetryable(`No activity implements ${call.action}.`, 'UNKNOWN_ACTION');
  return (await fn.executeWithOptions(options, [call])) as T;
}

/**
 * True when the call certainly changed nothing beyond what its failure details list: the API
 * refused it (a non-retryable failure). Retries that ran out, or timeouts, leave the outcome unknown.
 */
function definitiveFailure(error: unknown): ApplicationFailure | undefined {
  const cause = error instanceof ActivityFailure ? error.cause : undefined;
  return cause instanceof ApplicationFailure && cause.nonRetryable ? cause : undefined;
}

function partialUndo(failure: ApplicationFailure): UndoRecord[] {
  const details = failure.details?.[0] as Partial<PartialProgress> | undefined;
  return Array.isArray(details?.undo) ? details.undo : [];
}

/** The undo of a create whose outcome is unknown: replay it with the same keys, then undo what that returns. */
function replayUndo(call: StepCall, summary: string): UndoRecord[] {
  return [{ activity: 'replayAndUndo', args: { call: call as never }, describe: `undo "${summary}" if it happened` }];
}

/** Runs one call of a write or read step, keeping the saga up to date. */
export async function runCall(step: PlanStep, call: StepCall, saga: Saga): Promise<StepOutcome> {
  const summary = summarize(step, call);
  const options = optionsFor(step, summary);
  if (step.kind === 'read') return execute<StepOutcome>(step.activity, options, call);

  let handle: number;
  if (step.kind === 'create') {
    handle = saga.register(step.id, call.itemKey, replayUndo(call, summary));
  } else {
    // Update, delete and bulk calls read what they will change first, durably, so the undo
    // writes back the state from before the first attempt.
    const prepared = await execute<UndoRecord[]>('prepareUndo', { ...options, summary: `prepare undo of ${summary}` }, call);
    handle = saga.register(step.id, call.itemKey, prepared);
  }
  try {
    const outcome = await execute<StepOutcome>(step.activity, options, call);
    if (step.kind === 'create') saga.settle(handle, outcome.undo);
    return outcome;
  } catch (error) {
    const refused = definitiveFailure(error);
    if (refused) saga.settle(handle, partialUndo(refused));
    throw error;
  }
}
