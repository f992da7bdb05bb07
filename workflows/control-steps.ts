/**
 * Steps that run inside the workflow rather than as an activity: `approval` (waits for
 * `tourflow approve`) and `playbook.run` (a composite step: another playbook as a child run).
 */
import {
  ApplicationFailure,
  CancellationScope,
  ChildWorkflowCancellationType,
  ChildWorkflowFailure,
  condition,
  executeChild,
  isCancellation,
  workflowInfo,
} from '@temporalio/workflow';
import type { JsonObject, JsonValue, Plan, PlanStep } from '../definitions/plan-types.ts';
import { evaluateAt } from './plan-errors.ts';
import type { Interpreter } from './interpreter.ts';
import { StepFailed, Stopped } from './step-errors.ts';
import { StepState, type ChildResult, type PlaybookInput, type RunResult } from './messages.ts';
import { playbookSearchAttributes } from './search-attributes.ts';
import { FailureType } from '../definitions/failure-types.ts';
import { retryStart } from './retry.ts';

/** Runs a control step and returns its outputs. */
export async function runControlStep(interp: Interpreter, step: PlanStep): Promise<JsonValue> {
  switch (step.action) {
    case 'approval':
      return approval(interp, step);
    case 'playbook.run':
      return childPlaybook(interp, step);
    default:
      throw new StepFailed(
        step.id,
        FailureType.UNKNOWN_ACTION,
        `step ${step.id}: no control action named ${step.action}`,
        undefined,
      );
  }
}

async function approval(interp: Interpreter, step: PlanStep): Promise<JsonValue> {
  // replay-order: evaluateAt is synchronous; the turn this await yields orders the step among parallel steps
  // eslint-disable-next-line @typescript-eslint/await-thenable -- awaited on purpose: replay-order above
  const args = (await evaluateAt({ step, field: 'with' }, step.args, interp.scope())) as JsonObject | null;
  const message = typeof args?.message === 'string' ? args.message : `approve step ${step.id}`;
  interp.setState(step.id, StepState.waiting, { waitingFor: message });
  const answered = () => interp.approvals.has(step.id) || interp.stopReason !== undefined;
  const inTime = step.approvalTimeout
    ? await condition(answered, step.approvalTimeout)
    : (await condition(answered), true);
  if (interp.stopReason) throw new Stopped();
  if (!inTime) {
    throw new StepFailed(
      step.id,
      FailureType.APPROVAL_TIMEOUT,
      `step ${step.id}: nobody approved within ${step.approvalTimeout}`,
      undefined,
    );
  }
  if (interp.approvals.get(step.id) === false) {
    throw new StepFailed(
      step.id,
      FailureType.APPROVAL_DECLINED,
      `step ${step.id}: the approval was declined`,
      undefined,
    );
  }
  interp.setState(step.id, StepState.running, { waitingFor: undefined });
  return { approved: true, message };
}

function withDefaults(plan: Plan, given: JsonObject): JsonObject {
  const inputs: JsonObject = { ...given };
  for (const [name, spec] of Object.entries(plan.inputs)) {
    if (inputs[name] === undefined && spec.default !== undefined) inputs[name] = spec.default;
  }
  return inputs;
}

async function childPlaybook(interp: Interpreter, step: PlanStep): Promise<JsonValue> {
  const plan = step.plan;
  if (!plan)
    throw new StepFailed(
      step.id,
      FailureType.INVALID_PLAN,
      `step ${step.id}: the composite step has no embedded playbook`,
      undefined,
    );
  // replay-order: evaluateAt is synchronous; the turn this await yields orders the step among parallel steps
  // eslint-disable-next-line @typescript-eslint/await-thenable -- awaited on purpose: replay-order above
  const args = ((await evaluateAt({ step, field: 'with' }, step.args, interp.scope())) ?? {}) as JsonObject;
  const given = (
    args.inputs && typeof args.inputs === 'object' && !Array.isArray(args.inputs) ? args.inputs : {}
  ) as JsonObject;
  const input: PlaybookInput = {
    plan,
    inputs: withDefaults(plan, given),
    keySeed: `${interp.input.keySeed}/${step.id}`,
    now: interp.run.now,
    parentOwnsRollback: true,
    ...childRetry(interp, step.id),
    ...(interp.input.live ? { live: true } : {}),
  };
  try {
    const result = await cancelledWithRun(interp, () =>
      executeChild<(input: PlaybookInput) => Promise<ChildResult>>('playbookWorkflow', {
        workflowId: `${workflowInfo().workflowId}/${step.id}`,
        args: [input],
        staticSummary: `${plan.name} (step ${step.id} of ${interp.input.plan.name})`,
        searchAttributes: playbookSearchAttributes(plan.name, interp.state.tourId),
        cancellationType: ChildWorkflowCancellationType.WAIT_CANCELLATION_COMPLETED,
      }),
    );
    interp.saga.adopt(result.saga);
    interp.state.done.push(...result.done.map((line) => `${step.id}: ${line}`));
    interp.state.warnings.push(...result.warnings);
    if (result.plans)
      (interp.state.plans ??= []).push(
        ...result.plans.map((plan) => ({ ...plan, stepId: `${step.id}/${plan.stepId}` })),
      );
    return result.outputs;
  } catch (error) {
    // Cancelled as this run stops, the child rolled back and ended cancelled: this run stops too.
    if (isCancellation(error) && stopsChildren(interp)) throw new Stopped();
    // The child undid its own work before failing; carry its report into ours.
    const cause = error instanceof ChildWorkflowFailure ? error.cause : undefined;
    const report = cause instanceof ApplicationFailure ? (cause.details?.[0] as RunResult | undefined) : undefined;
    if (report) interp.childReports.push(report);
    throw error;
  }
}

/**
 * In a retry, how a child run that failed in the earlier run starts: from its record, under its
 * keys (`retry.ts`); a child whose work was undone starts over under keys of its own.
 */
function childRetry(interp: Interpreter, stepId: string): Partial<PlaybookInput> {
  const previous = interp.input.previous;
  const record = previous?.children?.[stepId];
  if (!previous || !record) return {};
  if (record.undone) return { keySeed: `${workflowInfo().workflowId}/${stepId}` };
  return retryStart(record, `${previous.workflowId}/${stepId}`, previous.redoChanged);
}

/**
 * Whether this run's stop cancels its child runs: a cancellation, or a failed step when the run
 * rolls back (everything is undone anyway, and a child waiting at an approval would keep the
 * run from rolling back). A run that keeps its work on failure (`rollback: false`) lets a
 * running child finish, and a continue-as-new never cancels one.
 */
function stopsChildren(interp: Interpreter): boolean {
  return interp.stopReason === 'cancelled' || (interp.stopReason === 'failed' && interp.input.plan.rollback);
}

/**
 * Runs `fn` (a child run) in a scope of its own that is cancelled when this run stops (`stopsChildren`).
 * The run's body is non-cancellable (its saga must run to the end), so a child started there
 * would never learn of the cancellation and a child waiting at an approval would keep the
 * parent waiting for ever. Cancelled, the child rolls back its own work and ends cancelled
 * before `fn` settles (`WAIT_CANCELLATION_COMPLETED`); then the parent rolls back.
 */
async function cancelledWithRun<T>(interp: Interpreter, fn: () => Promise<T>): Promise<T> {
  const scope = new CancellationScope();
  let settled = false;
  void condition(() => settled || stopsChildren(interp)).then(() => {
    if (!settled) scope.cancel();
  });
  try {
    return await scope.run(fn);
  } finally {
    settled = true;
  }
}
