/**
 * The one generic workflow: runs a compiled plan, and either finishes or leaves the API as it
 * found it and says exactly what it undid.
 */
import {
  ApplicationFailure,
  CancellationScope,
  CancelledFailure,
  allHandlersFinished,
  condition,
  continueAsNew,
  getExternalWorkflowHandle,
  isCancellation,
  metricMeter,
  setHandler,
  upsertMemo,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { JsonObject, Plan } from '../definitions/plan-types.ts';
import { evaluateTemplate, type ExpressionScope } from '../definitions/expressions.ts';
import { Interpreter } from './interpreter.ts';
import { PlanEvaluationError, evaluateAt } from './plan-errors.ts';
import {
  KEY_SEED_WORKFLOW_ID,
  RunStatus,
  StepState,
  approveUpdate,
  childReportSignal,
  pauseUpdate,
  progressQuery,
  resumeUpdate,
  type ChildResult,
  type PlaybookInput,
  type RunResult,
} from './messages.ts';
import type { CompensationReport } from './saga.ts';
import { METRICS } from './metric-catalogue.ts';
import { PLAYBOOK_NAME } from './search-attributes.ts';
import { runTimeZone } from './tour-zone.ts';
import { retryRecord } from './retry.ts';
import { sendRepairNotice } from './repair-notice.ts';
import { FailureType } from '../definitions/failure-types.ts';

/**
 * Counts a run that ended (`tourflow_runs_total`). The SDK records workflow metrics only when
 * the code runs for the first time, never on replay, so each run counts once.
 */
function countRun(playbook: string, outcome: RunStatus): void {
  const { name, help } = METRICS.runs;
  metricMeter.createCounter(name, undefined, help).add(1, { playbook, outcome });
}

/** The run's logical time: the input's, else the schedule's nominal time, else the start time. */
function logicalNow(input: PlaybookInput): string {
  if (input.now) return input.now;
  const scheduled = workflowInfo().searchAttributes?.TemporalScheduledStartTime?.[0];
  if (scheduled instanceof Date) return scheduled.toISOString();
  if (typeof scheduled === 'string') return new Date(scheduled).toISOString();
  return workflowInfo().startTime.toISOString();
}

function installHandlers(interp: Interpreter): void {
  setHandler(progressQuery, () => interp.progressReport());
  setHandler(childReportSignal, (childReport) => void interp.childReports.push(childReport));
  setHandler(pauseUpdate, () => {
    interp.paused = true;
    return interp.progressReport();
  });
  setHandler(resumeUpdate, () => {
    interp.paused = false;
    return interp.progressReport();
  });
  setHandler(
    approveUpdate,
    (stepId, approve) => {
      interp.approvals.set(stepId, approve);
      return interp.progressReport();
    },
    {
      validator: (stepId: string, _approve: boolean) => {
        const step = interp.progress.get(stepId);
        if (!step) throw new Error(`This run has no step "${stepId}".`);
        if (step.state !== StepState.waiting)
          throw new Error(`Step "${stepId}" is ${step.state}, not waiting for approval.`);
      },
    },
  );
}

function report(
  interp: Interpreter,
  status: RunResult['status'],
  outputs: JsonObject,
  comp?: CompensationReport,
): RunResult {
  const children = interp.childReports;
  const failure = interp.firstFailure;
  const retry = retryRecord(interp.input, interp.state, interp.run.workflowId, comp !== undefined, children);
  return {
    status,
    playbook: interp.input.plan.name,
    workflowId: interp.run.workflowId,
    outputs,
    steps: interp.progressReport().steps,
    done: interp.state.done,
    undone: [...children.flatMap((c) => c.undone), ...(comp?.undone ?? [])],
    leftBehind: [...children.flatMap((c) => c.leftBehind), ...(comp?.leftBehind ?? [])],
    warnings: interp.state.warnings,
    ...(failure ? { error: failureReport(failure) } : {}),
    ...(retry ? { retry } : {}),
    ...(interp.input.live ? { plans: interp.state.plans ?? [] } : {}),
  };
}

/** The run's error in its report: the step that failed, or the playbook output. */
function failureReport(failure: NonNullable<Interpreter['firstFailure']>): NonNullable<RunResult['error']> {
  const { type, message } = failure;
  if (failure.stepId !== undefined) return { stepId: failure.stepId, type, message };
  return failure instanceof PlanEvaluationError && failure.output !== undefined
    ? { output: failure.output, type, message }
    : { type, message };
}

/**
 * The playbook's outputs. When one cannot be evaluated, each is evaluated again on its own to
 * name it: a `PlanEvaluationError` of the first that fails, which fails the run.
 */
function playbookOutputs(plan: Plan, scope: ExpressionScope): JsonObject {
  try {
    return (evaluateTemplate(plan.outputs, scope) ?? {}) as JsonObject;
  } catch (error) {
    for (const [output, template] of Object.entries(plan.outputs)) evaluateAt({ output }, template, scope);
    throw error;
  }
}

/** Runs a compiled playbook plan. */
export async function playbookWorkflow(given: PlaybookInput): Promise<RunResult | ChildResult> {
  const info = workflowInfo();
  // Scheduled runs get their workflow ID from the schedule at start time; it seeds their keys.
  const input = given.keySeed === KEY_SEED_WORKFLOW_ID ? { ...given, keySeed: info.workflowId } : given;
  const interp = new Interpreter(input, {
    workflowId: info.workflowId,
    playbook: input.plan.name,
    now: logicalNow(input),
  });
  installHandlers(interp);
  if (!info.searchAttributes?.[PLAYBOOK_NAME]) upsertSearchAttributes({ [PLAYBOOK_NAME]: [input.plan.name] });
  const zone = await runTimeZone(input.plan, input.inputs, input.timeZone);
  if (zone.zone !== undefined) interp.run.timeZone = zone.zone;
  if (zone.warning !== undefined) interp.state.warnings.push(zone.warning);

  let cancelled = false;
  CancellationScope.current().cancelRequested.catch(() => {
    cancelled = true;
    interp.stopReason ??= 'cancelled';
  });

  // Everything from here runs to its end even when the run is cancelled: the cancellation
  // only stops new work, and the saga still has to run.
  return CancellationScope.nonCancellable(async () => {
    let unexpected: unknown;
    try {
      await interp.runAll();
    } catch (error) {
      if (!interp.firstFailure && !isCancellation(error)) unexpected = error;
    }
    await condition(allHandlersFinished);

    if (!interp.firstFailure && !unexpected && !cancelled) {
      if (interp.stopReason === 'continue') {
        interp.state.continuedCount++;
        await continueAsNew<typeof playbookWorkflow>({
          ...input,
          now: interp.run.now,
          ...(interp.run.timeZone ? { timeZone: interp.run.timeZone } : {}),
          carried: interp.state,
        });
      }
      try {
        // replay-order: playbookOutputs is synchronous; awaited in the recorded histories, one turn before the result
        // eslint-disable-next-line @typescript-eslint/await-thenable -- awaited on purpose: replay-order above
        const outputs = await playbookOutputs(input.plan, interp.scope());
        const result = report(interp, RunStatus.completed, outputs);
        upsertMemo({ outcome: RunStatus.completed });
        countRun(input.plan.name, RunStatus.completed);
        return input.parentOwnsRollback ? { ...result, saga: interp.saga.entries } : result;
      } catch (error) {
        if (!(error instanceof PlanEvaluationError)) throw error;
        // A live plan's outputs may read records it would create: its report is its plans.
        if (input.live)
          return { ...report(interp, RunStatus.completed, {}), ...(input.parentOwnsRollback ? { saga: [] } : {}) };
        interp.firstFailure = error;
      }
    }
    return finishUnsuccessfully(interp, cancelled, unexpected);
  });
}

/** A cancelled child run tells its parent what it undid (`childReportSignal`). */
async function reportToParent(interp: Interpreter, result: RunResult): Promise<void> {
  const parent = workflowInfo().parent;
  if (!interp.input.parentOwnsRollback || !parent) return;
  try {
    await getExternalWorkflowHandle(parent.workflowId, parent.runId).signal(childReportSignal, result);
  } catch {
    // The parent is gone (terminated): nobody is left to read the report but the memo.
  }
}

async function finishUnsuccessfully(interp: Interpreter, cancelled: boolean, unexpected: unknown): Promise<never> {
  const rollback = interp.input.plan.rollback || cancelled;
  const comp = rollback
    ? await interp.saga.compensate(interp.input.keySeed, (stepId) => interp.setState(stepId, StepState.undone))
    : undefined;
  const status = !rollback
    ? RunStatus.failed
    : comp && comp.leftBehind.length > 0
      ? RunStatus.needsManualRepair
      : RunStatus.rolledBack;
  const result = report(interp, status, {}, comp);
  if (cancelled) result.cancelled = true;
  if (!rollback)
    result.leftBehind = interp.saga.entries.flatMap((e) =>
      e.undo.map((u) => ({
        stepId: e.stepId,
        describe: `kept: ${u.describe}`,
        ...(u.record ? { record: u.record } : {}),
      })),
    );
  // A cancelled run ends without a failure to carry its report, so the memo keeps it.
  upsertMemo(cancelled ? { outcome: status, result } : { outcome: status });
  countRun(interp.input.plan.name, status);
  if (status === RunStatus.needsManualRepair)
    await sendRepairNotice(interp.input.plan, interp.run, result.leftBehind.length);
  if (cancelled) {
    await reportToParent(interp, result);
    throw new CancelledFailure(
      `Cancelled; ${result.undone.length} change(s) undone, ${result.leftBehind.length} left behind.`,
      [result],
    );
  }
  const reason =
    interp.firstFailure?.message ?? (unexpected instanceof Error ? unexpected.message : String(unexpected));
  const type =
    status === RunStatus.needsManualRepair
      ? FailureType.PLAYBOOK_NEEDS_MANUAL_REPAIR
      : status === RunStatus.rolledBack
        ? FailureType.PLAYBOOK_ROLLED_BACK
        : FailureType.PLAYBOOK_FAILED;
  const prefix =
    status === RunStatus.needsManualRepair
      ? 'needs manual repair'
      : status === RunStatus.rolledBack
        ? 'rolled back'
        : 'failed';
  throw ApplicationFailure.create({ message: `${prefix}: ${reason}`, type, nonRetryable: true, details: [result] });
}
