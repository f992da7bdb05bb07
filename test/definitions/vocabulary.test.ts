/** The argument vocabulary's own checks: which strings are calendar dates. */
import { describe, expect, it } from 'vitest';
import { isoDate } from '../../definitions/actions/vocabulary.ts';

const verdict = (text: string) => {
  const parsed = isoDate.safeParse(text);
  return parsed.success ? 'date' : parsed.error.issues[0]?.message;
};

describe('isoDate', () => {
  it('takes the days of the Gregorian calendar, leap days included', () => {
    for (const text of ['2027-01-31', '2027-04-30', '2028-02-29', '2000-02-29', '2027-12-31', '0024-02-29'])
      expect(verdict(text), text).toBe('date');
  });

  it('refuses days a month does not have, and says so', () => {
    for (const text of [
      '2027-02-29',
      '2100-02-29',
      '2027-04-31',
      '2027-13-01',
      '2027-00-10',
      '2027-01-00',
      '2027-01-32',
    ]) {
      expect(verdict(text), text).toBe('not a calendar date');
    }
  });

  it('leaves other shapes to the format check', () => {
    expect(verdict('2027-4-3')).toBe('expected a date like 2027-04-03');
  });
});
