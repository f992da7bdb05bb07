import { Environment } from '@marcbachmann/cel-js';
import { describe, expect, it } from 'vitest';
import { quickValue } from '../../definitions/expression-fast-paths.ts';
import type { JsonValue } from '../../definitions/plan-types.ts';

/**
 * The fast paths (plain paths and joins of strings, found without CEL) are a second evaluator:
 * each expression of the table is evaluated by them and by CEL itself, on the same scope.
 * Where the fast path gives a value it must be CEL's; where CEL refuses (a missing field, a
 * reserved word, a number joined to a string) the fast path must give none, so that CEL words
 * the error.
 */
const cel = new Environment({
  unlistedVariablesAreDyn: true,
  homogeneousAggregateLiterals: false,
  enableOptionalTypes: true,
});

/** A JSON value in CEL's form: integral numbers are CEL `int`s. */
function toCel(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(toCel);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toCel(inner)]));
  return value;
}

/** CEL's result as JSON, or its error message. */
function celResult(text: string, scope: Record<string, JsonValue>): { value: unknown } | { error: string } {
  try {
    const value = cel.evaluate(text, toCel(scope) as Record<string, unknown>);
    return {
      value: JSON.parse(
        JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? Number(inner) : inner)),
      ),
    };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const guest = {
  first: 'Ada',
  last: 'Lovelace',
  date: '2027-03-27',
  count: 3,
  ratio: 1.5,
  big: -42,
  flag: true,
  none: null,
  tags: ['vip', 'press'],
  room: { number: '101', floor: 1 },
  empty: '',
  ünicode: 'x',
  as: 'a reserved word',
  in: 'a keyword',
  true: 'a literal',
  map: 'a type name',
};
const scope: Record<string, JsonValue> = {
  inputs: { name: 'Spring Tour', days: 40, guests: [guest] },
  steps: { tour: { outputs: { id: 't-1', days: [{ id: 1 }, { id: 2 }] } } },
  item: guest,
  index: 7,
  run: { workflowId: 'wf', playbook: 'demo', now: '2027-03-26T10:00:00.000Z' },
  map: 'an element bound by `as: map`',
  int: 'an element bound by `as: int`',
  as: 'an element bound by `as: as`',
  true: 'an element bound by `as: true`',
};

/** [expression, whether the fast path answers it]. */
const table: [string, boolean][] = [
  // plain paths
  ['inputs.name', true],
  ['inputs.days', true],
  ['index', true],
  ['item', true],
  ['item.first', true],
  ['  item . last  ', true],
  ['item\n.date', true],
  ['item.count', true],
  ['item.ratio', true],
  ['item.big', true],
  ['item.flag', true],
  ['item.none', false],
  ['item.tags', true],
  ['item.room', true],
  ['item.room.floor', true],
  ['item.empty', true],
  ['inputs.guests', true],
  ['steps.tour.outputs.id', true],
  ['steps.tour.outputs.days', true],
  ['run.now', true],
  ['item.map', true],
  // left to CEL
  ['item.missing', false],
  ['item.first.length', false],
  ['item.tags.size', false],
  ['item.constructor', false],
  ['item.hasOwnProperty', false],
  ['nothing', false],
  ['item.tags[0]', false],
  ['item.as', true],
  ['item.in', false],
  ['item.true', false],
  ['true', false],
  ['map', false],
  ['int', false],
  ['as', false],
  ['item.count + 1', false],
  ['size(item.tags)', false],
  ['item.?first', false],
  // joins of strings
  ['item.first + " " + item.last', true],
  ["item.date + '/' + item.first", true],
  ['"" + item.first', true],
  ['"a+b" + item.first', true],
  ['"it\'s " + item.first', true],
  ['\'say "hi" \' + item.first', true],
  ['item.first + item.empty + item.last', true],
  ['"x" + "y"', true],
  ['item.room.number + "-" + inputs.name', true],
  ['"x" + item.count', false],
  ['item.first + item.missing', false],
  ['item.first + item.none', false],
  ['item.first + item.tags', false],
  ['"a\\"b" + item.first', false],
  ['r"raw" + item.first', false],
  ['"""triple""" + item.first', false],
  ['item.first + item.in', false],
  ['item.first - item.last', false],
  ['item.first + " " // a comment', false],
];

describe('the fast paths of the expression evaluator agree with CEL', () => {
  it.each(table)('%j', (text, answers) => {
    const fast = quickValue(text, scope);
    const own = celResult(text, scope);
    if (fast === undefined) {
      expect(answers, `the fast path leaves ${text} to CEL, which gives ${JSON.stringify(own)}`).toBe(false);
      return;
    }
    expect(answers, `the fast path answers ${text}`).toBe(true);
    expect(own).toEqual({ value: fast });
  });
});
