/**
 * Type checks of expressions with CEL's checker, reported only where the expression would fail
 * when it runs. Two checks: with every name `dyn`, as evaluation itself checks before it runs
 * (so each of its errors is certain: `"x" + 1`, an unknown function); then with the types of
 * `cel-types.ts`, whose errors count only where evaluation is as strict as the checker. It is
 * not for `==` across types, a choice between different types, or reading a map type as a
 * map (`size()`, `in`): evaluation sees plain values there and lets them through.
 */
import type { ASTNode, Environment, TypeCheckResult } from '@marcbachmann/cel-js';
import { checkingEnvironment } from './cel-environment.ts';
import { closest } from './suggest.ts';

/** Prefix of the map types `cel-types.ts` makes, so that messages can call them maps. */
export const TYPE_PREFIX = 'tourflow.';

/** A type mistake: what and how to fix it, at offsets inside the expression. */
export interface TypeProblem {
  message: string;
  hint?: string;
  start: number;
  end: number;
}

/** What wording a mistake needs: the expression, its checker verdict, the map types' fields. */
interface Checked {
  result: TypeCheckResult;
  text: string;
  fields: ReadonlyMap<string, readonly string[]>;
}

interface CelError {
  code: string;
  node?: ASTNode;
  range?: { start: number; end: number };
}

type Node = ASTNode & { checkedType?: CelType };
interface CelType {
  kind: string;
  name: string;
  valueType?: CelType;
  keyType?: CelType;
}

/** Every name `dyn`: what evaluation checks before it runs. */
const untyped = checkingEnvironment();
const untypedResults = new Map<string, TypeCheckResult>();
const UNTYPED_LIMIT = 20_000;

/** Checks of expressions by environment and text: playbooks repeat the same few. */
export class TypeChecks {
  private readonly results = new WeakMap<Environment, Map<string, TypeCheckResult>>();

  /** @param fields field names of the map types, for "did you mean" */
  constructor(private readonly fields: ReadonlyMap<string, readonly string[]>) {}

  /** The first type mistake of `expression` (bare CEL) checked in `env`, if any. */
  problem(expression: string, env: Environment | undefined): TypeProblem | undefined {
    const loose = untypedCheck(expression);
    if (!loose.valid) return loose.error?.name === 'TypeError' ? describe({ result: loose, text: expression, fields: this.fields }, true) : undefined;
    if (!env) return undefined;
    const typed = this.check(expression, env);
    return typed.valid ? undefined : describe({ result: typed, text: expression, fields: this.fields }, false);
  }

  /** The type CEL gives `expression` in `env` (`dyn` when it cannot tell). */
  typeOf(expression: string, env: Environment | undefined): string {
    if (!env || !untypedCheck(expression).valid) return 'dyn';
    const result = this.check(expression, env);
    return result.valid ? (result.type ?? 'dyn') : 'dyn';
  }

  private check(expression: string, env: Environment): TypeCheckResult {
    let known = this.results.get(env);
    if (!known) this.results.set(env, (known = new Map()));
    let result = known.get(expression);
    if (!result) known.set(expression, (result = safeCheck(env, expression)));
    return result;
  }
}

/** What a whole expression must give: a list (`forEach`), true or false (`if`). */
export type Expected = 'list' | 'bool';

/**
 * The mistake of an expression of type `type` where `expected` is needed, if it is one for
 * sure: `dyn` and optional values may turn out right.
 */
export function kindProblem(expression: string, type: string, expected: Expected): TypeProblem | undefined {
  const kind = /^(\w+)/.exec(type)?.[1] ?? 'dyn';
  if (kind === 'dyn' || kind === 'optional' || kind === expected) return undefined;
  const at = { start: 0, end: expression.length };
  const shown = expression.trim();
  if (expected === 'bool') {
    const wrong = type.startsWith('list') || type.startsWith('map') || type.startsWith(TYPE_PREFIX);
    return { message: `"if" needs true or false, but ${shown} is ${a(type)}`, hint: wrong ? `test it, e.g. size(${shown}) > 0` : `compare it, e.g. ${shown} ${type === 'string' ? '!= ""' : '> 0'}`, ...at };
  }
  const input = /^inputs\.(\w+)$/.exec(shown)?.[1];
  return {
    message: `"forEach" needs a list, but ${shown} is ${a(type)}`,
    hint: input ? `declare input "${input}" with "type: list" (and "items:" for its elements)` : type === 'string' ? `split the text into a list, e.g. ${shown}.split(",")` : 'give a list, e.g. [x]',
    ...at,
  };
}

function untypedCheck(expression: string): TypeCheckResult {
  let result = untypedResults.get(expression);
  if (!result) {
    if (untypedResults.size >= UNTYPED_LIMIT) untypedResults.clear();
    untypedResults.set(expression, (result = safeCheck(untyped, expression)));
  }
  return result;
}

/** The checker's verdict; a failure of the checker itself lets the expression through. */
function safeCheck(env: Environment, expression: string): TypeCheckResult {
  try {
    return env.check(expression);
  } catch {
    return { valid: true, type: 'dyn' };
  }
}

/** The mistake in words, or undefined when evaluation would not fail on it. */
function describe(checked: Checked, certain: boolean): TypeProblem | undefined {
  const error = checked.result.error as (Error & CelError) | undefined;
  const node = error?.node as Node | undefined;
  if (!error || !node) return undefined;
  const at = { start: error.range?.start ?? 0, end: error.range?.end ?? checked.text.length };
  const words = wording(error, node, checked, certain);
  return words ? { ...words, ...at } : undefined;
}

type Words = { message: string; hint?: string } | undefined;

function wording(error: CelError & { summary?: string }, node: Node, { text, fields }: Checked, certain: boolean): Words {
  switch (error.code) {
    case 'no_such_overload':
      return operatorWords(node, text, certain);
    case 'no_matching_overload':
      return callWords(node, text, certain);
    case 'no_such_key':
      return fieldWords(node, text, fields);
    case 'cannot_index_type': {
      const inner = node.args as [Node, unknown];
      const type = inner[0].checkedType;
      if (!certain && !plain(type)) return undefined;
      return { message: `${source(inner[0], text)} is ${a(type)}: it has no fields or elements`, hint: fieldsHint(type) };
    }
    case 'invalid_index_type': {
      const [list, index] = node.args as [Node, Node];
      return { message: `${source(list, text)} is ${a(list.checkedType)}: its index must be a whole number, not ${a(index.checkedType)}` };
    }
    case 'invalid_logical_operand':
      return logicalWords(node, text);
    case 'incompatible_ternary_branches': {
      // evaluation checks the branches only when their types are written out, as here
      if (!certain) return undefined;
      const [, yes, no] = node.args as [Node, Node, Node];
      return { message: `the two choices of "? :" give ${a(yes.checkedType)} and ${a(no.checkedType)}`, hint: 'give both the same type, e.g. string(...) around a number' };
    }
    case 'invalid_comprehension_range': {
      if (!certain && !plain(node.checkedType)) return undefined;
      return { message: `${source(node, text)} is ${a(node.checkedType)}, not a list or map to go through`, hint: 'map(), filter(), exists() and all() go through a list or a map' };
    }
    case 'optional_expected': {
      const field = node.op === '.' ? (node.args as [Node, string])[1] : undefined;
      return {
        message: `${source(node, text)} is ${a(node.checkedType)}, not an optional value: orValue() and hasValue() apply to optional values`,
        hint: field ? `read it with ".?" to get an optional value: ${source((node.args as [Node, string])[0], text)}.?${field}` : undefined,
      };
    }
    default:
      // ternaries with different types, `==` across types: evaluation lets them through
      return certain ? { message: firstLine(error.summary ?? error.code) } : undefined;
  }
}

const ARITHMETIC = new Set(['+', '-', '*', '/', '%', '<', '<=', '>', '>=']);

function operatorWords(node: Node, text: string, certain: boolean): Words {
  if (node.op === '!_' || node.op === '-_') {
    const operand = node.args as Node;
    if (!certain && !plain(operand.checkedType)) return undefined;
    const op = node.op === '!_' ? '!' : '-';
    return { message: `"${op}" does not apply to ${a(operand.checkedType)} (${source(operand, text)})`, hint: op === '!' ? '"!" turns true into false and back' : undefined };
  }
  const [left, right] = node.args as [Node, Node];
  if (!certain && !(ARITHMETIC.has(node.op) && plain(left.checkedType) && plain(right.checkedType))) return undefined;
  const types = [left.checkedType, right.checkedType].map(name);
  const textual = types.includes('string');
  const numeric = types.some((type) => type === 'int' || type === 'double');
  return {
    message: `"${node.op}" cannot combine ${a(left.checkedType)} and ${a(right.checkedType)}`,
    hint: textual && numeric ? 'CEL converts nothing by itself: write string(...) around the number to join it to text, or int(...) around the text to count with it' : 'CEL converts nothing by itself: convert one side with string(), int() or double()',
  };
}

/** Functions and methods CEL and tourflow define: name -> receiver types ('' for a plain function). */
const functions = new Map<string, Set<string>>();
for (const fn of untyped.getDefinitions().functions) {
  // `optional.none()` and the like: namespaces, not methods of values
  if (fn.receiverType?.endsWith('Namespace')) continue;
  const receivers = functions.get(fn.name) ?? new Set<string>();
  receivers.add(fn.receiverType ?? '');
  functions.set(fn.name, receivers);
}
const MACROS = ['has', 'all', 'exists', 'exists_one', 'map', 'filter'];
/** Names other languages use for CEL's functions. */
const ALIASES: Record<string, string> = { length: 'size', len: 'size', count: 'size', includes: 'contains', toLowerCase: 'lowerAscii', toUpperCase: 'upperAscii', lower: 'lowerAscii', upper: 'upperAscii', str: 'string', toString: 'string', parseInt: 'int' };

function callWords(node: Node, text: string, certain: boolean): Words {
  const method = node.op === 'rcall';
  const [name, first, rest] = node.args as [string, Node | Node[], Node[] | undefined];
  const receiver = method ? (first as Node) : undefined;
  const args = method ? (rest ?? []) : (first as Node[]);
  if (!certain && ![receiver, ...args].every((part) => !part || plain(part.checkedType) || part.checkedType?.kind === 'dyn')) return undefined;
  const receivers = functions.get(name);
  const kind = method ? 'method' : 'function';
  if (!receivers || ![...receivers].some((type) => (type !== '') === method)) {
    const names = [...functions.keys()].filter((known) => [...(functions.get(known) ?? [])].some((type) => (type !== '') === method));
    const near = closest(name, [...names, ...MACROS, ...Object.keys(ALIASES)]);
    const meant = near !== undefined ? (ALIASES[near] ?? near) : undefined;
    return { message: `unknown ${kind} "${name}"`, hint: meant ? `did you mean "${meant}"?` : 'see "Useful CEL" in docs/playbooks.md for the functions there are' };
  }
  const shown = args.map((arg) => name_(arg.checkedType)).join(', ');
  if (receiver && receiver.checkedType?.kind !== 'dyn' && !receiverFits(receivers, receiver.checkedType)) {
    const on = [...receivers].filter(Boolean).map((type) => type.replace(/<.*>$/, ''));
    return { message: `${source(receiver, text)} is ${a(receiver.checkedType)}: it has no method ${name}()`, hint: `${name}() applies to ${[...new Set(on)].join(', ')}` };
  }
  return { message: `${name}() does not take (${shown})`, hint: `see how ${name}() is called in "Useful CEL" in docs/playbooks.md` };
}

function receiverFits(receivers: Set<string>, type: CelType | undefined): boolean {
  if (receivers.has(name(type))) return true;
  const kind = type?.kind === 'list' ? 'list' : type?.kind === 'map' || type?.kind === 'message' ? 'map' : name(type);
  return [...receivers].some((receiver) => receiver.replace(/<.*>$/, '') === kind);
}

function fieldWords(node: Node, text: string, fieldNames: Checked['fields']): Words {
  const [object, key] = node.args as [Node, string | Node];
  const field = typeof key === 'string' ? key : String((key as Node).args);
  const type = object.checkedType;
  if (!type?.name.startsWith(TYPE_PREFIX)) return undefined;
  const fields = fieldNames.get(type.name) ?? [];
  const near = closest(field, fields);
  return { message: `${source(object, text)} has no field "${field}"`, hint: near ? `did you mean "${near}"?` : fields.length ? `its fields: ${fields.join(', ')}` : undefined };
}

function logicalWords(node: Node, text: string): Words {
  const operands = node.args as [Node, Node];
  const wrong = operands.find((operand) => operand.checkedType && operand.checkedType.kind !== 'dyn' && operand.checkedType.name !== 'bool') ?? operands[0];
  return {
    message: `"${node.op}" needs true or false on both sides, but ${source(wrong, text)} is ${a(wrong.checkedType)}`,
    hint: truthHint(wrong, source(wrong, text)),
  };
}

/** How to make a boolean of a value: compare it. */
export function truthHint(node: { checkedType?: CelType } | undefined, text: string): string {
  const kind = node?.checkedType?.kind;
  if (kind === 'list' || kind === 'map' || kind === 'message') return `test it, e.g. size(${text}) > 0`;
  return name(node?.checkedType) === 'string' ? `compare it, e.g. ${text} != ""` : `compare it, e.g. ${text} > 0`;
}

/** A type a checked value has for sure: anything but `dyn`, a map type and an optional. */
function plain(type: CelType | undefined): boolean {
  if (!type) return false;
  if (type.kind === 'list' || type.kind === 'map') return [type.keyType, type.valueType].every((inner) => !inner || inner.kind === 'dyn' || plain(inner));
  return type.kind === 'primitive';
}

function name(type: CelType | undefined): string {
  return type ? type.name : 'dyn';
}

/** A type's name as a playbook author reads it: the map types made here are maps. */
function name_(type: CelType | undefined): string {
  return name(type).replace(/tourflow\.[\w.]+/g, 'map');
}

/** "a string", "an int", "a list<string>", "a map". */
export function a(type: CelType | string | undefined): string {
  const shown = typeof type === 'string' ? type.replace(/tourflow\.[\w.]+/g, 'map') : name_(type);
  return `${/^[aeiou]/.test(shown) ? 'an' : 'a'} ${shown}`;
}

function fieldsHint(type: CelType | undefined): string | undefined {
  return name(type) === 'string' ? 'text has methods (size(), startsWith(), ...) but no fields' : undefined;
}

function source(node: Node, text: string): string {
  return text.slice(node.range.start, node.range.end).trim();
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
