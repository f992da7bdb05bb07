/**
 * The playbook format as zod schemas: the one definition the compiler validates against and
 * the editor JSON Schema is generated from. Action arguments (`with:`) are checked per action
 * against the catalogue; here they are any map.
 */
import { z } from 'zod';
import { timeZone } from './actions/vocabulary.ts';
import { dateFormat, fieldsSchema } from './inputs-fields.ts';
import { FailurePolicy, InputType, MAX_BATCH } from './plan-types.ts';

export const API_VERSION = 'tourflow/v1';

/** Step IDs, input names and `forEach.as`: names an expression can spell (`steps.my_id`). */
export const identifier = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must start with a letter or "_" and hold only letters, digits and "_"')
  .meta({ id: 'identifier' });

/** Temporal duration strings: `500ms`, `30s`, `5m`, `2h`, `1d`. */
export const duration = z
  .string()
  .regex(/^\d+(\.\d+)?\s*(ms|s|m|h|d)$/, 'expected a duration like "30s", "5m", "2h" or "1d"')
  .meta({ id: 'duration' });

/** A JSON value (any YAML scalar, list or map). */
export const jsonValue: z.ZodType<unknown> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
);

const inputTypes = Object.values(InputType) as [InputType, ...InputType[]];

export const inputSchema = z
  .strictObject({
    type: z.enum(inputTypes).describe('Value type; `--input k=v` strings are converted to it.'),
    required: z.boolean().optional().describe('Must the caller give it? @default true unless there is a default'),
    default: jsonValue.optional().describe('Value used when the caller gives none.'),
    values: z.array(z.string()).min(1).optional().describe('Allowed values of an `enum` input.'),
    items: z.enum(inputTypes).optional().describe('Element type of a `list` input.'),
    fields: fieldsSchema,
    format: dateFormat.optional(),
    description: z.string().optional(),
  })
  .describe('A playbook input.');

export const forEachSchema = z
  .union([
    z.string().describe('Expression yielding the list to iterate, e.g. `${{ inputs.days }}`.'),
    z.strictObject({
      items: z.string().describe('Expression yielding the list to iterate.'),
      as: identifier.optional().describe('Name of the current element in expressions. @default item'),
      concurrency: z.number().int().min(1).max(100).optional().describe('Iterations at once. @default 10'),
      batch: z
        .number()
        .int()
        .min(1)
        .max(MAX_BATCH)
        .optional()
        .describe(
          `Iterations per activity: 1 shows each as its own activity. @default chosen from the list length (1 for short lists, a lane's share up to ${MAX_BATCH})`,
        ),
      key: z.string().optional().describe('Expression giving each element a stable key. @default the index'),
    }),
  ])
  .meta({ id: 'forEach' });

export const retrySchema = z
  .strictObject({
    maximumAttempts: z.number().int().min(1).optional(),
    initialInterval: duration.optional(),
    backoffCoefficient: z.number().min(1).optional(),
    maximumInterval: duration.optional(),
    nonRetryableErrorTypes: z.array(z.string()).optional(),
  })
  .meta({ id: 'retry' });

/** Everything a step holds besides its action and arguments. */
export const stepFields = {
  id: identifier.describe('Unique name of the step; `steps.<id>.outputs` in expressions.'),
  description: z.string().optional(),
  needs: z
    .union([identifier, z.array(identifier)])
    .optional()
    .describe('Steps to wait for, besides those the expressions reference.'),
  if: z
    .string()
    .optional()
    .describe(
      'Condition; the step is skipped when it is false. In a forEach step it may read the element and index: elements for which it is false are skipped.',
    ),
  forEach: forEachSchema.optional().describe('Run the step once per element of a list.'),
  retry: retrySchema.optional().describe('Overrides of the retry policy of each call.'),
  timeout: duration.optional().describe('Timeout of each call.'),
  onFailure: z
    .enum([FailurePolicy.rollback, FailurePolicy.continue])
    .optional()
    .describe('`rollback` undoes the run when this step fails; `continue` goes on. @default rollback'),
  allowDestroy: z.boolean().optional().describe('Permit a step that destroys data beyond undo.'),
  outputs: z.record(identifier, z.string()).optional().describe('Named outputs: name -> template over `result`.'),
};

export const stepSchema = z.strictObject({
  ...stepFields,
  action: z.string().describe('Catalogue action, e.g. `tour.create`.'),
  with: z.record(z.string(), z.unknown()).optional().describe('The action arguments.'),
});

export const scheduleSchema = z.strictObject({
  cron: z.string().min(1).describe('Cron expression, e.g. "0 6 * * *".'),
  timezone: timeZone.optional().describe('IANA time zone the cron runs in. @default UTC'),
  inputs: z.record(z.string(), jsonValue).optional().describe('Inputs of scheduled runs.'),
});

/** The top level of a playbook, with `steps` given by the caller (plain or per action). */
export function playbookSchemaWith<S extends z.ZodType>(step: S) {
  return z.strictObject({
    apiVersion: z.literal(API_VERSION).describe('Format version.'),
    name: z.string().min(1).describe('Name of the playbook.'),
    description: z.string().optional(),
    inputs: z.record(identifier, inputSchema).optional(),
    rollback: z.boolean().optional().describe('Undo completed steps when the run fails. @default true'),
    onManualRepair: z
      .strictObject({
        notify: z
          .string()
          .regex(
            /^[A-Za-z][A-Za-z0-9_-]*$/,
            'expected a webhook name from the worker\u2019s configuration (TOURFLOW_WEBHOOKS), not a URL',
          ),
      })
      .optional()
      .describe(
        'When a run ends needing manual repair (an undo kept failing), post a notice to this webhook of the worker (`notify`).',
      ),
    schedule: scheduleSchema.optional(),
    steps: z.array(step).min(1),
    outputs: z.record(identifier, jsonValue).optional().describe('Playbook outputs: name -> template.'),
  });
}

export type StepDocument = z.infer<typeof stepSchema>;
export type InputDocument = z.infer<typeof inputSchema>;
