/**
 * A type mistake in words: CEL's checker errors as messages and hints a playbook's author reads
 * (`type-check.ts` decides which mistakes count), and how types are named in them ("a string",
 * "a map").
 */
import type { ASTNode, TypeCheckResult } from '@marcbachmann/cel-js';
import { checkingEnvironment } from './cel-environment.ts';
import { closest } from './suggest.ts';
import type { TypeProblem } from './type-check.ts';

/** Prefix of the map types `cel-types.ts` makes, so that messages can call them maps. */
export const TYPE_PREFIX = 'tourflow.';

/** What wording a mistake needs: the expression, its checker verdict, the map types' fields. */
export interface Checked {
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

/** The mistake in words, or undefined when evaluation would not fail on it. */
export function describe(checked: Checked, certain: boolean): TypeProblem | undefined {
  const error = checked.result.error as (Error & CelError) | undefined;
  const node = error?.node as Node | undefined;
  if (!error || !node) return undefined;
  const at = { start: error.range?.start ?? 0, end: error.range?.end ?? checked.text.length };
  const words = wording(error, node, checked, certain);
  return words ? { ...words, ...at } : undefined;
}

type Words = { message: string; hint?: string } | undefined;

function wording(
  error: CelError & { summary?: string },
  node: Node,
  { text, fields }: Checked,
  certain: boolean,
): Words {
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
      return {
        message: `${source(inner[0], text)} is ${a(type)}: it has no fields or elements`,
        hint: fieldsHint(type),
      };
    }
    case 'invalid_index_type': {
      const [list, index] = node.args as [Node, Node];
      return {
        message: `${source(list, text)} is ${a(list.checkedType)}: its index must be a whole number, not ${a(index.checkedType)}`,
      };
    }
    case 'invalid_logical_operand':
      return logicalWords(node, text);
    case 'incompatible_ternary_branches': {
      // evaluation checks the branches only when their types are written out, as here
      if (!certain) return undefined;
      const [, yes, no] = node.args as [Node, Node, Node];
      return {
        message: `the two choices of "? :" give ${a(yes.checkedType)} and ${a(no.checkedType)}`,
        hint: 'give both the same type, e.g. string(...) around a number',
      };
    }
    case 'invalid_comprehension_range': {
      if (!certain && !plain(node.checkedType)) return undefined;
      return {
        message: `${source(node, text)} is ${a(node.checkedType)}, not a list or map to go through`,
        hint: 'map(), filter(), exists() and all() go through a list or a map',
      };
    }
    case 'optional_expected': {
      const field = node.op === '.' ? (node.args as [Node, string])[1] : undefined;
      return {
        message: `${source(node, text)} is ${a(node.checkedType)}, not an optional value: orValue() and hasValue() apply to optional values`,
        hint: field
          ? `read it with ".?" to get an optional value: ${source((node.args as [Node, string])[0], text)}.?${field}`
          : undefined,
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
    return {
      message: `"${op}" does not apply to ${a(operand.checkedType)} (${source(operand, text)})`,
      hint: op === '!' ? '"!" turns true into false and back' : undefined,
    };
  }
  const [left, right] = node.args as [Node, Node];
  if (!certain && !(ARITHMETIC.has(node.op) && plain(left.checkedType) && plain(right.checkedType))) return undefined;
  const types = [left.checkedType, right.checkedType].map(name);
  const textual = types.includes('string');
  const numeric = types.some((type) => type === 'int' || type === 'double');
  return {
    message: `"${node.op}" cannot combine ${a(left.checkedType)} and ${a(right.checkedType)}`,
    hint:
      textual && numeric
        ? 'CEL converts nothing by itself: write string(...) around the number to join it to text, or int(...) around the text to count with it'
        : 'CEL converts nothing by itself: convert one side with string(), int() or double()',
  };
}

/** Functions and methods CEL and tourflow define: name -> receiver types ('' for a plain function). */
const functions = new Map<string, Set<string>>();
// an environment with every name `dyn`, as `type-check.ts` checks in first
for (const fn of checkingEnvironment().getDefinitions().functions) {
  // `optional.none()` and the like: namespaces, not methods of values
  if (fn.receiverType?.endsWith('Namespace')) continue;
  const receivers = functions.get(fn.name) ?? new Set<string>();
  receivers.add(fn.receiverType ?? '');
  functions.set(fn.name, receivers);
}
const MACROS = ['has', 'all', 'exists', 'exists_one', 'map', 'filter'];
/** Names other languages use for CEL's functions. */
const ALIASES: Record<string, string> = {
  length: 'size',
  len: 'size',
  count: 'size',
  includes: 'contains',
  toLowerCase: 'lowerAscii',
  toUpperCase: 'upperAscii',
  lower: 'lowerAscii',
  upper: 'upperAscii',
  str: 'string',
  toString: 'string',
  parseInt: 'int',
};

function callWords(node: Node, text: string, certain: boolean): Words {
  const method = node.op === 'rcall';
  const [name, first, rest] = node.args as [string, Node | Node[], Node[] | undefined];
  const receiver = method ? (first as Node) : undefined;
  const args = method ? (rest ?? []) : (first as Node[]);
  if (
    !certain &&
    ![receiver, ...args].every((part) => !part || plain(part.checkedType) || part.checkedType?.kind === 'dyn')
  )
    return undefined;
  const receivers = functions.get(name);
  const kind = method ? 'method' : 'function';
  if (!receivers || ![...receivers].some((type) => (type !== '') === method)) {
    const names = [...functions.keys()].filter((known) =>
      [...(functions.get(known) ?? [])].some((type) => (type !== '') === method),
    );
    const near = closest(name, [...names, ...MACROS, ...Object.keys(ALIASES)]);
    const meant = near !== undefined ? (ALIASES[near] ?? near) : undefined;
    return {
      message: `unknown ${kind} "${name}"`,
      hint: meant ? `did you mean "${meant}"?` : 'see "Useful CEL" in docs/playbooks.md for the functions there are',
    };
  }
  const shown = args.map((arg) => name_(arg.checkedType)).join(', ');
  if (receiver && receiver.checkedType?.kind !== 'dyn' && !receiverFits(receivers, receiver.checkedType)) {
    const on = [...receivers].filter(Boolean).map((type) => type.replace(/<.*>$/, ''));
    return {
      message: `${source(receiver, text)} is ${a(receiver.checkedType)}: it has no method ${name}()`,
      hint: `${name}() applies to ${[...new Set(on)].join(', ')}`,
    };
  }
  return {
    message: `${name}() does not take (${shown})`,
    hint: `see how ${name}() is called in "Useful CEL" in docs/playbooks.md`,
  };
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
  return {
    message: `${source(object, text)} has no field "${field}"`,
    hint: near ? `did you mean "${near}"?` : fields.length ? `its fields: ${fields.join(', ')}` : undefined,
  };
}

function logicalWords(node: Node, text: string): Words {
  const operands = node.args as [Node, Node];
  const wrong =
    operands.find(
      (operand) => operand.checkedType && operand.checkedType.kind !== 'dyn' && operand.checkedType.name !== 'bool',
    ) ?? operands[0];
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
  if (type.kind === 'list' || type.kind === 'map')
    return [type.keyType, type.valueType].every((inner) => !inner || inner.kind === 'dyn' || plain(inner));
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
