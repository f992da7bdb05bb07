/**
 * Values of the commonest expressions found without running CEL: a plain path
 * (`guest.lastName`) and a join of paths and string literals (`guest.date + " " + guest.id`).
 * They are a second evaluator, so `test/definitions/fast-paths.test.ts` holds them to CEL's
 * results on the same expressions. Workflow-safe (bundled with `expressions.ts`).
 */
import { CEL_RESERVED_WORDS } from './cel-environment.ts';
import { TextCache } from './text-cache.ts';
import type { JsonValue } from './plan-types.ts';

/** `name.name…`: an expression that only reads a field, with neither calls, indexes nor operators. */
const PLAIN_PATH = /^\s*[A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*\s*$/;
const plainPaths = new TextCache<string[] | null>();

/** Names CEL itself binds (its type names): `map` is CEL's type even where the scope has a `map`. */
const CEL_NAMES = new Set([
  'bool',
  'bytes',
  'double',
  'google',
  'int',
  'list',
  'map',
  'null_type',
  'optional',
  'string',
  'type',
  'uint',
]);

/** Words CEL's parser reads as tokens even after a dot (`item.in` is a syntax error). */
const TOKEN_WORDS = new Set(['false', 'in', 'null', 'true']);

/**
 * The fields a plain path reads, or null where CEL reads the text otherwise: a root that is a
 * reserved word or a name CEL binds, a field that is a token.
 */
function pathOf(text: string): string[] | null {
  if (!PLAIN_PATH.test(text)) return null;
  const [root, ...fields] = text.split('.').map((part) => part.trim());
  if (
    root === undefined ||
    CEL_NAMES.has(root) ||
    CEL_RESERVED_WORDS.has(root) ||
    fields.some((name) => TOKEN_WORDS.has(name))
  )
    return null;
  return [root, ...fields];
}

/**
 * The value of a plain path (`guest.lastName`, `inputs.guests`) when every field on the way is
 * there: what CEL gives (scope values are JSON, and CEL gives JSON back as it was), without
 * running it or copying a list of thousands of guests into CEL's form and back. Most of a
 * `forEach`'s arguments are such paths, evaluated once per element. Anything else (a missing
 * field, whose error CEL words; an operator; a call) is left to CEL. The value is the scope's
 * own: scope values are never changed once set.
 */
function valueAt(text: string, scope: object): JsonValue | undefined {
  let path = plainPaths.get(text);
  if (path === undefined) plainPaths.set(text, (path = pathOf(text)));
  if (path === null) return undefined;
  let value: unknown = scope;
  for (const name of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, name))
      return undefined;
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
function joined(text: string, scope: object): string | undefined {
  let operands = joins.get(text);
  if (operands === undefined) {
    operands = JOINED.test(text)
      ? (text.match(OPERANDS) ?? []).map((token) =>
          token.startsWith('"') || token.startsWith("'") ? { text: token.slice(1, -1) } : { path: token },
        )
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

/**
 * What a plain path or a join of strings gives in `scope`, found without CEL; undefined when
 * CEL must say.
 */
export function quickValue(text: string, scope: object): JsonValue | undefined {
  return valueAt(text, scope) ?? joined(text, scope);
}
