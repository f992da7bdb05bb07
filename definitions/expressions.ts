/**
 * Expressions and `${{ }}` templates, evaluated with the Common Expression Language (CEL).
 *
 * Workflow-safe: this module is bundled into workflow code, so it uses no Node built-ins, no
 * I/O, no clock and no randomness. CEL itself is side-effect free and not Turing complete;
 * `run.now` is the only notion of time and the workflow supplies it.
 *
 * Numbers: CEL keeps `int` and `double` apart (`1 + 1.5` is an error), so integral JSON numbers
 * enter expressions as `int` and everything else as `double`; results come back as plain JSON.
 */
import { Environment, Optional, ParseError, type ParseResult } from '@marcbachmann/cel-js';
import { collectRefs, type ExpressionRef } from './expression-ast.ts';
import { addDays, dateRange, localDate, weekday } from './date-helpers.ts';
import { ExpressionError, isTemplate, scanTemplates, unwrapExpression } from './templates.ts';
import type { JsonObject, JsonValue, Template } from './plan-types.ts';

export { ExpressionError, holdsTemplate, isTemplate, scanTemplates, unwrapExpression, type TemplatePart } from './templates.ts';
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

export interface ExpressionReferences {
  steps: { id: string; output?: string }[];
  inputs: string[];
  refs: ExpressionRef[];
}

const env = new Environment({
  unlistedVariablesAreDyn: true,
  homogeneousAggregateLiterals: false,
  enableOptionalTypes: true,
});
// Playbook authors write `capacity * 1.5`; CEL alone would refuse to mix int and double.
for (const op of ['+', '-', '*', '/'] as const) {
  const apply = (a: number, b: number): number =>
    op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : a / b;
  env.registerOperator(`int ${op} double`, (a: bigint, b: number) => apply(Number(a), b));
  env.registerOperator(`double ${op} int`, (a: number, b: bigint) => apply(a, Number(b)));
}

// A few list helpers CEL lacks, all pure: combining per-item results of forEach steps.
env.registerFunction('list.flatten(): list', (list: unknown[]) => list.flatMap((item) => (Array.isArray(item) ? item : [item])));
env.registerFunction('list.sum(): dyn', (list: unknown[]) => sumOf(list));
env.registerFunction('list.distinct(): list', (list: unknown[]) => {
  const seen = new Set<string>();
  return list.filter((item) => {
    const key = JSON.stringify(item, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));
    return seen.has(key) ? false : (seen.add(key), true);
  });
});

// Dates the way people say them (`date-helpers.ts`). `today`/`tomorrow` read the run's start,
// handed over by `evaluateRaw` for the evaluation under way; without a zone they are in UTC.
let runStart: string | undefined;
const startOfRun = (): string => {
  if (runStart === undefined) throw new RangeError('today() and tomorrow() need the run (they are not known at compile time)');
  return runStart;
};
env.registerFunction('today(): string', () => localDate(startOfRun(), 'UTC'));
env.registerFunction('today(string): string', (zone: string) => localDate(startOfRun(), zone));
env.registerFunction('tomorrow(): string', () => addDays(localDate(startOfRun(), 'UTC'), 1));
env.registerFunction('tomorrow(string): string', (zone: string) => addDays(localDate(startOfRun(), zone), 1));
env.registerFunction('addDays(string, int): string', (date: string, days: bigint) => addDays(date, Number(days)));
env.registerFunction('weekday(string): string', (date: string) => weekday(date));
env.registerFunction('dates(string, string): list', (from: string, to: string) => dateRange(from, to));

/**
 * A new environment with the functions and operators expressions have, for checking them at
 * compile time; the caller declares the names it knows the types of. Evaluation never uses it.
 */
export function checkingEnvironment(): Environment {
  return env.clone();
}

function sumOf(list: unknown[]): bigint | number {
  if (list.every((item) => typeof item === 'bigint')) return (list as bigint[]).reduce((a, b) => a + b, 0n);
  return list.reduce<number>((total, item) => {
    if (typeof item !== 'number' && typeof item !== 'bigint') throw new TypeError('sum() takes a list of numbers');
    return total + Number(item);
  }, 0);
}

/**
 * What this module works out from an expression's text, kept by the text. The workflow bundle
 * loads this module once per workflow thread and shares it between runs, so the caches live as
 * long as the worker: each is emptied when it reaches {@link CACHE_LIMIT} texts, far more than
 * any set of playbooks has, so a worker running ever-new playbooks stays within bounds.
 */
const CACHE_LIMIT = 20_000;

class TextCache<V> {
  private readonly entries = new Map<string, V>();

  get(text: string): V | undefined {
    return this.entries.get(text);
  }

  set(text: string, value: V): void {
    if (this.entries.size >= CACHE_LIMIT) this.entries.clear();
    this.entries.set(text, value);
  }
}

// Parsing is the expensive part; playbooks repeat the same few expressions, so parse once.
const parsed = new TextCache<ParseResult>();

function parseExpression(expression: string): ParseResult {
  let result = parsed.get(expression);
  if (result) return result;
  try {
    result = env.parse(expression);
  } catch (error) {
    if (error instanceof ParseError) {
      throw new ExpressionError(error.summary || error.message, {
        expression,
        start: error.range?.start,
        end: error.range?.end,
        cause: error,
      });
    }
    throw error;
  }
  parsed.set(expression, result);
  return result;
}

/** Every name an expression reads, for compile-time checks. Throws `ExpressionError` on bad syntax. */
export function referencesOf(expression: string): ExpressionReferences {
  let known = references.get(expression);
  if (!known) references.set(expression, (known = findReferences(expression)));
  return known;
}

// playbooks repeat the same few expressions thousands of times
const references = new TextCache<ExpressionReferences>();

function findReferences(expression: string): ExpressionReferences {
  const refs = collectRefs(parseExpression(unwrapExpression(expression)).ast);
  const steps: ExpressionReferences['steps'] = [];
  const inputs: string[] = [];
  for (const ref of refs) {
    const [first, second, third] = ref.path;
    if (ref.root === 'steps' && first !== undefined) {
      steps.push(second === 'outputs' && third !== undefined ? { id: first, output: third } : { id: first });
    } else if (ref.root === 'inputs' && first !== undefined) inputs.push(first);
  }
  return { steps, inputs, refs };
}

/** Evaluates a bare expression (a `${{ }}` wrapper is accepted too) to a JSON value. */
export function evaluateExpression(expression: string, scope: ExpressionScope): JsonValue {
  const text = unwrapExpression(expression);
  const found = quickValue(text, scope);
  return found !== undefined ? found : fromCel(evaluateRaw(text, scope), text);
}

/** `name.name…`: an expression that only reads a field, with neither calls, indexes nor operators. */
const PLAIN_PATH = /^\s*[A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*\s*$/;
const plainPaths = new TextCache<string[] | null>();

/**
 * The value of a plain path (`guest.lastName`, `inputs.guests`) when every field on the way is
 * there: what CEL gives (scope values are JSON, and CEL gives JSON back as it was), without
 * running it or copying a list of thousands of guests into CEL's form and back. Most of a
 * `forEach`'s arguments are such paths, evaluated once per element. Anything else (a missing
 * field, whose error CEL words; an operator; a call) is left to CEL. The value is the scope's
 * own: scope values are never changed once set.
 */
function valueAt(text: string, scope: ExpressionScope): JsonValue | undefined {
  let path = plainPaths.get(text);
  if (path === undefined) plainPaths.set(text, (path = PLAIN_PATH.test(text) ? text.split('.').map((part) => part.trim()) : null));
  if (path === null) return undefined;
  let value: unknown = scope;
  for (const name of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, name)) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return value === undefined ? undefined : (value as JsonValue);
}

/** A string literal without escapes, or a plain path: the operands `joined` takes. */
const OPERAND = String.raw`(?:"[^"\\\n]*"|'[^'\\\n]*'|[A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)`;
const JOINED = new RegExp(String.raw`^\s*${OPERAND}(?:\s*\+\s*${OPERAND})+\s*$`);
const OPERANDS = new RegExp(OPERAND, 'g');

/** An operand of a join: a literal's text, or a path to read. */
type Operand = { text: string } | { path: string };
const joins = new TextCache<Operand[] | null>();

/**
 * The value of a join of plain paths and string literals (`guest.date + " " + guest.lastName`)
 * when every path holds a string: CEL's `string + string`, without running CEL. A `forEach`
 * key is often such a join, evaluated once per element before the first batch starts. Anything
 * else (a path to a number, whose `+` CEL words or refuses; escapes; other operators) is left
 * to CEL.
 */
function joined(text: string, scope: ExpressionScope): string | undefined {
  let operands = joins.get(text);
  if (operands === undefined) {
    operands = JOINED.test(text)
      ? (text.match(OPERANDS) ?? []).map((token) => (token.startsWith('"') || token.startsWith("'") ? { text: token.slice(1, -1) } : { path: token }))
      : null;
    joins.set(text, operands);
  }
  if (operands === null) return undefined;
  let out = '';
  for (const operand of operands) {
    if ('text' in operand) {
      out += operand.text;
      continue;
    }
    const value = valueAt(operand.path, scope);
    if (typeof value !== 'string') return undefined;
    out += value;
  }
  return out;
}

/** What a plain path or a join of strings gives, found without CEL; undefined when CEL must say. */
function quickValue(text: string, scope: ExpressionScope): JsonValue | undefined {
  return valueAt(text, scope) ?? joined(text, scope);
}

function evaluateRaw(text: string, scope: ExpressionScope): unknown {
  const program = parseExpression(text);
  runStart = typeof scope.run === 'object' && scope.run !== null && !Array.isArray(scope.run) && typeof scope.run.now === 'string' ? scope.run.now : undefined;
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

/**
 * What an expression reads of a value: all of it (`true`), or only some fields, each with what
 * it reads of that field. `inputs.days[0].date + inputs.name` reads `days` and `name` of
 * `inputs`, not its 5,000 guests; `size(inputs)` or `inputs[key]` reads all of `inputs`.
 */
type Need = true | Map<string, Need>;

function needsOf(expression: string): Map<string, Need> {
  let known = needs.get(expression);
  if (!known) needs.set(expression, (known = findNeeds(expression)));
  return known;
}

const needs = new TextCache<Map<string, Need>>();

/** The scope's names an expression reads, each a field of the scope with what is read of it. */
function findNeeds(expression: string): Map<string, Need> {
  const roots = new Map<string, Need>();
  for (const { root, path } of referencesOf(expression).refs) addNeed(roots, [root, ...path]);
  return roots;
}

/** Records that `fields` is read along `path`: all of its last field, or all of a field already read whole. */
function addNeed(fields: Map<string, Need>, [key, ...rest]: readonly string[]): void {
  if (key === undefined) return;
  const inner = fields.get(key);
  if (inner === true) return;
  if (rest.length === 0) {
    fields.set(key, true);
    return;
  }
  const next = inner ?? new Map<string, Need>();
  fields.set(key, next);
  addNeed(next, rest);
}

/**
 * The CEL form of what an expression reads of `value`: a map (a plain object) read by field
 * carries only those fields, so an expression over two input fields does not convert, and
 * keep a copy of, a 5,000-element list beside them. A field it lacks stays missing, so
 * `has()`, `.?` and CEL's "no such key" behave as on the whole value.
 */
function celPart(value: unknown, need: Need): unknown {
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

function fromCel(value: unknown, expression: string): JsonValue {
  if (typeof value === 'bigint') return Number(value);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new ExpressionError(`result is not a finite number (${value})`, { expression });
    return value;
  }
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Optional) return value.hasValue() ? fromCel(value.value(), expression) : null;
  if (value instanceof Uint8Array) throw new ExpressionError('bytes cannot be passed on; convert with string()', { expression });
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

function isNone(value: unknown): boolean {
  return value instanceof Optional && !value.hasValue();
}

function describe(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'a map' : `${typeof value} ${JSON.stringify(value)}`;
}
