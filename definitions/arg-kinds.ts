/**
 * Arguments that are one `${{ }}` expression, against what the action takes there, where the
 * expression's type is known: text where a list is needed (`days: ${{ inputs.day }}`), a list
 * where one ID is. Where the type is `dyn` or the argument takes anything, the activity's own
 * check of the evaluated arguments decides at run time.
 */
import { z } from 'zod';
import type { ActionDefinition } from './actions/types.ts';
import { PlaybookError, PlaybookErrorCode } from './errors.ts';
import { isTemplate, unwrapExpression } from './expressions.ts';
import { label } from './issues.ts';
import type { PlaybookSource, ValuePath } from './source.ts';
import { a } from './type-messages.ts';

interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  $defs?: Record<string, JsonSchema>;
}

/** JSON kinds by the CEL type of a value; types not here are not checked. */
const KINDS: Record<string, string> = {
  string: 'string',
  int: 'integer',
  double: 'number',
  bool: 'boolean',
  list: 'array',
  map: 'object',
  null: 'null',
};
const WORDS: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a map',
  null: 'null',
};

/** Errors of `with:` values whose expression surely gives what the argument does not take. */
export function argKindErrors(
  action: ActionDefinition,
  args: unknown,
  base: ValuePath,
  source: PlaybookSource,
  typeOf: (expression: string) => string,
): PlaybookError[] {
  const root = argSchema(action);
  const errors: PlaybookError[] = [];
  const visit = (value: unknown, path: (string | number)[], schemas: JsonSchema[]): void => {
    if (schemas.length === 0) return;
    if (typeof value === 'string') {
      const expression = isTemplate(value) ? unwrapExpression(value) : undefined;
      if (expression === undefined || expression === value.trim()) return;
      const problem = mismatch(
        typeOf(expression),
        schemas.map((schema) => resolve(root, schema)),
      );
      if (!problem) return;
      const where = label(path);
      const place = source.placeIn([...base, ...path], expression, 0, expression.length);
      errors.push(
        new PlaybookError(
          PlaybookErrorCode.expressionType,
          `${where}: takes ${problem.wanted}, but ${expression} is ${a(problem.type)}`,
          { file: source.file, ...place, hint: problem.hint(expression) },
        ),
      );
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, [...path, i], children(root, schemas, i)));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) visit(inner, [...path, key], children(root, schemas, key));
    }
  };
  visit(args, [], [root]);
  return errors;
}

const schemas = new WeakMap<z.ZodType, JsonSchema>();

function argSchema(action: ActionDefinition): JsonSchema {
  let schema = schemas.get(action.args);
  if (!schema)
    schemas.set(
      action.args,
      (schema = z.toJSONSchema(action.args, { io: 'input', unrepresentable: 'any' }) as JsonSchema),
    );
  return schema;
}

/** A schema with its `$ref` followed and its `anyOf`/`oneOf`/`allOf` spread out. */
function resolve(root: JsonSchema, schema: JsonSchema): JsonSchema[] {
  const target = schema.$ref ? (root.$defs?.[schema.$ref.split('/').pop() ?? ''] ?? {}) : schema;
  const options = target.anyOf ?? target.oneOf ?? target.allOf;
  return options ? options.flatMap((option) => resolve(root, option)) : [target];
}

/** The schemas of a field or element of values of `schemas`. */
function children(root: JsonSchema, schemas: JsonSchema[], key: string | number): JsonSchema[] {
  return schemas.flatMap((schema) =>
    resolve(root, schema).flatMap((option) => {
      if (typeof key === 'number') return option.items ? [option.items] : [];
      const field =
        option.properties?.[key] ??
        (typeof option.additionalProperties === 'object' ? option.additionalProperties : undefined);
      return field ? [field] : [];
    }),
  );
}

interface Mismatch {
  type: string;
  wanted: string;
  hint: (expression: string) => string | undefined;
}

function mismatch(type: string, options: JsonSchema[][]): Mismatch | undefined {
  const kind = KINDS[type.startsWith('tourflow.') ? 'map' : (/^(\w+)/.exec(type)?.[1] ?? '')];
  if (!kind) return undefined;
  const accepted = new Set<string>();
  for (const option of options.flat()) {
    // a schema without a type takes anything
    if (option.type === undefined) return undefined;
    for (const one of Array.isArray(option.type) ? option.type : [option.type]) accepted.add(one);
  }
  const fits =
    accepted.has(kind) ||
    (kind === 'integer' && accepted.has('number')) ||
    (kind === 'number' && accepted.has('integer'));
  if (fits || accepted.size === 0) return undefined;
  const wanted = [...accepted].map((one) => WORDS[one] ?? one).join(' or ');
  return { type, wanted, hint: (expression) => hintFor(kind, accepted, expression) };
}

function hintFor(kind: string, accepted: Set<string>, expression: string): string | undefined {
  if (accepted.has('array')) return `put it in a list: [${expression}]`;
  if (kind === 'array' && accepted.has('string'))
    return `pick one element, e.g. ${expression}[0], or join them: ${expression}.join(", ")`;
  if (accepted.has('string')) return `convert it: string(${expression})`;
  return undefined;
}
