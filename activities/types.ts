/**
 * The contract between the interpreter workflow and the action activities. Plain JSON only:
 * everything here crosses the workflow history.
 */
import type { JsonObject, JsonValue } from '../definitions/plan-types.ts';
import type { RetryPolicy } from '../api/retry-policy.ts';
import type { UndoHandlerName } from './undo-names.ts';

/** Who is running: identifies the run for idempotency keys and for "tomorrow"-style dates. */
export interface RunContext {
  workflowId: string;
  playbook: string;
  /** The run's logical start (the schedule's nominal time for scheduled runs), ISO 8601. */
  now: string;
  /**
   * The time zone of the run's tour (its `tourId` input), read once when the run starts and kept
   * in its history; `today()` and `tomorrow()` without a zone use it. Absent: UTC.
   */
  timeZone?: string;
}

/** One call of an action: one step, or one element of a `forEach` step. */
export interface StepCall {
  action: string;
  stepId: string;
  /** Key of the `forEach` element, or null for a plain step. */
  itemKey: string | null;
  /** Arguments in the playbook's vocabulary, expressions already evaluated. */
  args: JsonValue;
  /**
   * Prefix of every idempotency key this call sends; derived in the workflow from the
   * workflow ID, step ID and item key, identical on every attempt. An activity that makes
   * several writes appends `:1`, `:2`, … (the client hashes keys longer than 128 characters).
   */
  idempotencyKey: string;
  run: RunContext;
  /**
   * The step's retry policy, which each API call of the activity gets in full. Set on the
   * activity's input only (the saga keeps the call without it); absent: the activity's own
   * retry policy, if its task carries one.
   */
  retry?: RetryPolicy;
}

/** The record an undo touches, for the run's report ("left behind: room 412 in stay 9"). */
export interface RecordRef {
  resource: string;
  id: string | number;
  label?: string;
}

/** What every undo record holds beside its handler and arguments. */
interface UndoRecordBase {
  /** Human text, e.g. "delete tour Spring Tour 2027". */
  describe: string;
  record?: RecordRef;
}

/**
 * The undo of an action module's handler (`undo` of the module), by its name, with JSON
 * arguments: the undo activity runs it as `undo<Activity>` (`undoActivityName`).
 */
export interface HandlerUndoRecord extends UndoRecordBase {
  activity: UndoHandlerName;
  args: JsonObject;
}

/** The arguments of `replayAndUndo`: the call to replay under its own keys, then undo. */
export interface ReplayAndUndoArgs {
  call: StepCall;
}

/**
 * The undo of a call whose outcome is unknown: the worker's `undoReplayAndUndo` replays the call
 * and undoes what comes back.
 */
export interface ReplayUndoRecord extends UndoRecordBase {
  activity: 'replayAndUndo';
  args: ReplayAndUndoArgs;
}

/**
 * One undo, as the saga keeps it (in workflow history: its shape never changes). `activity`
 * names the worker's undo handler and is checked against them at compile time, with the
 * arguments that handler takes. A compensating call: idempotent and safe to repeat.
 */
export type UndoRecord = HandlerUndoRecord | ReplayUndoRecord;

/** What an action activity returns. */
export interface StepOutcome {
  /** The step's `result`: its outputs are evaluated against this. */
  output: JsonValue;
  /**
   * Undo of what this call did, in the order the writes happened (the saga runs them in
   * reverse). Ignored for actions whose undo was prepared before the call.
   */
  undo: UndoRecord[];
  /** Tour the step worked on, for the `TourId` search attribute. */
  tourId?: string;
  /** Things the user should know that did not fail the step (e.g. `ignoredIdCount`). */
  warnings?: string[];
  /** One line saying what was done, e.g. "created tour Spring Tour 2027 (12 days)". */
  describe?: string;
  /**
   * The call wrote nothing, its record holding every value it asks already ("already so"), and
   * no earlier attempt of it can have written: the saga drops the undo prepared for it, so a
   * rollback restores nothing there (`nothingWritten` in activities/actions/step-support.ts).
   */
  wroteNothing?: boolean;
}

/**
 * Details attached to an activity's `ApplicationFailure` when it fails after some writes
 * already happened: the undo of those writes.
 */
export interface PartialProgress {
  undo: UndoRecord[];
}

/** The first detail of an activity's failure, as far as the workflow reads it. */
export interface FailureDetails {
  /** Undo of the writes made before the failure (`PartialProgress`). */
  undo?: UndoRecord[];
  /**
   * A call's own retries ran out. The failure is non-retryable only so that Temporal does not
   * give the activity's calls their attempts all over again: the API never refused the call,
   * and whether it wrote is unknown, unless `wroteNothing`.
   */
  retriesExhausted?: boolean;
  /**
   * With `retriesExhausted`: the API answered every send of the call that ran out with an error
   * after which nothing is written (`answeredUnwritten`), in the activity's first attempt. The
   * call wrote nothing; the `undo` lists what the writes before it did.
   */
  wroteNothing?: boolean;
}

/** What every call of a batch shares, sent once (`workflows/batch-input.ts`). */
export interface BatchShared {
  action: string;
  stepId: string;
  run: RunContext;
  /** Each call's idempotency key is `<keyPrefix>/<itemKey>`. */
  keyPrefix: string;
}

/** One element's call in a batch: what is its own. */
export interface BatchItem {
  itemKey: string;
  args: JsonValue;
}

/**
 * Calls of one `forEach` step run by one activity: one after another, or `lanes` at a time.
 * Made with `packBatch` and read with `unpackBatch` (`workflows/batch-input.ts`).
 */
export interface BatchCall {
  shared: BatchShared;
  calls: BatchItem[];
  /** Stop starting calls once the API refuses one (the step does not continue on failure). */
  stopOnFailure: boolean;
  /** Each call's retries, as the step's retry policy gives them to a single call's activity. */
  retry: RetryPolicy;
  /** Calls in flight at once, in list order; absent: 1. */
  lanes?: number;
}

/** One call of a batch: its outcome, or the API's refusal with the undo of any writes it made. */
export type BatchResult =
  | { outcome: StepOutcome; failed?: undefined }
  | { failed: { type: string; message: string; undo: UndoRecord[] }; outcome?: undefined };

/**
 * A result per call in order; a call the batch never started (once a refusal stopped it) has
 * null, or no entry at the end of the list.
 */
export interface BatchOutcome {
  results: (BatchResult | null)[];
}
