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
import { Environment, Optional, ParseError, type ASTNode, type ParseResult } from '@marcbachmann/cel-js';
import type { ForEach, JsonObject, JsonValue, Template } from './plan-types.ts';

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

/** A name an expression reads, with the static member chain after it. */
export interface ExpressionRef {
  /** The root identifier: `inputs`, `steps`, `item`, `result`, ... */
  root: string;
  /** Member names after the root, as far as they are static (`steps.tour.outputs.id`). */
  path: string[];
  /** Offsets of the reference inside the expression text. */
  start: number;
  end: number;
}

export interface ExpressionReferences {
  steps: { id: string; output?: string }[];
  inputs: string[];
  refs: ExpressionRef[];
}

/** An expression or template that cannot be parsed or evaluated. */
export class ExpressionError extends Error {
  /** The expression text (without `${{ }}`). */
  readonly expression: string;
  /** Offsets of the offending part inside `expression`, when known. */
  readonly start: number;
  readonly end: number;
  constructor(message: string, options: { expression: string; start?: number; end?: number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'ExpressionError';
    this.expression = options.expression;
    this.start = options.start ?? 0;
    this.end = options.end ?? options.expression.length;
  }
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

function sumOf(list: unknown[]): bigint | number {
  if (list.every((item) => typeof item === 'bigint')) return (list as bigint[]).reduce((a, b) => a + b, 0n);
  return list.reduce<number>((total, item) => {
    if (typeof item !== 'number' && typeof item !== 'bigint') throw new TypeError('sum() takes a list of numbers');
    return total + Number(item);
  }, 0);
}

// Parsing is the expensive part; playbooks repeat the same few expressions, so parse once.
const parsed = new Map<string, ParseResult>();

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

/** One `${{ … }}` inside a string: the expression and where the whole template sits. */
export interface TemplatePart {
  expression: string;
  /** Offset of `${{` in the string. */
  start: number;
  /** Offset just after `}}`. */
  end: number;
  /** Offset of the expression text in the string. */
  expressionStart: number;
}

const OPEN = '${{';

/**
 * Finds the templates in a string. `}}` inside a CEL string literal does not end a template.
 * An unterminated template is an error.
 */
export function scanTemplates(text: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let from = text.indexOf(OPEN);
  while (from >= 0) {
    const close = findClose(text, from + OPEN.length);
    if (close < 0) {
      throw new ExpressionError('unterminated "${{": add the closing "}}"', {
        expression: text.slice(from + OPEN.length),
        start: 0,
        end: 0,
      });
    }
    const raw = text.slice(from + OPEN.length, close);
    const lead = raw.length - raw.trimStart().length;
    parts.push({ expression: raw.trim(), start: from, end: close + 2, expressionStart: from + OPEN.length + lead });
    from = text.indexOf(OPEN, close + 2);
  }
  return parts;
}

/** The `}}` that closes a template: outside CEL string literals and map braces. */
function findClose(text: string, from: number): number {
  let quote: string | undefined;
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && depth === 0 && text[i + 1] === '}') return i;
    else if (c === '}') depth--;
  }
  return -1;
}

/** True when a string holds at least one `${{ }}` template. */
export function isTemplate(value: unknown): boolean {
  return typeof value === 'string' && value.includes(OPEN);
}

/** True when any string inside a value (deeply) holds a `${{ }}` template. */
export function holdsTemplate(value: unknown): boolean {
  if (typeof value === 'string') return isTemplate(value);
  if (Array.isArray(value)) return value.some(holdsTemplate);
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsTemplate);
  return false;
}

/** The bare expression of a string that is exactly one template, or the string itself. */
export function unwrapExpression(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith(OPEN)) return trimmed;
  const parts = scanTemplates(trimmed);
  const only = parts[0];
  if (parts.length === 1 && only && only.start === 0 && only.end === trimmed.length) return only.expression;
  return trimmed;
}

/** Every name an expression reads, for compile-time checks. Throws `ExpressionError` on bad syntax. */
export function referencesOf(expression: string): ExpressionReferences {
  let known = references.get(expression);
  if (!known) references.set(expression, (known = findReferences(expression)));
  return known;
}

// playbooks repeat the same few expressions thousands of times
const references = new Map<string, ExpressionReferences>();

function findReferences(expression: string): ExpressionReferences {
  const refs: ExpressionRef[] = [];
  walk(parseExpression(unwrapExpression(expression)).ast, refs, new Set());
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

/** Names bound by macros (`list.map(x, …)`) shadow scope names inside the macro. */
function walk(node: ASTNode, refs: ExpressionRef[], bound: ReadonlySet<string>): void {
  const chain = memberChain(node);
  if (chain) {
    if (!bound.has(chain.root)) refs.push({ root: chain.root, path: chain.path, start: node.range.start, end: node.range.end });
    for (const index of chain.dynamicIndexes) walk(index, refs, bound);
    return;
  }
  if (node.op === 'rcall' || node.op === 'call') {
    const args = node.op === 'rcall' ? [node.args[1], ...node.args[2]] : node.args[1];
    const macroVar = node.op === 'rcall' && node.args[2][0]?.op === 'id' ? node.args[2][0].args : undefined;
    if (macroVar === undefined || !MACROS.has(node.args[0])) {
      for (const arg of args) walk(arg, refs, bound);
      return;
    }
    // receiver.map(x, body): the receiver sees the outer names, the body also sees `x`
    const inner = new Set([...bound, macroVar]);
    args.forEach((arg, i) => {
      if (i !== 1) walk(arg, refs, i === 0 ? bound : inner);
    });
    return;
  }
  for (const child of childrenOf(node)) walk(child, refs, bound);
}

const MACROS = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);

interface Chain {
  root: string;
  path: string[];
  dynamicIndexes: ASTNode[];
}

/** `a.b["c"].d` as root `a` and path `[b, c, d]`; stops the path at the first dynamic index. */
function memberChain(node: ASTNode): Chain | undefined {
  if (node.op === 'id') return { root: node.args, path: [], dynamicIndexes: [] };
  if (node.op === '.' || node.op === '.?') {
    const inner = memberChain(node.args[0]);
    if (!inner) return undefined;
    if (inner.dynamicIndexes.length === 0) inner.path.push(node.args[1]);
    return inner;
  }
  if (node.op === '[]' || node.op === '[?]') {
    const inner = memberChain(node.args[0]);
    if (!inner) return undefined;
    const key = node.args[1];
    if (key.op === 'value' && typeof key.args === 'string' && inner.dynamicIndexes.length === 0) inner.path.push(key.args);
    else inner.dynamicIndexes.push(key);
    return inner;
  }
  return undefined;
}

function childrenOf(node: ASTNode): ASTNode[] {
  switch (node.op) {
    case 'value':
    case 'id':
      return [];
    case '.':
    case '.?':
      return [node.args[0]];
    case 'list':
      return node.args;
    case 'map':
      return node.args.flat();
    case '!_':
    case '-_':
      return [node.args];
    default:
      return (node.args as unknown[]).filter((arg): arg is ASTNode => typeof arg === 'object' && arg !== null && 'op' in arg);
  }
}

/** Evaluates a bare expression (a `${{ }}` wrapper is accepted too) to a JSON value. */
export function evaluateExpression(expression: string, scope: ExpressionScope): JsonValue {
  const text = unwrapExpression(expression);
  return fromCel(evaluateRaw(text, scope), text);
}

function evaluateRaw(text: string, scope: ExpressionScope): unknown {
  const program = parseExpression(text);
  const context: Record<string, unknown> = {};
  for (const ref of referencesOf(text).refs) {
    if (!(ref.root in context) && scope[ref.root] !== undefined) context[ref.root] = toCel(scope[ref.root]);
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
  const value = evaluateValue(template, scope);
  return value === ABSENT ? null : value;
}

/** An optional without a value (`${{ inputs.?org }}`): the map key or list element is left out. */
const ABSENT: unique symbol = Symbol('absent');

function evaluateValue(template: Template, scope: ExpressionScope): JsonValue | typeof ABSENT {
  if (typeof template === 'string') return evaluateString(template, scope);
  if (Array.isArray(template)) {
    return template.map((item) => evaluateValue(item, scope)).filter((item): item is JsonValue => item !== ABSENT);
  }
  if (template !== null && typeof template === 'object') {
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(template)) {
      const evaluated = evaluateValue(value, scope);
      if (evaluated !== ABSENT) out[key] = evaluated;
    }
    return out;
  }
  return template;
}

function evaluateString(text: string, scope: ExpressionScope): JsonValue | typeof ABSENT {
  if (!isTemplate(text)) return text;
  const parts = scanTemplates(text);
  const only = parts[0];
  if (parts.length === 1 && only && only.start === 0 && only.end === text.length) {
    const value = evaluateRaw(only.expression, scope);
    return value instanceof Optional && !value.hasValue() ? ABSENT : fromCel(value, only.expression);
  }
  let out = '';
  let at = 0;
  for (const part of parts) {
    out += text.slice(at, part.start) + interpolate(evaluateExpression(part.expression, scope));
    at = part.end;
  }
  return out + text.slice(at);
}

function interpolate(value: JsonValue): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The scope of one `forEach` iteration: the element under its `as` name, and its index. */
export function iterationScope(scope: ExpressionScope, forEach: ForEach, item: JsonValue, index: number): ExpressionScope {
  return { ...scope, [forEach.as]: item, index };
}

function toCel(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(toCel);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = toCel(inner);
    return out;
  }
  return value;
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
