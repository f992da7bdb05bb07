/**
 * The saga: every write registers its undo before it runs; on failure or cancellation the
 * undo list runs in reverse inside a non-cancellable scope. A transient undo failure is
 * retried by the activity retry policy; a permanent one does not stop the rest and is
 * reported as a record left behind.
 */
import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  ChildWorkflowFailure,
  TimeoutFailure,
  log,
  proxyActivities,
  type ActivityOptions,
} from '@temporalio/workflow';
import type { StepOutcome, UndoRecord } from '../activities/types.ts';
import type { PlanStep } from '../definitions/plan-types.ts';
import { toTemporalRetryPolicy, UNDO_RETRY_POLICY, type RetryPolicy } from '../api/retry-policy.ts';
import type { createActivities } from '../activities/index.ts';
import type { SagaEntry, UndoReport } from './messages.ts';
import { undoActivityName } from './activity-names.ts';
import { RunKeys } from './keys.ts';
import { PlanEvaluationError } from './plan-errors.ts';
import { HEARTBEAT_TIMEOUT } from './activity-calls.ts';
import { FailureType } from '../definitions/failure-types.ts';

type Activities = ReturnType<typeof createActivities>;

/** The undo activities, by the name an undo record gives its handler (`undoActivityName`). */
const undoActivities = proxyActivities<Activities>({
  startToCloseTimeout: '60s',
  heartbeatTimeout: HEARTBEAT_TIMEOUT,
  retry: toTemporalRetryPolicy(UNDO_RETRY_POLICY),
});

/** What an undo activity gets beside its arguments. */
export interface UndoMeta {
  /** Key of the undo's own writes: the run's key seed and the undo's place in the saga. */
  idempotencyKey: string;
  /** The retries each API call of the undo gets. */
  retry: RetryPolicy;
}

export interface CompensationReport {
  undone: UndoReport[];
  leftBehind: UndoReport[];
}

/** A handle to one registered entry, to replace its undo once the call's outcome is known. */
export type SagaHandle = number;

export class Saga {
  readonly entries: SagaEntry[];

  constructor(entries: SagaEntry[] = []) {
    this.entries = entries;
  }

  /** Registers the undo of a call before the call runs. */
  register(stepId: string, itemKey: string | null, undo: UndoRecord[]): SagaHandle {
    this.entries.push({ stepId, itemKey, undo });
    return this.entries.length - 1;
  }

  /** Replaces the undo of a call once its outcome is known (an empty list: nothing to undo). */
  settle(handle: SagaHandle, undo: UndoRecord[]): void {
    const entry = this.entries[handle];
    if (entry) entry.undo = undo;
  }

  /**
   * Settles a call that succeeded: a create's undo is what it returns; an update that wrote
   * nothing, its record already so (`StepOutcome.wroteNothing`), has nothing to undo, and a
   * rollback neither writes to its record nor reports it restored; any other call keeps the
   * undo prepared for it.
   */
  succeeded(handle: SagaHandle, kind: PlanStep['kind'], outcome: Pick<StepOutcome, 'undo' | 'wroteNothing'>): void {
    if (kind === 'create') this.settle(handle, outcome.undo);
    else if (outcome.wroteNothing) this.settle(handle, []);
  }

  /** Adds a child run's saga, so the parent undoes the child's records too. */
  adopt(entries: SagaEntry[]): void {
    this.entries.push(...entries);
  }

  get isEmpty(): boolean {
    return this.entries.every((entry) => entry.undo.length === 0);
  }

  /** Runs every undo in reverse order; never throws. */
  async compensate(keySeed: string, onUndone?: (stepId: string) => void): Promise<CompensationReport> {
    const report: CompensationReport = { undone: [], leftBehind: [] };
    const keys = new RunKeys(keySeed);
    await CancellationScope.nonCancellable(async () => {
      for (let i = this.entries.length - 1; i >= 0; i--) {
        const entry = this.entries[i]!;
        for (let j = entry.undo.length - 1; j >= 0; j--) {
          await undoOne(
            entry.stepId,
            entry.undo[j]!,
            { idempotencyKey: keys.of('undo', `${i}.${j}`), retry: UNDO_RETRY_POLICY },
            report,
          );
        }
        if (entry.undo.length > 0) onUndone?.(entry.stepId);
        entry.undo = [];
      }
    });
    return report;
  }
}

/** An undo activity as the saga schedules it: its options, and the arguments of its records. */
interface UndoActivity<Args> {
  executeWithOptions: (options: ActivityOptions, args: [Args, UndoMeta]) => Promise<void>;
}

/** Schedules an undo activity with the arguments of a record that names it. */
function runUndo<Args>(activity: UndoActivity<Args>, args: Args, meta: UndoMeta, summary: string): Promise<void> {
  // replay-order: the SDK marks executeWithOptions @experimental; every undo is scheduled by it
  return activity.executeWithOptions({ summary }, [args, meta]);
}

/** Runs one undo record, reporting it undone or left behind. */
async function undoOne(stepId: string, record: UndoRecord, meta: UndoMeta, report: CompensationReport): Promise<void> {
  const base = { stepId, describe: record.describe, ...(record.record ? { record: record.record } : {}) };
  const summary = `undo ${stepId}: ${record.describe}`;
  try {
    // Each kind of record is narrowed to its activity, which takes that kind's arguments.
    await (record.activity === 'replayAndUndo'
      ? runUndo(undoActivities.undoReplayAndUndo, record.args, meta, summary)
      : runUndo(undoActivities[undoActivityName(record.activity)], record.args, meta, summary));
    report.undone.push(base);
  } catch (error) {
    const message = failureMessage(error);
    log.warn('undo failed; the record is left for manual repair', {
      stepId,
      describe: record.describe,
      error: message,
    });
    report.leftBehind.push({ ...base, error: message });
  }
}

/** The type and message of a failure, without the SDK's wrapping (activity, child workflow). */
export function describeFailure(error: unknown): { type: string; message: string } {
  if ((error instanceof ActivityFailure || error instanceof ChildWorkflowFailure) && error.cause)
    return describeFailure(error.cause);
  if (error instanceof ApplicationFailure) return { type: error.type ?? 'Error', message: error.message };
  if (error instanceof TimeoutFailure) return { type: FailureType.TIMEOUT, message: error.message };
  if (error instanceof PlanEvaluationError) return { type: error.type, message: error.message };
  return { type: 'Error', message: error instanceof Error ? error.message : String(error) };
}

/** "TYPE: message", for reports and logs. */
export function failureMessage(error: unknown): string {
  const { type, message } = describeFailure(error);
  return `${type}: ${message}`;
}
