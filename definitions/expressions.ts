/**
 * Expressions and `${{ }}` templates, evaluated with the Common Expression Language (CEL).
 *
 * Workflow-safe: this module is bundled into workflow code, so it uses no Node built-ins, no
 * I/O, no clock and no randomness. CEL itself is side-effect free and not Turing complete;
 * `run.now` is the only notion of time and the workflow supplies it. CEL's environment is
 * `cel-environment.ts`, the conversion of values `cel-values.ts`, what an expression reads
 * `expression-reads.ts`, and the values found without CEL `expression-fast-paths.ts`.
 */
import { Optional } from '@marcbachmann/cel-js';
import { parseExpression, setRunStart } from './cel-environment.ts';
import { celPart, fromCel } from './cel-values.ts';
import { quickValue } from './expression-fast-paths.ts';
import { needsOf } from './expression-reads.ts';
import { TextCache } from './text-cache.ts';
import { ExpressionError, isTemplate, scanTemplates, unwrapExpression } from './templates.ts';
import type { JsonObject, JsonValue, Template } from './plan-types.ts';

export {
  ExpressionError,
  holdsTemplate,
  isTemplate,
  scanTemplates,
  unwrapExpression,
  type TemplatePart,
} from './templates.ts';
export { referencesOf, type ExpressionReferences } from './expression-reads.ts';
export type { ExpressionRef } from './expression-ast.ts';

/** What an expression can see. Extra keys are the names bound by `forEach.as`. */
export interface ExpressionScope {
  inputs?: JsonObject;
  /** Outputs of finished steps: `steps.<id>.outputs.<name>`. */
  steps?: Record<string, { outputs: JsonObject }>;
  /** The current element of a `forEach` step, under its `as` name (default `item`). */
  item?: JsonValue;
  /** The position of the current element, from 0. */
  index?: number;
  /** The action's result; only inside a step's `outputs`. */
  result?: JsonValue;
  run?: { workflowId: string; playbook: string; now: string };
  [name: string]: JsonValue | object | undefined;
}

/** Evaluates a bare expression (a `${{ }}` wrapper is accepted too) to a JSON value. */
export function evaluateExpression(expression: string, scope: ExpressionScope): JsonValue {
  const text = unwrapExpression(expression);
  const found = quickValue(text, scope);
  return found !== undefined ? found : fromCel(evaluateRaw(text, scope), text);
}

function evaluateRaw(text: string, scope: ExpressionScope): unknown {
  const program = parseExpression(text);
  const run: { now?: JsonValue; timeZone?: JsonValue } =
    typeof scope.run === 'object' && scope.run !== null && !Array.isArray(scope.run) ? scope.run : {};
  setRunStart(
    typeof run.now === 'string' ? run.now : undefined,
    typeof run.timeZone === 'string' ? run.timeZone : undefined,
  );
  const context: Record<string, unknown> = {};
  for (const [root, need] of needsOf(text)) {
    if (scope[root] !== undefined) context[root] = celPart(scope[root], need);
  }
  try {
    return program(context);
  } catch (error) {
    const cause = error as { summary?: string; message?: string; range?: { start: number; end: number } };
    throw new ExpressionError(cause.summary || cause.message || String(error), {
      expression: text,
      start: cause.range?.start,
      end: cause.range?.end,
      cause: error,
    });
  }
}

/** Evaluates an `if:` expression; anything but a boolean is an error, not a truthiness guess. */
export function evaluateCondition(expression: string, scope: ExpressionScope): boolean {
  const value = evaluateExpression(expression, scope);
  if (typeof value !== 'boolean') {
    throw new ExpressionError(`condition must be true or false, got ${describe(value)}`, { expression });
  }
  return value;
}

/**
 * Evaluates a template: strings that are exactly one `${{ }}` take the expression's value (any
 * type); strings with text around templates become strings; arrays and objects recurse.
 */
export function evaluateTemplate(template: Template, scope: ExpressionScope): JsonValue {
  const value = compiled(template)(scope);
  return value === ABSENT ? null : value;
}

/** An optional without a value (`${{ inputs.?org }}`): the map key or list element is left out. */
const ABSENT: unique symbol = Symbol('absent');

/** A template made ready to evaluate: scanned once, its plain paths and joins read without CEL. */
type Compiled = (scope: ExpressionScope) => JsonValue | typeof ABSENT;

/**
 * Templates made ready, by text and by the plan's own objects. A `forEach` evaluates the same
 * arguments for each of thousands of elements; plans are never changed once loaded, so each
 * template is scanned once rather than once per element.
 */
const compiledTexts = new TextCache<Compiled>();
const compiledObjects = new WeakMap<object, Compiled>();

function compiled(template: Template): Compiled {
  if (typeof template === 'string') {
    if (!isTemplate(template)) return () => template;
    let known = compiledTexts.get(template);
    if (!known) compiledTexts.set(template, (known = compileText(template)));
    return known;
  }
  if (template === null || typeof template !== 'object') return () => template;
  let known = compiledObjects.get(template);
  if (!known) compiledObjects.set(template, (known = compileObject(template)));
  return known;
}

function compileObject(template: Template[] | { [key: string]: Template }): Compiled {
  if (Array.isArray(template)) {
    const items = template.map(compiled);
    return (scope) => {
      const out: JsonValue[] = [];
      for (const item of items) {
        const value = item(scope);
        if (value !== ABSENT) out.push(value);
      }
      return out;
    };
  }
  const fields = Object.entries(template).map(([key, value]) => [key, compiled(value)] as const);
  return (scope) => {
    const out: JsonObject = {};
    for (const [key, field] of fields) {
      const value = field(scope);
      if (value !== ABSENT) out[key] = value;
    }
    return out;
  };
}

/** A string that holds a template (`compiled` returns other strings as they are). */
function compileText(text: string): Compiled {
  let parts: ReturnType<typeof scanTemplates>;
  try {
    parts = scanTemplates(text);
  } catch (error) {
    return () => {
      throw error;
    };
  }
  const only = parts[0];
  if (parts.length === 1 && only && only.start === 0 && only.end === text.length) {
    const expression = only.expression;
    return (scope) => {
      const found = quickValue(expression, scope);
      if (found !== undefined) return found;
      const value = evaluateRaw(expression, scope);
      return value instanceof Optional && !value.hasValue() ? ABSENT : fromCel(value, expression);
    };
  }
  return (scope) => {
    let out = '';
    let at = 0;
    for (const part of parts) {
      out += text.slice(at, part.start) + interpolate(evaluateExpression(part.expression, scope));
      at = part.end;
    }
    return out + text.slice(at);
  };
}

function interpolate(value: JsonValue): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function describe(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'a map' : `${typeof value} ${JSON.stringify(value)}`;
}
