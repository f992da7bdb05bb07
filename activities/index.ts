/**
 * All activities of the worker: two per catalogue action (one call, and a batch of a
 * `forEach`'s calls), the undo activities their undo records name, and the generic saga
 * activities (`prepareUndo`, `prepareUndoBatch`, and `undoReplayAndUndo` for the undo record
 * `replayAndUndo`).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { ApplicationFailure } from '@temporalio/activity';
import type { JsonObject } from '../definitions/plan-types.ts';
import {
  activityName,
  batchActivityName,
  undoActivityName,
  CallRole,
  PartialFailure,
  type ActionContext,
  type ActionHandler,
  type ActionModule,
  type UndoHandler,
} from './action.ts';
import { ApiError } from '../api/client/index.ts';
import { activityFailure, asActivity, firstAttempt } from './as-activity.ts';
import { currentActivity } from './current.ts';
import type { ActivityDeps } from './deps.ts';
import { UndoOutcome } from './observe.ts';
import { Handovers, sharedIn, StepReads } from './step-reads.ts';
import type { BatchCall, BatchOutcome, ReplayAndUndoArgs, StepCall, StepOutcome, UndoRecord } from './types.ts';
import type { RetryPolicy } from '../api/retry-policy.ts';
import { prepareBatch, runBatch, type BatchRunner } from './batch.ts';
import { actionModules, type ActionName } from './modules.ts';
import type { UndoHandlers } from './undo-names.ts';
import type { ActivityNameOf, BatchActivityNameOf, UndoActivityNameOf } from '../workflows/activity-names.ts';
import { readTour } from './actions/tour-days.ts';
import { FailureType } from '../definitions/failure-types.ts';
import { findAction } from '../definitions/actions/index.ts';
import { planCall, type CallPlan } from './plan-call.ts';

export type { ActivityDeps } from './deps.ts';

/** What an undo activity gets beside its arguments: its key and its retries, from the saga. */
interface UndoMeta {
  idempotencyKey?: string;
  retry?: RetryPolicy;
}

/**
 * The activity of every action the worker serves, its batch activity and the activity of every
 * undo handler, by name (`venueUpdate`, `venueUpdateBatch`, `undoVenueWriteBack`): the workflow
 * calls them through this type, so a name no module serves, or a wrong argument, does not compile.
 */
export type ActionActivities = {
  [Action in ActionName as ActivityNameOf<Action>]: (call: StepCall) => Promise<StepOutcome>;
} & {
  [Action in ActionName as BatchActivityNameOf<Action>]: (batch: BatchCall) => Promise<BatchOutcome>;
} & {
  [Name in keyof UndoHandlers & string as UndoActivityNameOf<Name>]: (
    args: JsonObject,
    meta?: UndoMeta,
  ) => Promise<void>;
};

/**
 * An object of `make(key)` under `rename(key)` for each key, typed by those names. The one place
 * that states the keys a loop makes (TypeScript does not follow computed keys).
 */
function byName<Key extends string, Name extends string, Value>(
  keys: readonly Key[],
  rename: (key: Key) => Name,
  make: (key: Key) => Value,
): Record<Name, Value> {
  return Object.fromEntries(keys.map((key) => [rename(key), make(key)])) as Record<Name, Value>;
}

/** Outside an activity (scripts, tests) nothing cancels a call. */
const NEVER_CANCELLED = new AbortController().signal;

function cancellationSignal(): AbortSignal {
  return currentActivity()?.cancellationSignal ?? NEVER_CANCELLED;
}

/** `ActionContext.prepared` outside a preparation and its call: a plain read. */
const readAlone = <T>(_name: string, load: () => Promise<T>): Promise<T> => load();

function contextFor(
  deps: ActivityDeps,
  baseKey: string,
  shared = new Map<string, Promise<unknown>>(),
  stepShared = shared,
  prepared: ActionContext['prepared'] = readAlone,
): ActionContext {
  return {
    client: deps.client,
    outputDir: deps.outputDir,
    inputDir: deps.inputDir ?? path.resolve('files'),
    defaultOrg: deps.defaultOrg,
    webhooks: deps.webhooks ?? {},
    signal: cancellationSignal(),
    key: (n) => (n === undefined ? baseKey : `${baseKey}:${n}`),
    shared: sharedIn(shared),
    stepShared: sharedIn(stepShared),
    prepared,
  };
}

/** `ActionContext.prepared` of a call's undo preparation (`keep`) or of the call itself (`take`). */
function handoverOf(handovers: Handovers, call: StepCall, role: CallRole): ActionContext['prepared'] {
  return <T>(name: string, load: () => Promise<T>): Promise<T> => {
    const key = `${call.idempotencyKey} ${name}`;
    if (role === CallRole.prepare) {
      const read = load();
      handovers.keep(key, read);
      return read;
    }
    const kept = handovers.take<T>(key);
    return (firstAttempt() ? kept : undefined) ?? load();
  };
}

/**
 * Undo calls run by the saga get their key from the workflow (run and place in the saga). An undo
 * activity called outside a workflow (a script, a test) is keyed by what it does, so a repeat is
 * the same request.
 */
function undoKey(activity: string, args: JsonObject): string {
  return `undo:${createHash('sha256')
    .update(`${activity}:${JSON.stringify(args)}`)
    .digest('hex')
    .slice(0, 48)}`;
}

/**
 * The key of the `index`-th undo that `undoReplayAndUndo` runs for what the replayed call
 * returned: from the replay's own key (the saga's: the run's key seed and the place in its
 * saga), else from the call's key (which holds the run's key seed, the step and the element).
 * Never from the undo's arguments: two runs whose undos write the same values must not share a
 * key, or the second would be answered with the first's result and change nothing. The same on
 * every attempt and replay of the workflow.
 */
function replayUndoKey(call: StepCall, replayKey: string | undefined, index: number): string {
  const base = replayKey ?? `undo:${createHash('sha256').update(call.idempotencyKey).digest('hex').slice(0, 48)}`;
  return `${base}.${index}`;
}

/** Counts an undo activity by how it ended (`tourflow_undo_calls_total`). */
async function counted<T>(deps: ActivityDeps, undo: string, running: Promise<T>): Promise<T> {
  try {
    const result = await running;
    deps.observer?.onUndo(undo, UndoOutcome.succeeded);
    return result;
  } catch (error) {
    deps.observer?.onUndo(undo, UndoOutcome.failed);
    throw error;
  }
}

/** The API refused the call (a 4xx): it changed nothing. */
function isRefused(error: unknown): boolean {
  return (
    (error instanceof ApiError && !error.retryable) ||
    (error instanceof ApplicationFailure && error.nonRetryable === true)
  );
}

/**
 * The step a call belongs to, for reads its batches share: of this run (a rerun under the same
 * workflow ID, after a rollback changed the tour, reads afresh), or outside an activity of the
 * workflow ID.
 */
function stepOf(call: StepCall): string {
  return `${currentActivity()?.info.workflowExecution?.runId ?? call.run.workflowId}/${call.stepId}`;
}

/** Builds the activities, given the worker's dependencies. */
export function createActivities(deps: ActivityDeps, modules: readonly ActionModule[] = actionModules) {
  const handlers: Record<string, ActionHandler> = Object.assign({}, ...modules.map((m) => m.actions));
  const undos: Record<string, UndoHandler> = Object.assign({}, ...modules.map((m) => m.undo));
  const handlerFor = (action: string): ActionHandler => {
    const handler = handlers[action];
    if (!handler)
      throw ApplicationFailure.nonRetryable(`No activity implements the action ${action}.`, FailureType.UNKNOWN_ACTION);
    return handler;
  };
  const runUndo = async (record: UndoRecord, key: string) => {
    const undo = undos[record.activity];
    // `replayAndUndo` is no module's handler: a replay's undo never replays again
    if (!undo || record.activity === 'replayAndUndo')
      throw ApplicationFailure.nonRetryable(`No undo activity named ${record.activity}.`, FailureType.UNKNOWN_ACTION);
    await undo(record.args, contextFor(deps, key));
  };

  const stepReads = new StepReads();
  const handovers = new Handovers();
  /**
   * A call's context (or its undo preparation's): its writes keyed by the call, its step's
   * shared reads those of the run's step, and the preparation's reads handed to the call.
   */
  const callContext = (call: StepCall, role: CallRole, shared?: Map<string, Promise<unknown>>) =>
    contextFor(deps, call.idempotencyKey, shared, stepReads.of(stepOf(call)), handoverOf(handovers, call, role));
  const batches: BatchRunner = {
    handlerFor,
    contextFor: callContext,
    toFailure: (error) => activityFailure(error, true),
  };

  // The served modules' names: the shipped ones (`ActionName`, `UndoHandlers`), or a test's own.
  const actionNames = Object.keys(handlers) as ActionName[];
  const undoNames = Object.keys(undos) as (keyof UndoHandlers & string)[];
  const activities: ActionActivities = {
    ...byName(actionNames, activityName, (action) => (call: StepCall) => {
      const handler = handlers[action]!;
      return asActivity(() => handler.run(call, callContext(call, CallRole.run)), call.retry);
    }),
    ...byName(
      actionNames,
      batchActivityName,
      () => (batch: BatchCall) => asActivity((heartbeats) => runBatch(batches, batch, heartbeats), batch.retry),
    ),
    ...byName(undoNames, undoActivityName, (name) => {
      const undo = undos[name]!;
      const activity = undoActivityName(name);
      return (args: JsonObject, meta?: UndoMeta) =>
        counted(
          deps,
          activity,
          asActivity(() => undo(args, contextFor(deps, meta?.idempotencyKey ?? undoKey(name, args))), meta?.retry),
        );
    }),
  };
  return {
    ...activities,
    /** `prepareUndo` for every call of a batch, before any of them runs. */
    prepareUndoBatch: ({ calls, retry }: { calls: StepCall[]; retry?: RetryPolicy }): Promise<UndoRecord[][]> =>
      asActivity(() => prepareBatch(batches, calls), retry),
    /**
     * The time zone of a run's tour (its own, else its first day's with one), read once when a
     * run that calls `today()` or `tomorrow()` without a zone starts; null when it has none.
     */
    tourTimeZone: ({ tourId }: { tourId: string }): Promise<string | null> =>
      asActivity(async () => {
        const tour = await readTour(contextFor(deps, `tour-zone/${tourId}`), tourId, { tourFields: true });
        return tour.timeZone ?? tour.days.find((day) => day.timeZone)?.timeZone ?? null;
      }),
    /** What a call would do, reading only (`plan --live`): its `CallPlan`. */
    planCall: (call: StepCall): Promise<CallPlan> =>
      asActivity(
        () => planCall(call, handlerFor(call.action), findAction(call.action)!, callContext(call, CallRole.prepare)),
        call.retry,
      ),
    /** Reads what an update, delete or bulk call will change and returns its undo. */
    prepareUndo: (call: StepCall): Promise<UndoRecord[]> =>
      asActivity(
        async () => (await handlerFor(call.action).prepare?.(call, callContext(call, CallRole.prepare))) ?? [],
        call.retry,
      ),
    /**
     * Undo of a create whose outcome is unknown: replays it with the same idempotency keys
     * (the API answers with the original result if it happened) and undoes what comes back.
     */
    undoReplayAndUndo: ({ call }: ReplayAndUndoArgs, meta?: UndoMeta): Promise<void> =>
      counted(
        deps,
        'undoReplayAndUndo',
        asActivity(async () => {
          let undo: UndoRecord[];
          try {
            const outcome: StepOutcome = await handlerFor(call.action).run(call, contextFor(deps, call.idempotencyKey));
            undo = outcome.undo;
          } catch (error) {
            if (error instanceof PartialFailure) undo = error.undo;
            else if (isRefused(error))
              return; // the API refuses it: it never happened
            else throw error;
          }
          for (let index = undo.length - 1; index >= 0; index--)
            await runUndo(undo[index]!, replayUndoKey(call, meta?.idempotencyKey, index));
        }, meta?.retry),
      ),
  };
}
