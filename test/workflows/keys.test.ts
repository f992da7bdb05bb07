import { describe, expect, it } from 'vitest';
import { MAX_IDEMPOTENCY_KEY_LENGTH, RunKeys, SUFFIX_ROOM, itemIdentity, itemKeys } from '../../workflows/keys.ts';
import type { JsonValue, PlanStep } from '../../definitions/plan-types.ts';
import { ElementKeys } from '../../workflows/element-keys.ts';
import { contentDigest } from '../../workflows/retry.ts';

/** The keys of a list's elements for step `guests` of a run, as the interpreter makes them. */
function keysOf(seed: string, values: JsonValue[], stepId = 'guests'): string[] {
  const found = itemKeys(values.map(itemIdentity));
  if (!('keys' in found)) throw new Error(`collision: ${JSON.stringify(found.collision)}`);
  const run = new RunKeys(seed);
  return found.keys.map((key) => run.of(stepId, key));
}

/** Keys as the API compares them. */
const compared = (keys: string[]) => new Set(keys.map((key) => key.toLowerCase()));

const deVries = { date: '2027-03-26', firstName: 'Anna', lastName: 'de Vries', email: 'anna.devries@example.com' };
const DeVries = { date: '2027-03-26', firstName: 'Bram', lastName: 'De Vries', email: 'bram.devries@example.com' };

describe('idempotency keys', () => {
  it('keeps the run and step readable and ends in a lowercase digest', () => {
    const [key] = keysOf('tour-setup--demo', [deVries]);
    expect(key).toMatch(/^tour-setup--demo\/guests\/[0-9a-f]{16}\/[0-9a-f]{32}$/);
    expect(new RunKeys('tour-setup--demo').of('create', null)).toMatch(/^tour-setup--demo\/create\/[0-9a-f]{16}$/);
  });

  it('is the same every time it is made (retries, replays, continuations)', () => {
    expect(keysOf('run-1', [deVries, DeVries])).toEqual(keysOf('run-1', [deVries, DeVries]));
  });

  it('gives elements whose keys differ only in case keys the API tells apart', () => {
    // the old default of the shipped guest step: date and last name
    const keys = keysOf('run-1', ['2027-03-26 de Vries', '2027-03-26 De Vries']);
    expect(compared(keys).size).toBe(2);
  });

  it('gives runs and steps whose names differ only in case keys the API tells apart', () => {
    const keys = [
      new RunKeys('setup--Demo').of('guests', null),
      new RunKeys('setup--demo').of('guests', null),
      new RunKeys('setup--demo').of('Guests', null),
    ];
    expect(compared(keys).size).toBe(3);
    const [item] = keysOf('x', ['Ada']);
    expect(
      compared([new RunKeys('setup--Demo').of('guests', item!), new RunKeys('setup--demo').of('guests', item!)]).size,
    ).toBe(2);
  });

  it('carries no element data: no name, e-mail or date of the element', () => {
    for (const key of keysOf('run-1', [deVries, DeVries, 'Lindholm', { email: 'ada@example.com' }])) {
      expect(key.toLowerCase()).not.toMatch(/vries|anna|bram|lindholm|example|ada@|2027/);
    }
  });

  it('fits the API limit with room for the ":n" suffix, however long the run key', () => {
    const seed = `${'a-very-long-run-key-'.repeat(20)}#12`;
    for (const key of [
      ...keysOf(seed, [deVries], 'x'.repeat(64)),
      new RunKeys(seed).of('create', null),
      new RunKeys(seed).of('undo', '1234.56'),
    ]) {
      expect(key.length).toBeLessThanOrEqual(MAX_IDEMPOTENCY_KEY_LENGTH - SUFFIX_ROOM);
      expect(`${key}:1234567`.length).toBeLessThanOrEqual(MAX_IDEMPOTENCY_KEY_LENGTH);
    }
    // cut to the same head, still apart
    expect(
      compared([new RunKeys(`${seed}-1`).of('create', null), new RunKeys(`${seed}-2`).of('create', null)]).size,
    ).toBe(2);
  });

  it('keys a whole element by its content, whatever the order of its fields', () => {
    expect(itemIdentity({ b: 1, a: [{ y: 2, x: 'é' }] })).toBe(itemIdentity({ a: [{ x: 'é', y: 2 }], b: 1 }));
    expect(keysOf('r', [{ b: 1, a: 2 }])).toEqual(keysOf('r', [{ a: 2, b: 1 }]));
    expect(itemIdentity('de Vries')).toBe('de Vries');
    expect(itemIdentity(3)).toBe('3');
  });
});

describe('item key collisions', () => {
  it('finds two elements that would share a key, by position', () => {
    expect(
      itemKeys(['2027-03-26 Lindholm', '2027-03-26 de Vries', '2027-03-27 Okafor', '2027-03-26 de Vries']),
    ).toEqual({ collision: { first: 1, second: 3 } });
    expect(itemKeys([deVries, DeVries, { ...DeVries }].map(itemIdentity))).toEqual({
      collision: { first: 1, second: 2 },
    });
  });

  it('lets keys that differ only in case through: their digests differ', () => {
    const found = itemKeys(['2027-03-26 de Vries', '2027-03-26 De Vries', 'ANNA@EXAMPLE.COM', 'anna@example.com']);
    expect('keys' in found && compared(found.keys).size).toBe(4);
  });

  it('tells two guests with the same last name on one day apart when keyed by the whole element', () => {
    const found = itemKeys([deVries, { ...deVries, firstName: 'Carla', email: 'carla@example.com' }].map(itemIdentity));
    expect('keys' in found && found.keys).toHaveLength(2);
  });
});

describe('keys made as batches are scheduled (ElementKeys)', () => {
  const guest = { date: '2027-03-26', firstName: 'Anna', lastName: 'de Vries', guests: 2, pickup: false };
  const stepKeyed = (key: string): PlanStep =>
    ({ id: 'guests', forEach: { items: '${{ inputs.guests }}', as: 'guest', key, concurrency: 30 } }) as PlanStep;
  const keysFor = (key: string, items: JsonValue[]) =>
    new ElementKeys(
      stepKeyed(key),
      items,
      (index) => ({ guest: items[index]!, index }),
      (index) => `element ${index + 1}`,
    );

  it('gives an element the key and content digest it had before, whatever the order it is keyed in', () => {
    // Values of the keys of runs recorded before keys were made per batch: a retry of such a run still matches.
    const keys = keysFor('${{ guest }}', ['2027-03-26 Lindholm', guest]);
    expect(keys.of(1)).toBe('5f23c89468a52000296056d6ba466033');
    expect(keys.digest(1)).toBe('5f23c89468a52000');
    expect(keys.digest(1)).toBe(contentDigest(guest));
    expect(new RunKeys('tour-setup--spring').of('guests', keys.of(1))).toBe(
      'tour-setup--spring/guests/00b8994b6117037f/5f23c89468a52000296056d6ba466033',
    );
    expect(keys.everyKey()).toEqual(keysOf('r', ['2027-03-26 Lindholm', guest]).map((key) => key.split('/').pop()));
    const byField = keysFor('${{ guest.date + " " + guest.lastName }}', [guest]);
    expect(byField.of(0)).toBe('07205a64cd13188ffdbf58d226822de2');
    expect(byField.digest(0)).toBe('5f23c89468a52000');
  });

  it('records each content digest as its element is keyed, not before', () => {
    const digests: Record<string, string> = {};
    const keys = keysFor('${{ guest }}', [guest, { ...guest, firstName: 'Carla' }]);
    keys.recordDigests(digests);
    expect(digests).toEqual({});
    expect(digests[keys.of(0)]).toBe('5f23c89468a52000');
    expect(Object.keys(digests)).toHaveLength(1);
  });

  it('fails on two elements with one key before any is keyed, naming them by position', () => {
    expect(() => keysFor('${{ guest.date }}', [guest, { ...guest, firstName: 'Carla' }])).toThrow(
      'element 1 and element 2 have the same value',
    );
  });
});
