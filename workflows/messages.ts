/**
 * Messages of the playbook workflow: its input and result, and the query and updates that
 * the CLI and the Web UI use. Workflow-safe: only `@temporalio/workflow` definitions.
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { JsonObject, JsonValue, Plan } from '../definitions/plan-types.ts';
import type { RecordRef, UndoRecord } from '../activities/types.ts';
import type { CallPlan } from '../activities/plan-call.ts';

export const StepState = {
  pending: 'pending',
  waiting: 'waiting',
  running: 'running',
  done: 'done',
  skipped: 'skipped',
  failed: 'failed',
  undone: 'undone',
} as const;
export type StepState = (typeof StepState)[keyof typeof StepState];

export const RunStatus = {
  completed: 'completed',
  rolledBack: 'rolledBack',
  failed: 'failed',
  needsManualRepair: 'needsManualRepair',
} as const;
export type RunStatus = (typeof RunStatus)[keyof typeof RunStatus];

export interface ItemCounts {
  total: number;
  done: number;
  failed: number;
  running: number;
}

export interface StepProgress {
  id: string;
  action: string;
  state: StepState;
  items?: ItemCounts;
  error?: { type: string; message: string };
  /** What an approval step waits for. */
  waitingFor?: string;
}

export interface UndoReport {
  stepId: string;
  describe: string;
  record?: RecordRef;
  error?: string;
}

export interface RunProgress {
  playbook: string;
  paused: boolean;
  steps: StepProgress[];
  currentStep?: string;
}

export interface RunResult {
  status: RunStatus;
  playbook: string;
  workflowId: string;
  outputs: JsonObject;
  steps: StepProgress[];
  /** One line per thing done, in order. */
  done: string[];
  undone: UndoReport[];
  /** Records that could not be undone: needs manual repair. */
  leftBehind: UndoReport[];
  warnings: string[];
  /** Why the run failed: the step, or the playbook output, that failed. */
  error?: { stepId?: string; output?: string; type: string; message: string };
  /** The run was cancelled (and rolled back, as far as `status` says). */
  cancelled?: boolean;
  /** What `tourflow retry` starts from; absent when every step succeeded. */
  retry?: RetryRecord;
  /** A live plan (`plan --live`): what each call would do, in the order planned. */
  plans?: PlannedCall[];
}

/** One call of a live plan: its step, its element (by CSV row or position), and what it would do. */
export type PlannedCall = CallPlan & { stepId: string; element?: string };

/** What a run that did not wholly succeed records for `tourflow retry` (`workflows/retry.ts`). */
export interface RetryRecord {
  /** Everything the run did was undone (rolled back or cancelled): a retry redoes it all. */
  undone: boolean;
  /** Steps that succeeded, and every step they need: a retry keeps them and their outputs. */
  kept: string[];
  outputs: Record<string, JsonValue>;
  /** Succeeded elements of `forEach` steps: step -> item key -> output. */
  itemOutputs: Record<string, Record<string, JsonValue>>;
  /** A digest of each element's content as it was sent: step -> item key -> digest. */
  itemDigests: Record<string, Record<string, string>>;
  /** Records of the child runs (`playbook.run`) that failed, by step. */
  children?: Record<string, RetryRecord>;
}

/** The run a retry finishes: what its elements were, and whether changed ones are sent again. */
export interface PreviousRun {
  workflowId: string;
  itemDigests: Record<string, Record<string, string>>;
  /** Send an element whose content changed since again, under a key of its own. */
  redoChanged: boolean;
  children?: Record<string, RetryRecord>;
}

/** Where a list input's elements came from: a CSV file's name and their rows (the header is row 1); no content. */
export interface InputSource {
  file: string;
  /** The row of the first element. */
  first: number;
  /** Each element's row, when they are not consecutive (blank lines, cells over several lines). */
  rows?: number[];
}

/** One registered compensation, carried across continue-as-new. */
export interface SagaEntry {
  stepId: string;
  itemKey: string | null;
  undo: UndoRecord[];
}

/** State a run hands to its continuation when its history grows too long. */
export interface CarriedState {
  outputs: Record<string, JsonValue>;
  stepStates: Record<string, StepState>;
  /** Finished elements of `forEach` steps: step -> item key -> output. */
  itemOutputs: Record<string, Record<string, JsonValue>>;
  saga: SagaEntry[];
  done: string[];
  warnings: string[];
  tourId?: string;
  continuedCount: number;
  /** Content digests of `forEach` elements: step -> item key -> digest (`RetryRecord.itemDigests`). */
  itemDigests?: Record<string, Record<string, string>>;
  /** `forEach` steps with `onFailure: continue` that ended with elements failed. */
  incomplete?: string[];
  /** A live plan's calls so far. */
  plans?: PlannedCall[];
}

/** A `keySeed` that stands for the run's own workflow ID (used by schedules, whose runs' IDs are made at start). */
export const KEY_SEED_WORKFLOW_ID = '$workflowId';

export interface PlaybookInput {
  plan: Plan;
  /** Resolved inputs (defaults applied, types checked by the starter). */
  inputs: JsonObject;
  /** Seed of every idempotency key; the workflow ID unless a rolled-back run is retried. */
  keySeed: string;
  /** Logical time of the run, ISO 8601; defaults to the schedule's nominal time or the start time. */
  now?: string;
  /** The run's tour's time zone once read (`tour-zone.ts`), carried across continue-as-new. */
  timeZone?: string;
  /** Set on a child run: its parent undoes it, so it hands its saga back instead. */
  parentOwnsRollback?: boolean;
  carried?: CarriedState;
  /** Set on a retry (`tourflow retry`): the run it finishes. */
  previous?: PreviousRun;
  /** List inputs read from CSV files: input name -> file and rows, to name elements in errors. */
  sources?: Record<string, InputSource>;
  /**
   * A live plan (`tourflow plan --live`): every call is replaced by its read-only plan
   * (`activities/plan-call.ts`); nothing is written, control steps are not run.
   */
  live?: boolean;
}

/** Result of a child run whose parent owns the rollback. */
export interface ChildResult extends RunResult {
  saga: SagaEntry[];
}

export const progressQuery = defineQuery<RunProgress>('progress');
export const pauseUpdate = defineUpdate<RunProgress>('pause');
export const resumeUpdate = defineUpdate<RunProgress>('resume');
export const approveUpdate = defineUpdate<RunProgress, [stepId: string, approve: boolean]>('approve');
/**
 * A child run's report, sent to its parent when it was cancelled: a cancelled run ends without
 * a failure to carry it, and the parent's report lists what the child undid.
 */
export const childReportSignal = defineSignal<[report: RunResult]>('childReport');
