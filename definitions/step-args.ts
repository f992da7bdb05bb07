/**
 * A step's `with:` against its action's argument schema. Values that are `${{ }}` expressions
 * are checked at run time (the activity parses the evaluated arguments with the same schema),
 * so issues at or below them are left out here.
 *
 * Arguments holding expressions are checked field by field: fields that are expressions are
 * skipped outright instead of failing their checks and being filtered, which keeps compiling
 * playbooks of thousands of steps fast. Checks across fields cannot be decided then; they run
 * when the arguments are written out in full, and at run time.
 */
import type { z } from 'zod';
import type { ActionDefinition } from './actions/types.ts';
import type { PlaybookError } from './errors.ts';
import { holdsTemplate, isTemplate } from './expressions.ts';
import { issuesToErrors, objectShape, valueAt } from './issues.ts';
import type { JsonObject } from './plan-types.ts';
import type { PlaybookSource, ValuePath } from './source.ts';

type Issue = z.core.$ZodIssue;

/** Errors in the literal parts of a step's arguments. */
export function checkArgs(
  action: ActionDefinition,
  args: JsonObject,
  source: PlaybookSource,
  base: ValuePath,
): PlaybookError[] {
  const shape = objectShape(action.args);
  const issues = shape && holdsTemplate(args) ? fieldIssues(action.args, shape, args) : wholeIssues(action.args, args);
  if (issues.length === 0) return [];
  const skip = (path: ValuePath): boolean => {
    for (let depth = 0; depth <= path.length; depth++) {
      if (isTemplate(valueAt(args, path.slice(0, depth)))) return true;
    }
    return false;
  };
  return issuesToErrors(issues, { source, base, value: args, schema: action.args, skip });
}

function wholeIssues(schema: z.ZodType, value: unknown): Issue[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues;
}

/** Per argument schema, once: its fields and which of them must be given. */
interface Fields {
  shape: Record<string, z.ZodType>;
  required: string[];
}

const fieldsOf = new WeakMap<z.ZodType, Fields>();

function fields(schema: z.ZodType, shape: Record<string, z.ZodType>): Fields {
  let known = fieldsOf.get(schema);
  if (!known) {
    const required = Object.keys(shape).filter((key) => !(shape[key] as z.ZodType).safeParse(undefined).success);
    fieldsOf.set(schema, (known = { shape, required }));
  }
  return known;
}

function fieldIssues(schema: z.ZodType, shape: Record<string, z.ZodType>, args: JsonObject): Issue[] {
  const known = fields(schema, shape);
  const issues: Issue[] = [];
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(args)) {
    const field = known.shape[key];
    if (!field) unknown.push(key);
    else if (!isTemplate(value))
      for (const issue of wholeIssues(field, value)) issues.push({ ...issue, path: [key, ...issue.path] });
  }
  if (unknown.length > 0)
    issues.unshift({ code: 'unrecognized_keys', keys: unknown, path: [], message: '', input: args } as Issue);
  for (const key of known.required) {
    if (args[key] === undefined)
      issues.push({ code: 'invalid_type', expected: 'nonoptional', path: [key], message: '' } as unknown as Issue);
  }
  return issues;
}
