/**
 * Values between JSON and CEL. CEL keeps `int` and `double` apart (`1 + 1.5` is an error), so
 * integral JSON numbers enter expressions as `int` and everything else as `double`; results
 * come back as plain JSON. Workflow-safe (bundled with `expressions.ts`).
 */
import { Optional } from '@marcbachmann/cel-js';
import type { Need } from './expression-reads.ts';
import { ExpressionError } from './templates.ts';
import type { JsonObject, JsonValue } from './plan-types.ts';

/**
 * The CEL form of what an expression reads of `value`: a map (a plain object) read by field
 * carries only those fields, so an expression over two input fields does not convert, and
 * keep a copy of, a 5,000-element list beside them. A field it lacks stays missing, so
 * `has()`, `.?` and CEL's "no such key" behave as on the whole value.
 */
export function celPart(value: unknown, need: Need): unknown {
  if (need === true || value === null || typeof value !== 'object' || Array.isArray(value)) return toCel(value);
  const known = celForms.get(value);
  if (known !== undefined) return known;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of need) {
    if (Object.hasOwn(value, key)) out[key] = celPart((value as Record<string, unknown>)[key], inner);
  }
  return out;
}

/**
 * CEL forms of the lists and maps already converted. A `forEach` over thousands of elements
 * evaluates its arguments against the same inputs and step outputs thousands of times; scope
 * values are never changed once set, so each is converted once.
 */
const celForms = new WeakMap<object, unknown>();

/**
 * The scope values behind CEL forms: an expression that gives a list or map from the scope as
 * it is (`cond ? steps.x.outputs.entries : []`) gives back the value it was made from, rather
 * than a copy converted element by element.
 */
const jsonForms = new WeakMap<object, JsonValue>();

function toCel(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : value;
  if (value === null || typeof value !== 'object') return value;
  const known = celForms.get(value);
  if (known !== undefined) return known;
  let out: unknown;
  if (Array.isArray(value)) out = value.map(toCel);
  else {
    const map: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) map[key] = toCel(inner);
    out = map;
  }
  celForms.set(value, out);
  jsonForms.set(out as object, value as JsonValue);
  return out;
}

/** The JSON form of a CEL result; `expression` names it in the error of a value JSON cannot hold. */
export function fromCel(value: unknown, expression: string): JsonValue {
  if (typeof value === 'bigint') return Number(value);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new ExpressionError(`result is not a finite number (${value})`, { expression });
    return value;
  }
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Optional) return value.hasValue() ? fromCel(value.value(), expression) : null;
  if (value instanceof Uint8Array)
    throw new ExpressionError('bytes cannot be passed on; convert with string()', { expression });
  const original = typeof value === 'object' ? jsonForms.get(value as object) : undefined;
  if (original !== undefined) return original;
  // inside lists and maps, an optional without a value is left out, as in arguments
  if (Array.isArray(value)) return value.filter((item) => !isNone(item)).map((item) => fromCel(item, expression));
  if (typeof value === 'object' && value !== undefined) {
    const entries = value instanceof Map ? [...value].map(([k, v]) => [String(k), v] as const) : Object.entries(value);
    const out: JsonObject = {};
    for (const [key, inner] of entries) if (!isNone(inner)) out[key] = fromCel(inner, expression);
    return out;
  }
  throw new ExpressionError(`result has no JSON form (${typeof value})`, { expression });
}

/** An optional without a value (`inputs.?org` when there is none). */
export function isNone(value: unknown): boolean {
  return value instanceof Optional && !value.hasValue();
}
