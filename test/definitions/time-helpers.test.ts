/** Times of day and bulletin dates in expressions: minutes and hours added, minutes between, dates formatted. */
import { describe, expect, it } from 'vitest';
import { evaluateTemplate, ExpressionError, type ExpressionScope } from '../../definitions/expressions.ts';

const scope = {
  run: { workflowId: 'w', playbook: 'p', now: '2026-12-03T10:00:00Z' },
  inputs: { doors: '19:30' },
  steps: {},
} as unknown as ExpressionScope;
const value = (expression: string) => evaluateTemplate(`\${{ ${expression} }}`, scope);

describe('time-of-day helpers (the examples of docs/playbooks.md)', () => {
  it.each([
    ['addMinutes("19:30", 30)', '20:00'],
    ['addMinutes(inputs.doors, -45)', '18:45'],
    ['addMinutes("23:45", 30)', '00:15'],
    ['addMinutes("00:10", -20)', '23:50'],
    ['addHours("19:30", 2)', '21:30'],
    ['addHours("23:00", 2)', '01:00'],
    ['minutesBetween("19:30", "21:00")', 90],
    ['minutesBetween("21:00", "19:30")', 1350],
    ['minutesBetween("23:30", "01:00")', 90],
    ['minutesBetween("19:30", "19:30")', 0],
    ['addMinutes("23:30", minutesBetween("23:30", "01:00"))', '01:00'],
  ])('%s is %j', (expression, expected) => {
    expect(value(expression)).toEqual(expected);
  });
});

describe('formatDate', () => {
  it.each([
    ['formatDate("2026-12-03", "EEEE d MMMM")', 'Thursday 3 December'],
    ['formatDate("2026-12-03", "EEE d MMM yyyy")', 'Thu 3 Dec 2026'],
    ['formatDate("2026-12-03", "dd.MM.yyyy")', '03.12.2026'],
    ['formatDate("2026-03-08", "d/M/yy")', '8/3/26'],
    ['formatDate("2026-12-03", "EEEE \'the\' d\'th\'")', 'Thursday the 3th'],
    ['formatDate("2026-12-03", "EEEE, d. MMMM", "de")', 'Donnerstag, 3. Dezember'],
    ['formatDate("2026-12-03", "EEEE d MMMM", "fr")', 'jeudi 3 décembre'],
    ['formatDate(today(), "EEEE d MMMM")', 'Thursday 3 December'],
  ])('%s is %j', (expression, expected) => {
    expect(value(expression)).toBe(expected);
  });
});

describe('mistakes name the value and the form expected', () => {
  it.each([
    ['addMinutes("7:30", 30)', '"7:30" is not a time like 19:30 (HH:mm)'],
    ['addMinutes("24:00", 30)', '"24:00" is not a time like 19:30 (HH:mm)'],
    ['minutesBetween("19:30", "9pm")', '"9pm" is not a time like 19:30 (HH:mm)'],
    ['formatDate("2026-02-30", "d MMMM")', '"2026-02-30" is not a date like 2027-03-28'],
    [
      'formatDate("2026-12-03", "d MMMM at HH:mm")',
      'formatDate: "a" is not a date field (EEEE, EEE, d, dd, M, MM, MMM, MMMM, yy, yyyy); put text in single quotes: \'at\'',
    ],
    [
      'formatDate("2026-12-03", "d MMMM", "xx-nope-123456789")',
      'formatDate: "xx-nope-123456789" is not a locale like "en", "de" or "fr-CA"',
    ],
  ])('%s fails: %s', (expression, message) => {
    expect(() => value(expression)).toThrow(ExpressionError);
    expect(() => value(expression)).toThrow(message);
  });
});
