/**
 * What an action module provides: a handler per catalogue action, and the undo activities
 * its undo records name.
 */
import type { JsonObject } from '../definitions/plan-types.ts';
import type { ApiClient } from '../api/client/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from './types.ts';
import type { CallPlan } from './plan-call.ts';
import type { Webhooks } from '../worker/webhooks.ts';

/** Everything an action handler may use; built once per activity call. */
export interface ActionContext {
  client: ApiClient;
  /** Folder rendered files are written under. */
  outputDir: string;
  /** Folder \`file.upload\` reads files from; a playbook names files inside it only. */
  inputDir: string;
  /** Organization used when a playbook names none. */
  defaultOrg: string | undefined;
  /** The worker's webhook URLs by name (\`notify\`): secrets, never logged or returned. */
  webhooks: Webhooks;
  /** Aborted when the activity is cancelled. */
  signal: AbortSignal;
  /** The idempotency key of this call's n-th write (1-based), identical on every attempt. */
  key(n?: number): string;
  /**
   * A read shared by the calls of one activity (a `forEach` batch runs many): `load` runs once
   * per key. Only for reads the calls themselves do not change, such as the tour's days when
   * adding guests to them.
   */
  shared<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * A read shared by every call of this step of this run in the worker, and by their undo
   * preparations, for up to 30 s (`activities/step-reads.ts`). Only for reads no call of the
   * step changes and that may be that old: the tour's days.
   */
  stepShared<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * A read the call's undo preparation makes and hands to the call (`Handovers` in
   * `activities/step-reads.ts`): in the preparation `load` runs and its result is kept; the
   * call's first attempt takes it, up to 30 s later, instead of reading again, so the undo
   * puts back exactly what the call changes. Any later attempt, which may follow a write of an
   * earlier one, reads afresh; so does everything outside a preparation and its call.
   */
  prepared<T>(name: string, load: () => Promise<T>): Promise<T>;
}

/** Whether a context is a call's undo preparation or the call itself. */
export enum CallRole {
  prepare = 'prepare',
  run = 'run',
}

export interface ActionHandler {
  /** Runs the call and returns its outcome with the undo of what it did. */
  run(call: StepCall, ctx: ActionContext): Promise<StepOutcome>;
  /** Update, delete and bulk actions: read what the call will change, and return its undo. */
  prepare?(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]>;
  /** An update that can tell what it would change, field by field, reading only (`plan --live`). */
  plan?(call: StepCall, ctx: ActionContext): Promise<CallPlan>;
}

/** An undo activity: idempotent, and a no-op when there is nothing left to undo. */
export type UndoHandler = (args: JsonObject, ctx: ActionContext) => Promise<void>;

export interface ActionModule {
  actions: Record<string, ActionHandler>;
  undo: Record<string, UndoHandler>;
}

/**
 * Thrown by a handler that fails after some of its writes happened: carries their undo so
 * the saga can remove them.
 */
export class PartialFailure extends Error {
  constructor(
    override readonly cause: unknown,
    readonly undo: UndoRecord[],
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'PartialFailure';
  }
}

export { activityName, batchActivityName, undoActivityName } from '../workflows/activity-names.ts';
