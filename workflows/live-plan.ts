/**
 * A call of a live plan (`tourflow plan --live`, `PlaybookInput.live`): instead of the call, the
 * worker's read-only `planCall` says what it would do; the plan is kept for the run's report
 * and its output stands in for the call's, so later steps plan against it.
 */
import type { JsonValue, PlanStep } from '../definitions/plan-types.ts';
import type { ExpressionScope } from '../definitions/expressions.ts';
import type { StepCall } from '../activities/types.ts';
import type { PlannedCall } from './messages.ts';
import { planStepCall } from './activity-calls.ts';
import type { Interpreter } from './interpreter.ts';
import { elementLabel } from './retry.ts';
import { conditionAt, PlanEvaluationError } from './plan-errors.ts';
import { runForEach } from './for-each.ts';

/** Stands for a value a planned create would give (`WOULD_CREATE` in activities/plan-call.ts, which workflow code does not import). */
const WOULD_CREATE = '(a record this run would create)';

/** Plans one call; returns the step's outputs as a run would, or placeholders where they cannot be known. */
export async function livePlan(
  interp: Interpreter,
  step: PlanStep,
  call: StepCall,
  scope: ExpressionScope,
): Promise<JsonValue> {
  const plan = await planStepCall(step, call);
  const index = typeof scope.index === 'number' && step.forEach ? scope.index : undefined;
  (interp.state.plans ??= []).push({
    stepId: step.id,
    ...(index !== undefined ? { element: elementLabel(interp.input, step, index) } : {}),
    ...plan,
  });
  try {
    return await interp.outputsOf(step, plan.output, scope);
  } catch {
    // An output reads into a record that is not there yet.
    return Object.fromEntries(Object.keys(step.outputs).map((name) => [name, WOULD_CREATE]));
  }
}

/** A step's `if` in a live plan: a condition that reads what the run would create cannot be told, and the step is planned as if it holds. */
export function liveCondition(...args: Parameters<typeof conditionAt>): boolean {
  try {
    return conditionAt(...args);
  } catch {
    return true;
  }
}

/** What a planned call of each kind of step would do, when its elements cannot be told apart. */
const WOULD_OF_KIND: Record<string, PlannedCall['would']> = {
  create: 'create',
  update: 'update',
  delete: 'delete',
  bulk: 'update',
  read: 'read',
};

/**
 * A `forEach` in a live plan: each element planned, or, when its list (or an element's
 * arguments) reads what the run would create, one line for the step saying so.
 */
export async function liveForEach(interp: Interpreter, step: PlanStep): Promise<JsonValue> {
  try {
    return await runForEach(interp, step);
  } catch (error) {
    if (!(error instanceof PlanEvaluationError)) throw error;
    const describe = `${step.action} for each element of a list that depends on records this run would create`;
    (interp.state.plans ??= []).push({
      stepId: step.id,
      would: WOULD_OF_KIND[step.kind] ?? 'update',
      describe,
      output: WOULD_CREATE,
    });
    return WOULD_CREATE;
  }
}
