/**
 * `set` steps (definitions/set-step.ts): named values, evaluated in the workflow from the inputs
 * and earlier steps' outputs. No activity and nothing to undo; a failing expression fails the
 * step, naming `set` and the expression, like any plan expression (`plan-errors.ts`).
 */
import type { JsonValue, PlanStep } from '../definitions/plan-types.ts';
import type { Interpreter } from './interpreter.ts';
import { evaluateAt } from './plan-errors.ts';

/** Whether `step` is a `set` step. */
export function isSetStep(step: PlanStep): boolean {
  return step.kind === 'control' && step.action === 'set';
}

/** The values a `set` step names: its outputs. */
export async function namedValues(interp: Interpreter, step: PlanStep): Promise<JsonValue> {
  // replay-order: evaluateAt is synchronous; the turn this await yields orders the step among parallel steps
  // eslint-disable-next-line @typescript-eslint/await-thenable -- awaited on purpose: replay-order above
  return (await evaluateAt({ step, field: 'set' }, step.args, interp.scope())) ?? {};
}
