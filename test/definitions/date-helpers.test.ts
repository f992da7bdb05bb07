/** Dates in expressions: today and tomorrow in a zone from the run's start, days added, weekdays, ranges. */
import { describe, expect, it } from 'vitest';
import { evaluateTemplate, ExpressionError, type ExpressionScope } from '../../definitions/expressions.ts';

// 23:30 UTC on Saturday 27 March 2027: already Sunday the 28th in Berlin, still the 27th in New York
const scope = {
  run: { workflowId: 'w', playbook: 'p', now: '2027-03-27T23:30:00Z' },
  inputs: { zone: 'Europe/Berlin' },
  steps: {},
} as unknown as ExpressionScope;
const value = (expression: string) => evaluateTemplate(`\${{ ${expression} }}`, scope);

describe('date helpers', () => {
  it.each([
    ['today()', '2027-03-27'],
    ['today("Europe/Berlin")', '2027-03-28'],
    ['today(inputs.zone)', '2027-03-28'],
    ['tomorrow("America/New_York")', '2027-03-28'],
    ['tomorrow("Europe/Berlin")', '2027-03-29'],
    ['addDays("2027-03-01", -1)', '2027-02-28'],
    ['addDays("2028-02-28", 1)', '2028-02-29'],
    ['addDays(today("Europe/Berlin"), 7)', '2027-04-04'],
    ['weekday("2027-03-28")', 'Sunday'],
    ['weekday("1970-01-01")', 'Thursday'],
    ['dates("2027-03-30", "2027-04-01")', ['2027-03-30', '2027-03-31', '2027-04-01']],
    ['dates(today(), addDays(today(), 2)).filter(d, weekday(d) != "Sunday")', ['2027-03-27', '2027-03-29']],
  ])('%s is %j', (expression, expected) => {
    expect(value(expression)).toEqual(expected);
  });

  it('"today" is the run’s start, not the clock: the same run sees the same day', () => {
    const later = {
      ...scope,
      run: { workflowId: 'w', playbook: 'p', now: '2031-01-01T00:00:00Z' },
    } as unknown as ExpressionScope;
    expect(value('today()')).toBe('2027-03-27');
    expect(evaluateTemplate('${{ today() }}', later)).toBe('2031-01-01');
    expect(value('today()')).toBe('2027-03-27');
  });

  it('without a zone, today() and tomorrow() are in the run’s zone (its tour’s) when it has one, else in UTC', () => {
    const inBerlin = {
      ...scope,
      run: { workflowId: 'w', playbook: 'p', now: '2027-03-27T23:30:00Z', timeZone: 'Europe/Berlin' },
    } as unknown as ExpressionScope;
    expect(evaluateTemplate('${{ [today(), tomorrow(), today("America/New_York")] }}', inBerlin)).toEqual([
      '2027-03-28',
      '2027-03-29',
      '2027-03-27',
    ]);
    expect(value('[today(), tomorrow()]')).toEqual(['2027-03-27', '2027-03-28']);
  });

  it.each([
    ['today("Mars/Base")', '"Mars/Base" is not an IANA time zone like "Europe/Berlin"'],
    ['addDays("2027-02-30", 1)', '"2027-02-30" is not a date like 2027-03-28'],
    ['dates("2027-03-02", "2027-03-01")', 'dates: "2027-03-01" is before "2027-03-02"'],
    ['dates("2027-01-01", "2030-01-01")', 'dates: at most 550 days, not 1097'],
  ])('%s fails: %s', (expression, message) => {
    expect(() => value(expression)).toThrow(ExpressionError);
    expect(() => value(expression)).toThrow(message);
  });
});
