/**
 * zod issues as playbook errors: a message a tour manager can act on, placed at the offending
 * key or value, with the valid names as a hint.
 */
import type { z } from 'zod';
import { PlaybookError, PlaybookErrorCode } from './errors.ts';
import type { PlaybookSource, ValuePath } from './source.ts';
import { closest, suggestion } from './suggest.ts';
import { timeZoneNames } from './actions/vocabulary.ts';
import { commaHint, offsetOf } from './yaml-hints.ts';

type Issue = z.core.$ZodIssue;

export interface IssueContext {
  source: PlaybookSource;
  /** Where the validated value sits in the document. */
  base: ValuePath;
  /** The validated value. */
  value: unknown;
  /** The schema it was validated against, for listing valid field names. */
  schema: z.ZodType;
  /** Issues at paths this returns true for are not reported (e.g. run-time expressions). */
  skip?: (path: ValuePath) => boolean;
}

/** Turns zod issues into placed, worded errors. */
export function issuesToErrors(issues: readonly Issue[], context: IssueContext): PlaybookError[] {
  return issues.flatMap((issue) => issueToErrors(issue, [], context));
}

function issueToErrors(issue: Issue, prefix: ValuePath, context: IssueContext): PlaybookError[] {
  const path = [...prefix, ...(issue.path as (string | number)[])];
  if (context.skip?.(path)) return [];
  if (issue.code === 'invalid_union') return unionErrors(issue, path, context);
  if (issue.code === 'unrecognized_keys') {
    const valid = fieldNames(context.schema, path);
    return issue.keys.map((key) =>
      error(
        context,
        PlaybookErrorCode.unknownField,
        `unknown field "${label([...path, key])}"`,
        [...path, key],
        'key',
        unknownFieldHint(context, path, key, valid),
      ),
    );
  }
  if (issue.code === 'invalid_key') {
    const inner = issue.issues[0]?.message ?? issue.message;
    const key = path[path.length - 1];
    return [error(context, PlaybookErrorCode.invalidField, `name "${String(key)}" ${inner}`, path, 'key')];
  }
  const actual = valueAt(context.value, path);
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && actual === undefined) {
    return [
      error(context, PlaybookErrorCode.missingField, `missing required field "${label(path)}"`, path.slice(0, -1)),
    ];
  }
  const { message, hint } = wording(issue, actual);
  const where = label(path);
  return [
    error(context, PlaybookErrorCode.invalidField, where ? `${where}: ${message}` : message, path, 'value', hint),
  ];
}

function unionErrors(
  issue: Extract<Issue, { code: 'invalid_union' }>,
  path: ValuePath,
  context: IssueContext,
): PlaybookError[] {
  const branches = issue.errors;
  if (
    branches.some((branch) =>
      branch.every((inner) => context.skip?.([...path, ...(inner.path as (string | number)[])])),
    )
  ) {
    return [];
  }
  // a branch whose type matched went furthest: its issues say what is really wrong
  const mismatch = (inner: Issue) =>
    inner.path.length === 0 && (inner.code === 'invalid_type' || inner.code === 'invalid_value');
  const matched = branches.find((branch) => !branch.every(mismatch));
  if (matched) return matched.flatMap((inner) => issueToErrors(inner, path, context));
  const expected = [...new Set(branches.flat().map(expectedOf))];
  const where = label(path);
  const message = `expected ${expected.join(' or ')}, got ${describeValue(valueAt(context.value, path))}`;
  return [error(context, PlaybookErrorCode.invalidField, where ? `${where}: ${message}` : message, path)];
}

function expectedOf(issue: Issue): string {
  if (issue.code === 'invalid_type') return article(issue.expected);
  if (issue.code === 'invalid_value') return issue.values.map((value) => JSON.stringify(value)).join(' or ');
  return 'another value';
}

function wording(issue: Issue, actual: unknown): { message: string; hint?: string } {
  switch (issue.code) {
    case 'invalid_type':
      return { message: `expected ${article(issue.expected)}, got ${describeValue(actual)}` };
    case 'invalid_value': {
      const values = issue.values.map(String);
      if (values.length === 1) return { message: `must be ${JSON.stringify(values[0])}` };
      const near = typeof actual === 'string' ? suggestion(actual, values, 'values') : undefined;
      return {
        message: `${JSON.stringify(actual)} is not one of ${values.join(', ')}`,
        hint: near?.startsWith('did you mean') ? near : undefined,
      };
    }
    case 'too_small':
      return { message: bound('at least', issue.origin, Number(issue.minimum)) };
    case 'too_big':
      return { message: bound('at most', issue.origin, Number(issue.maximum)) };
    case 'custom': {
      const candidates = issue.params?.suggest === 'timeZone' && typeof actual === 'string' ? timeZoneNames() : [];
      const near = typeof actual === 'string' ? closest(actual, candidates) : undefined;
      return { message: issue.message, hint: near ? `did you mean "${near}"?` : undefined };
    }
    default:
      return { message: issue.message };
  }
}

function bound(relation: string, origin: string, limit: number): string {
  if (origin === 'array' || origin === 'set') {
    return limit === 1 && relation === 'at least' ? 'needs at least one item' : `needs ${relation} ${limit} items`;
  }
  if (origin === 'string') {
    return limit === 1 && relation === 'at least' ? 'must not be empty' : `must be ${relation} ${limit} characters`;
  }
  return `must be ${relation} ${limit}`;
}

function error(
  context: IssueContext,
  code: PlaybookErrorCode,
  message: string,
  path: ValuePath,
  part: 'value' | 'key' = 'value',
  hint?: string,
): PlaybookError {
  const place = context.source.place([...context.base, ...path], part);
  return new PlaybookError(code, message, { file: context.source.file, ...place, hint });
}

/** `days[0].date` */
export function label(path: ValuePath): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
}

/** The value at a path, or undefined. */
/**
 * The hint for an unknown field: to quote the text it was cut from at a comma inside `{ }`
 * (`body: Leave at 9, bring passports`), unless it is a near miss of a valid name.
 */
function unknownFieldHint(
  context: IssueContext,
  path: ValuePath,
  key: string,
  valid: readonly string[],
): string | undefined {
  const parent = valueAt(context.value, path);
  const nearMiss = closest(key, valid) !== undefined && (parent as Record<string, unknown> | undefined)?.[key] !== null;
  return (nearMiss ? undefined : cutAtComma(context, path, key, parent)) ?? suggestion(key, valid, 'fields');
}

function cutAtComma(context: IssueContext, path: ValuePath, key: string, parent: unknown): string | undefined {
  if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return undefined;
  const keys = Object.keys(parent);
  const before = keys[keys.indexOf(key) - 1];
  const { line, column } = context.source.place([...context.base, ...path, key], 'key');
  const previous =
    before === undefined ? undefined : { key: before, value: (parent as Record<string, unknown>)[before] };
  return commaHint(context.source.text, offsetOf(context.source.text, line, column), previous);
}

export function valueAt(value: unknown, path: ValuePath): unknown {
  let at = value;
  for (const part of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[part];
  }
  return at;
}

/** "a string", "a number", "a list", "true or false" */
function article(type: string): string {
  switch (type) {
    case 'array':
      return 'a list';
    case 'object':
    case 'record':
      return 'a map';
    case 'boolean':
      return 'true or false';
    case 'int':
      return 'a whole number';
    case 'null':
    case 'undefined':
      return 'nothing';
    default:
      return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
  }
}

/** How a value looks, for "got ..." in messages. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 37)}...` : value}"`;
  return `${typeof value === 'boolean' ? 'boolean' : 'number'} ${String(value)}`;
}

/** The field names the schema allows at a path, for "did you mean". */
function fieldNames(schema: z.ZodType, path: ValuePath): string[] {
  const at = schemaAt(schema, path);
  return at ? Object.keys(objectShape(at) ?? {}) : [];
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
  getter?: () => z.ZodType;
  in?: z.ZodType;
};

function def(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let at = schema;
  for (;;) {
    const d = def(at);
    if (
      (d.type === 'optional' || d.type === 'default' || d.type === 'nullable' || d.type === 'readonly') &&
      d.innerType
    )
      at = d.innerType;
    else if (d.type === 'lazy' && d.getter) at = d.getter();
    else if (d.type === 'pipe' && d.in) at = d.in;
    else return at;
  }
}

export function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const at = unwrap(schema);
  const d = def(at);
  if (d.type === 'object') return d.shape;
  if (d.type === 'union') {
    for (const option of d.options ?? []) {
      const shape = objectShape(option);
      if (shape) return shape;
    }
  }
  return undefined;
}

/** The schema that validates the value at `path`, as far as it can be followed. */
function schemaAt(schema: z.ZodType, path: ValuePath): z.ZodType | undefined {
  let at: z.ZodType | undefined = schema;
  for (const part of path) {
    if (!at) return undefined;
    const d = def(unwrap(at));
    if (d.type === 'array') at = d.element;
    else if (d.type === 'record') at = d.valueType;
    else if (d.type === 'object' || d.type === 'union') at = objectShape(at)?.[String(part)] ?? arrayElement(d);
    else return undefined;
  }
  return at;
}

function arrayElement(d: Def): z.ZodType | undefined {
  if (d.type !== 'union') return undefined;
  for (const option of d.options ?? []) {
    const inner = def(unwrap(option));
    if (inner.type === 'array') return inner.element;
  }
  return undefined;
}
