/**
 * All activities of the worker: two per catalogue action (one call, and a batch of a
 * `forEach`'s calls), the undo activities their undo records name, and the generic saga
 * activities (`prepareUndo`, `prepareUndoBatch`, and `undoReplayAndUndo` for the undo record
 * `replayAndUndo`).
 */
import { createHash } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import type { JsonObject } from '../definitions/plan-types.ts';
import { activityName, batchActivityName, undoActivityName, CallRole, PartialFailure, type ActionContext, type ActionHandler, type ActionModule, type UndoHandler } from './action.ts';
import { ApiError, asActivityFailure, toActivityFailure } from './client/index.ts';
import { currentActivity } from './current.ts';
import type { ActivityDeps } from './deps.ts';
import { Handovers, sharedIn, StepReads } from './step-reads.ts';
import type { BatchCall, StepCall, StepOutcome, UndoRecord } from './types.ts';
import { prepareBatch, runBatch, type BatchRunner } from './batch.ts';
import { actionModules } from './modules.ts';

export type { ActivityDeps } from './deps.ts';

type ActivityFn = (arg: never) => Promise<unknown>;

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
    defaultOrg: deps.defaultOrg,
    signal: cancellationSignal(),
    key: (n) => (n === undefined ? baseKey : `${baseKey}:${n}`),
    shared: sharedIn(shared),
    stepShared: sharedIn(stepShared),
    prepared,
  };
}

/** The activity's first attempt (or no activity: a script's call): no earlier attempt can have written. */
function firstAttempt(): boolean {
  return (currentActivity()?.info.attempt ?? 1) === 1;
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
 * Undo calls run by the saga get their key from the workflow (run and place in the saga); an
 * undo run by `undoReplayAndUndo` is keyed by what it does, so a repeat is the same request.
 */
function undoKey(activity: string, args: JsonObject): string {
  return `undo:${createHash('sha256').update(`${activity}:${JSON.stringify(args)}`).digest('hex').slice(0, 48)}`;
}

/** The failure an activity throws for `error`: API errors typed by the API's code, partial writes with their undo. */
function activityFailure(error: unknown): unknown {
  if (error instanceof PartialFailure) {
    const failure = error.cause instanceof ApiError ? toActivityFailure(error.cause) : ApplicationFailure.fromError(error.cause);
    return ApplicationFailure.create({
      message: failure.message,
      type: failure.type ?? 'Error',
      nonRetryable: failure.nonRetryable === true,
      ...(failure.nextRetryDelay != null ? { nextRetryDelay: failure.nextRetryDelay } : {}),
      details: [{ undo: error.undo }],
    });
  }
  return asActivityFailure(error);
}

/** Runs activity code and turns API errors into Temporal failures whose type is the API's code. */
async function asActivity<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    throw activityFailure(error);
  }
}

/** The API refused the call (a 4xx): it changed nothing. */
function isRefused(error: unknown): boolean {
  return (error instanceof ApiError && !error.retryable) || (error instanceof ApplicationFailure && error.nonRetryable === true);
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
export function createActivities(deps: ActivityDeps, modules: ActionModule[] = actionModules) {
  const handlers: Record<string, ActionHandler> = Object.assign({}, ...modules.map((m) => m.actions));
  const undos: Record<string, UndoHandler> = Object.assign({}, ...modules.map((m) => m.undo));
  const handlerFor = (action: string): ActionHandler => {
    const handler = handlers[action];
    if (!handler) throw ApplicationFailure.nonRetryable(`No activity implements the action ${action}.`, 'UNKNOWN_ACTION');
    return handler;
  };
  const runUndo = async (record: UndoRecord) => {
    const undo = undos[record.activity];
    if (!undo) throw ApplicationFailure.nonRetryable(`No undo activity named ${record.activity}.`, 'UNKNOWN_ACTION');
    await undo(record.args, contextFor(deps, undoKey(record.activity, record.args)));
  };

  const stepReads = new StepReads();
  const handovers = new Handovers();
  /**
   * A call's context (or its undo preparation's): its writes keyed by the call, its step's
   * shared reads those of the run's step, and the preparation's reads handed to the call.
   */
  const callContext = (call: StepCall, role: CallRole, shared?: Map<string, Promise<unknown>>) =>
    contextFor(deps, call.idempotencyKey, shared, stepReads.of(stepOf(call)), handoverOf(handovers, call, role));
  const batches: BatchRunner = { handlerFor, contextFor: callContext, toFailure: activityFailure };

  const activities: Record<string, ActivityFn> = {};
  for (const [action, handler] of Object.entries(handlers)) {
    activities[activityName(action)] = ((call: StepCall) =>
      asActivity(() => handler.run(call, callContext(call, CallRole.run)))) as ActivityFn;
    activities[batchActivityName(action)] = ((batch: BatchCall) => asActivity(() => runBatch(batches, batch))) as ActivityFn;
  }
  for (const [name, undo] of Object.entries(undos)) {
    activities[undoActivityName(name)] = ((args: JsonObject, meta?: { idempotencyKey?: string }) =>
      asActivity(() => undo(args, contextFor(deps, meta?.idempotencyKey ?? undoKey(name, args))))) as ActivityFn;
  }
  return {
    ...activities,
    /** `prepareUndo` for every call of a batch, before any of them runs. */
    prepareUndoBatch: ({ calls }: { calls: StepCall[] }): Promise<UndoRecord[][]> => asActivity(() => prepareBatch(batches, calls)),
    /** Reads what an update, delete or bulk call will change and returns its undo. */
    prepareUndo: (call: StepCall): Promise<UndoRecord[]> =>
      asActivity(async () => (await handlerFor(call.action).prepare?.(call, callContext(call, CallRole.prepare))) ?? []),
    /**
     * Undo of a create whose outcome is unknown: replays it with the same idempotency keys
     * (the API answers with the original result if it happened) and undoes what comes back.
     */
    undoReplayAndUndo: ({ call }: { call: StepCall }): Promise<void> =>
      asActivity(async () => {
        let undo: UndoRecord[];
        try {
          const outcome: StepOutcome = await handlerFor(call.action).run(call, contextFor(deps, call.idempotencyKey));
          undo = outcome.undo;
        } catch (error) {
          if (error instanceof PartialFailure) undo = error.undo;
          else if (isRefused(error)) return; // the API refuses it: it never happened
          else throw error;
        }
        for (const record of [...undo].reverse()) await runUndo(record);
      }),
  };
}
