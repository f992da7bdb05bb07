/**
 * The JSON Schema of the playbook format, for editors (`yaml-language-server`): generated from
 * the same zod schemas the compiler checks with, with each action's `with:` arguments so that
 * editors complete and check them. Anywhere in `with:`, a `${{ }}` expression is accepted.
 */
import { z } from 'zod';
import { ACTION_EXAMPLES } from './actions/examples.ts';
import { actions } from './actions/index.ts';
import { API_VERSION, playbookSchemaWith, stepFields } from './format.ts';
import { triggersSchema } from './triggers.ts';
import { setStepSchema } from './set-step.ts';

type JsonSchema = { [key: string]: unknown };

const EXPRESSION_REF = '#/definitions/expression';
const expressionSchema = {
  type: 'string',
  pattern: '^\\s*\\$\\{\\{[\\s\\S]*\\}\\}\\s*$',
  description: 'A ${{ }} expression, evaluated when the step runs.',
};

/** The step schema of one action: the common step fields, `action` fixed, its own `with:`. */
function stepOf(action: (typeof actions)[number]) {
  return z
    .strictObject({
      ...stepFields,
      action: z.literal(action.name).describe(action.description),
      with: ACTION_EXAMPLES[action.name]
        ? action.args.optional().meta({ examples: [ACTION_EXAMPLES[action.name]] })
        : action.args.optional(),
    })
    .describe(`${action.name}: ${action.description}`);
}

/** The JSON Schema (draft-07) of a playbook. */
export function playbookJsonSchema(): JsonSchema {
  const steps = actions.map(stepOf);
  const step = z.discriminatedUnion(
    'action',
    steps as unknown as [ReturnType<typeof stepOf>, ...ReturnType<typeof stepOf>[]],
  );
  const schema = z.toJSONSchema(playbookSchemaWith(step).extend({ triggers: triggersSchema.optional() }), {
    target: 'draft-7',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  acceptExpressionsInArguments(schema);
  // a step with `set:` names values instead of running an action: one more form of a step
  const items = ((schema.properties as JsonSchema).steps as JsonSchema).items as JsonSchema;
  const setStep = z.toJSONSchema(setStepSchema, { target: 'draft-7', io: 'input' }) as JsonSchema;
  // its `identifier` is the root's definition too
  (items.oneOf as JsonSchema[]).push(withoutKey(withoutKey(setStep, '$schema'), 'definitions'));
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: `https://tourflow.dev/schema/${API_VERSION.replace('/', '-')}.json`,
    title: 'tourflow playbook',
    ...withoutKey(schema, '$schema'),
    definitions: {
      ...argumentDefinitions((schema.definitions as JsonSchema | undefined) ?? {}),
      expression: expressionSchema,
    },
  };
}

/** Definitions only `with:` uses, whose maps' fields take expressions too: `day: { date: ${{ inputs.date }}, name: ... }`. */
const ARGUMENT_DEFINITIONS = ['day'];

function argumentDefinitions(definitions: JsonSchema): JsonSchema {
  const out = { ...definitions };
  for (const name of ARGUMENT_DEFINITIONS) {
    const definition = out[name] as JsonSchema | undefined;
    if (Array.isArray(definition?.anyOf))
      out[name] = {
        ...definition,
        anyOf: (definition.anyOf as JsonSchema[]).map((branch) => stripped(allowExpressions(branch))),
      };
  }
  return out;
}

function withoutKey(schema: JsonSchema, key: string): JsonSchema {
  const { [key]: _dropped, ...rest } = schema;
  return rest;
}

/** Lets every value under each step's `with:` also be an expression. */
function acceptExpressionsInArguments(schema: JsonSchema): void {
  const items = ((schema.properties as JsonSchema).steps as JsonSchema).items as JsonSchema;
  for (const option of (items.oneOf ?? items.anyOf ?? []) as JsonSchema[]) {
    const args = (option.properties as JsonSchema).with as JsonSchema;
    // `with:` itself is a map; each value in it may be an expression
    if (args.properties) args.properties = mapValues(args.properties as JsonSchema, allowExpressions);
  }
}

function allowExpressions(node: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...node };
  if (out.properties) out.properties = mapValues(out.properties as JsonSchema, allowExpressions);
  if (out.items && !Array.isArray(out.items)) out.items = allowExpressions(out.items as JsonSchema);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(out[key]))
      out[key] = (out[key] as JsonSchema[]).map((inner) => stripped(allowExpressions(inner)));
  }
  if (acceptsAnyString(out)) return out;
  const { description, default: fallback, ...rest } = out;
  return {
    ...(description !== undefined ? { description } : {}),
    ...(fallback !== undefined ? { default: fallback } : {}),
    anyOf: [rest, { $ref: EXPRESSION_REF }],
  };
}

function mapValues(object: JsonSchema, map: (value: JsonSchema) => JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value as JsonSchema)]));
}

/** A branch of anyOf need not accept expressions itself: the wrapper around it does. */
function stripped(node: JsonSchema): JsonSchema {
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  if (
    anyOf?.length === 2 &&
    (anyOf[1] as JsonSchema).$ref === EXPRESSION_REF &&
    Object.keys(node).every((key) => key === 'anyOf' || key === 'description' || key === 'default')
  ) {
    return anyOf[0] as JsonSchema;
  }
  return node;
}

/** Plain strings (no pattern, format or fixed values) take expressions as they are. */
function acceptsAnyString(node: JsonSchema): boolean {
  if (Array.isArray(node.anyOf)) return (node.anyOf as JsonSchema[]).some(acceptsAnyString);
  return (
    node.type === 'string' &&
    node.pattern === undefined &&
    node.format === undefined &&
    node.enum === undefined &&
    node.const === undefined
  );
}
