/**
 * `set` steps: a step that only names values, each an expression (or a plain value) computed in
 * the run from the inputs and earlier steps, read as `steps.<id>.outputs.<name>`. No action, no
 * API call, no activity: the plan holds it as the control step `set` whose arguments are the
 * values, and the workflow evaluates them (workflows/control-steps.ts).
 */
import { z } from 'zod';
import { identifier, stepFields, stepSchema, type StepDocument } from './format.ts';
import type { JsonObject } from './plan-types.ts';

/** The action name of `set` steps in the plan (no catalogue action has it). */
export const SET_ACTION = 'set';

export const setStepSchema = z
  .strictObject({
    id: stepFields.id,
    description: stepFields.description,
    needs: stepFields.needs,
    if: z.string().optional().describe('Condition; the step is skipped (its outputs null) when it is false.'),
    set: z
      .record(identifier, z.unknown())
      .describe('Named values: name -> value or ${{ }} expression, computed in the run with no API call.'),
  })
  .describe('set: names values computed from inputs and earlier steps, with no API call.');
export type SetStepDocument = z.infer<typeof setStepSchema>;

/** The schema a step is checked against: a `set` step's (one with `set:`), or an action step's. */
export function stepSchemaOf(value: unknown): typeof stepSchema | typeof setStepSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && 'set' in value
    ? setStepSchema
    : stepSchema;
}

/** A checked step as the compiler handles it: a `set` step is the control action `set` with its values. */
export function stepDocument(parsed: StepDocument | SetStepDocument): { document: StepDocument; set?: JsonObject } {
  if (!('set' in parsed)) return { document: parsed };
  const { set, ...rest } = parsed;
  return { document: { ...rest, action: SET_ACTION }, set: set as JsonObject };
}
