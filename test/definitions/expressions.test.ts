import { describe, expect, it } from 'vitest';
import {
  evaluateCondition,
  evaluateExpression,
  evaluateTemplate,
  ExpressionError,
  referencesOf,
  scanTemplates,
} from '../../definitions/expressions.ts';
import type { JsonValue } from '../../definitions/plan-types.ts';

const scope = {
  inputs: { name: 'Spring Tour', count: 2, ratio: 1.5, days: ['2027-03-27', '2027-03-28'] },
  steps: {
    tour: {
      outputs: {
        id: 'abc',
        days: [
          { id: 1, date: '2027-03-27' },
          { id: 2, date: '2027-03-28' },
        ],
      },
    },
  },
  run: { workflowId: 'wf-1', playbook: 'demo', now: '2027-03-26T10:00:00.000Z' },
};

describe('evaluateTemplate', () => {
  it.each([
    ['a whole template keeps the value type', '${{ inputs.count }}', 2],
    ['text around templates makes a string', 'Tour ${{ inputs.name }} (${{ inputs.count }})', 'Tour Spring Tour (2)'],
    ['lists and maps come back as JSON', '${{ steps.tour.outputs.days.map(d, d.id) }}', [1, 2]],
    ['int and double mix', '${{ inputs.count * inputs.ratio }}', 3],
    ['integer division stays whole', '${{ 7 / 2 }}', 3],
    ['a map literal with braces inside', '${{ {"a": {"b": inputs.count}} }}', { a: { b: 2 } }],
    ['run.now is what the workflow supplies', '${{ run.now }}', '2027-03-26T10:00:00.000Z'],
    ['strings without templates stay', 'plain', 'plain'],
  ])('%s', (_name, template, expected) => {
    expect(evaluateTemplate(template, scope)).toEqual(expected);
  });

  it('evaluates inside nested arguments', () => {
    const args = { tourId: '${{ steps.tour.outputs.id }}', days: [{ date: '${{ inputs.days[1] }}', city: 'Berlin' }] };
    expect(evaluateTemplate(args, scope)).toEqual({ tourId: 'abc', days: [{ date: '2027-03-28', city: 'Berlin' }] });
  });

  it('leaves out a field whose optional has no value', () => {
    expect(evaluateTemplate({ org: '${{ inputs.?org }}', name: 'x' }, scope)).toEqual({ name: 'x' });
    expect(evaluateTemplate({ name: '${{ inputs.?name }}' }, scope)).toEqual({ name: 'Spring Tour' });
  });

  it('binds the forEach element under its name', () => {
    expect(evaluateTemplate('${{ day.date }}#${{ index }}', { ...scope, day: { date: '2027-03-29' }, index: 3 })).toBe(
      '2027-03-29#3',
    );
  });

  it('reports a missing key as an expression error', () => {
    expect(() => evaluateTemplate('${{ inputs.nope }}', scope)).toThrow(ExpressionError);
    expect(() => evaluateTemplate('${{ inputs.nope }}', scope)).toThrow('No such key: nope');
  });
});

describe('evaluateCondition', () => {
  it('accepts bare and wrapped expressions', () => {
    expect(evaluateCondition('inputs.count > 1', scope)).toBe(true);
    expect(evaluateCondition('${{ size(inputs.days) == 3 }}', scope)).toBe(false);
  });

  it('refuses anything but a boolean', () => {
    expect(() => evaluateCondition('inputs.count', scope)).toThrow('condition must be true or false, got number 2');
  });
});

describe('referencesOf', () => {
  it('finds steps, outputs, inputs and roots, not macro variables', () => {
    const refs = referencesOf(
      'steps.tour.outputs.days.filter(d, d.id > inputs.count).size() > 0 && item.x == steps["b"].outputs["y"]',
    );
    expect(refs.steps).toEqual([
      { id: 'tour', output: 'days' },
      { id: 'b', output: 'y' },
    ]);
    expect(refs.inputs).toEqual(['count']);
    expect(refs.refs.map((ref) => ref.root)).toEqual(['steps', 'inputs', 'item', 'steps']);
  });

  it('gives the position of a syntax error', () => {
    try {
      referencesOf('inputs.a +');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ExpressionError);
      expect((error as ExpressionError).start).toBe(10);
    }
  });
});

describe('scanTemplates', () => {
  it('does not end a template at braces inside strings or maps', () => {
    const text = 'a ${{ "}}" + {"k": "v"}["k"] }} b ${{ 1 }}';
    expect(scanTemplates(text).map((part) => part.expression)).toEqual(['"}}" + {"k": "v"}["k"]', '1']);
  });

  it('refuses an unterminated template', () => {
    expect(() => scanTemplates('x ${{ inputs.a')).toThrow('unterminated');
  });
});

describe('evaluateExpression', () => {
  it('is deterministic: no clock or randomness is reachable', () => {
    expect(() => evaluateExpression('now()', {})).toThrow();
  });
});

describe('plain paths', () => {
  const wide = {
    guest: {
      date: '2027-03-27',
      guests: 3,
      ratio: 0.5,
      vip: true,
      note: null,
      tags: ['a'],
      nested: { deep: { name: 'Ada' } },
    },
    index: 4,
    steps: scope.steps,
  };
  // Parentheses keep an expression off the plain-path reading, so CEL evaluates it.
  it.each([
    'guest.date',
    'guest.guests',
    'guest.ratio',
    'guest.vip',
    'guest.note',
    'guest.tags',
    'guest.nested.deep.name',
    ' guest . nested.deep ',
    'index',
    'steps.tour.outputs.id',
  ])('%s gives what CEL gives', (path) => {
    expect(evaluateTemplate(`\${{ ${path} }}`, wide)).toEqual(evaluateTemplate(`\${{ (${path}) }}`, wide));
    expect(evaluateExpression(path, wide)).toEqual(evaluateExpression(`(${path})`, wide));
    expect(evaluateTemplate(`on \${{ ${path} }}`, wide)).toEqual(evaluateTemplate(`on \${{ (${path}) }}`, wide));
  });

  it('gives lists and maps as they are in the scope, without a copy', () => {
    expect(evaluateTemplate('${{ guest.tags }}', wide)).toBe(wide.guest.tags);
    expect(evaluateTemplate('${{ guest.nested }}', wide)).toBe(wide.guest.nested);
  });

  it.each(['guest.missing', 'guest.date.year', 'nobody.name', 'guest.tags.first'])('%s fails as CEL says', (path) => {
    const viaCel = (() => {
      try {
        return evaluateTemplate(`\${{ (${path}) }}`, wide);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(() => evaluateTemplate(`\${{ ${path} }}`, wide)).toThrow(String(viaCel).replace(/\(|\)/g, ''));
  });
});

describe('joins of strings', () => {
  const wide = {
    guest: { date: '2027-03-27', lastName: 'Lindholm', guests: 3, note: null, nested: { name: 'Ada' } },
    index: 4,
  };
  /** The value, or the error's words (parentheses dropped: CEL quotes the expression). */
  const outcome = (evaluate: () => unknown): unknown => {
    try {
      return evaluate();
    } catch (error) {
      return `error: ${(error as Error).message.replace(/\(|\)/g, '')}`;
    }
  };
  /** The first operand in parentheses keeps the join off the quick reading: CEL evaluates it. */
  const celOnly = (expression: string) => expression.replace(/^([^+]+?)(\s*\+)/, '($1)$2');

  it.each([
    'guest.date + " " + guest.lastName',
    "guest.date+'/'+guest.nested.name",
    '"a" + "b"',
    'guest.lastName + " + " + guest.date',
    'guest.lastName + ""',
    'guest.date + "a\\nb"',
    'guest.guests + " guests"',
    'guest.note + "x"',
    'guest.missing + "x"',
    'guest.nested + "x"',
  ])('%s gives what CEL gives', (expression) => {
    expect(outcome(() => evaluateExpression(expression, wide))).toEqual(
      outcome(() => evaluateExpression(celOnly(expression), wide)),
    );
    expect(outcome(() => evaluateTemplate(`\${{ ${expression} }}`, wide))).toEqual(
      outcome(() => evaluateTemplate(`\${{ ${celOnly(expression)} }}`, wide)),
    );
  });

  it('joins a key', () => {
    expect(evaluateTemplate('${{ guest.date + " " + guest.lastName }}', wide)).toBe('2027-03-27 Lindholm');
    expect(evaluateTemplate('on ${{ guest.date + "/" + guest.nested.name }}', wide)).toBe('on 2027-03-27/Ada');
  });
});

describe('conversion of only what an expression reads', () => {
  const wide = {
    inputs: {
      name: 'Spring Tour',
      days: [{ date: '2027-03-27' }, { date: '2027-03-28' }],
      nested: { a: { b: 1 }, c: 2 },
      guests: [{ lastName: 'Lindholm', guests: 2 }],
    },
  };
  const outcome = (expression: string): unknown => {
    try {
      return evaluateExpression(expression, wide);
    } catch (error) {
      return `error: ${(error as Error).message}`;
    }
  };
  // `size(inputs)` reads the whole of `inputs`, so CEL sees it all: the reference reading.
  it.each([
    'inputs.name + "!"',
    'has(inputs.org)',
    'has(inputs.name)',
    'inputs.?org.orValue("none")',
    'inputs.nested.a.b + inputs.nested.c',
    'inputs.nested.a.b + size(inputs.nested)',
    'size(inputs.days) + inputs.nested.a.b',
    'inputs.days[size(inputs.days) - 1].date',
    'inputs.guests.map(g, g.guests)',
    'inputs.missing',
    'inputs.nested.missing',
  ])('%s gives what it gives on the whole value', (expression) => {
    const whole = outcome(`size(inputs) >= 0 ? (${expression}) : (${expression})`);
    expect(whole).not.toBeUndefined();
    expect(outcome(expression)).toEqual(whole);
  });

  it('reads only the fields an expression names', () => {
    const read = new Set<string>();
    const inputs = new Proxy(wide.inputs, {
      get: (target, key, receiver) => {
        read.add(String(key));
        return Reflect.get(target, key, receiver) as unknown;
      },
      getOwnPropertyDescriptor: (target, key) => {
        read.add(String(key));
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
    });
    expect(evaluateExpression('inputs.name + " " + inputs.days[0].date', { inputs })).toBe('Spring Tour 2027-03-27');
    expect(read).not.toContain('guests');
    expect(evaluateExpression('size(inputs)', { inputs })).toBe(4);
    expect(read).toContain('guests');
  });
});

describe('lists and maps from the scope', () => {
  const entries: JsonValue[] = [
    { id: 1, guests: 2.5, at: null },
    { id: 2, guests: 3, tags: ['a'] },
  ];
  const scope = { steps: { select: { outputs: { count: 2 } }, decide: { outputs: { entries } } } };

  it('come back as they are when an expression gives one unchanged', () => {
    const given = evaluateExpression('steps.select.outputs.count > 0 ? steps.decide.outputs.entries : []', scope);
    expect(given).toBe(entries);
  });

  it('built by CEL are converted as before', () => {
    expect(evaluateExpression('steps.decide.outputs.entries.map(e, e.id)', scope)).toEqual([1, 2]);
    expect(evaluateExpression('steps.decide.outputs.entries + [{"id": 3}]', scope)).toEqual([...entries, { id: 3 }]);
    expect(evaluateExpression('steps.decide.outputs.entries[1]', scope)).toEqual({ id: 2, guests: 3, tags: ['a'] });
  });
});
