/**
 * Errors of evaluating a plan at run time: an expression that fails (an unknown name, a value of
 * the wrong type, a bad value), or a value of the wrong shape (a `forEach` list that is not a
 * list, two elements with one key). Each names the step and field, or the playbook output, and
 * the expression. The interpreter treats them as the failure of their step (or of the run, for
 * an output): the run rolls back and ends within the workflow task, which never fails over them.
 */
import {
  ExpressionError,
  evaluateCondition,
  evaluateTemplate,
  unwrapExpression,
  type ExpressionScope,
} from '../definitions/expressions.ts';
import type { JsonValue, PlanStep, Template } from '../definitions/plan-types.ts';
import { FailureType } from '../definitions/failure-types.ts';

/** Failure types of plan evaluation. */
export type PlanErrorType =
  | typeof FailureType.EXPRESSION_FAILED
  | typeof FailureType.FOREACH_NOT_A_LIST
  | typeof FailureType.FOREACH_DUPLICATE_KEY;

/** Where in a plan: a step's field (`with`, `if`, `forEach.items`, `forEach.key`, `outputs.<name>`), or a playbook output. */
export type PlanPlace = { step: PlanStep; field: string } | { output: string };

/** A plan that cannot be evaluated at run time. */
export class PlanEvaluationError extends Error {
  readonly stepId: string | undefined;
  readonly output: string | undefined;
  /** The expression, as written (`${{ … }}`): the failing part of a template with text around it. */
  readonly expression: string;
  /** The `forEach` element it failed for, by position from 0. */
  readonly index: number | undefined;

  constructor(
    readonly type: PlanErrorType,
    readonly place: PlanPlace,
    expression: string,
    /** What went wrong, without the place and the expression. */
    readonly reason: string,
    /** The `forEach` element it failed for: by position from 0, named `element <position from 1>` unless `element` names it. */
    options: { index?: number; element?: string; cause?: unknown } = {},
  ) {
    const where =
      'step' in place
        ? `step ${place.step.id} (${place.step.action}) failed: ${place.field} `
        : `output ${place.output} failed: `;
    const element = options.index === undefined ? '' : `, ${options.element ?? `element ${options.index + 1}`}`;
    super(`${where}${expression}${element}: ${reason}`, { cause: options.cause });
    this.name = 'PlanEvaluationError';
    this.stepId = 'step' in place ? place.step.id : undefined;
    this.output = 'step' in place ? undefined : place.output;
    this.expression = expression;
    this.index = options.index;
  }

  /** The same failure, its element named as the user knows it (`guests.csv row 11`). */
  naming(element: (index: number) => string): PlanEvaluationError {
    if (this.index === undefined) return this;
    return new PlanEvaluationError(this.type, this.place, this.expression, this.reason, {
      index: this.index,
      element: element(this.index),
      cause: this.cause,
    });
  }
}

/** The failure of evaluating `template` at `place` in `scope` (a `forEach` element's scope has its `index`). */
function failedAt(place: PlanPlace, template: Template, scope: ExpressionScope, error: unknown): PlanEvaluationError {
  // the expression an `ExpressionError` names is the failing part of the template
  const expression =
    error instanceof ExpressionError
      ? `\${{ ${unwrapExpression(error.expression)} }}`
      : typeof template === 'string'
        ? template
        : JSON.stringify(template);
  const reason = error instanceof Error ? error.message : String(error);
  const index = typeof scope.index === 'number' ? scope.index : undefined;
  return new PlanEvaluationError(FailureType.EXPRESSION_FAILED, place, expression, reason, {
    cause: error,
    ...(index === undefined ? {} : { index }),
  });
}

/** `evaluateTemplate` at `place`: any failure becomes a `PlanEvaluationError` there. */
export function evaluateAt(place: PlanPlace, template: Template, scope: ExpressionScope): JsonValue {
  try {
    return evaluateTemplate(template, scope);
  } catch (error) {
    throw failedAt(place, template, scope, error);
  }
}

/** `evaluateCondition` (an `if:`) at `place`: any failure becomes a `PlanEvaluationError` there. */
export function conditionAt(place: PlanPlace, expression: string, scope: ExpressionScope): boolean {
  try {
    return evaluateCondition(expression, scope);
  } catch (error) {
    throw failedAt(place, expression, scope, error);
  }
}
