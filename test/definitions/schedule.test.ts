/**
 * A playbook's `schedule:` checked when it is compiled: cron strings as Temporal's schedules
 * read them, time zones as Temporal looks them up.
 */
import { describe, expect, it } from 'vitest';
import { cronProblem } from '../../definitions/cron.ts';
import { errorsOf, playbook } from './helpers.ts';

const accepted = [
  '0 6 * * *',
  '*/15 8-18 * * mon-fri',
  '30 2 1,15 * *',
  '0 9 * jan-mar sun',
  '0 6 * * 7',
  '0 0 6 * * * 2027',
  '0 6 * * * 2027-2030',
  '5/10 * * * *',
  '@daily',
  '@every 90m',
  '@every 1d/6h',
  '0 6 * * *  # mornings',
];

const refused = [
  '0 6 * *',
  '0 24 * * *',
  '60 6 * * *',
  '0 6 0 * *',
  '0 6 * 13 *',
  '0 6 * * 8',
  '0 6 5-3 * *',
  '*/0 6 * * *',
  '0 6 L * *',
  '0 6 ? * MON',
  '0 6 * * mo-fx',
  '1-2-3 6 * * *',
  '@dayly',
  '@every 500ms',
  '@every 1h/2h',
  'CRON_TZ=Europe/Berlin 0 6 * * *',
];

describe('cron strings', () => {
  it.each(accepted)('Temporal accepts %s', (cron) => {
    expect(cronProblem(cron)).toBeUndefined();
  });

  it('are refused with what is wrong, where, and how to write it', () => {
    const lines = refused.map((cron) => {
      const problem = cronProblem(cron);
      const mark = problem ? `${' '.repeat(problem.start)}${'^'.repeat(problem.length)}` : '';
      return `${cron}\n${mark}\n  ${problem?.message}${problem?.hint ? ` (${problem.hint})` : ''}`;
    });
    expect(lines.join('\n')).toMatchInlineSnapshot(`
      "0 6 * *
      ^^^^^^^
        a cron string has 5 to 7 fields, this one has 4 (five fields: minute hour day-of-month month day-of-week, e.g. "0 6 * * *" (at 06:00 every day); a year may follow, seconds may lead)
      0 24 * * *
        ^^
        hour 24 is out of range (the hour goes from 0 to 23)
      60 6 * * *
      ^^
        minute 60 is out of range (the minute goes from 0 to 59)
      0 6 0 * *
          ^
        day of month 0 is out of range (the day of month goes from 1 to 31)
      0 6 * 13 *
            ^^
        month 13 is out of range (the month goes from 1 to 12)
      0 6 * * 8
              ^
        day of week 8 is out of range (the day of week goes from 0 to 7)
      0 6 5-3 * *
            ^
        day of month 3 is out of range (the day of month goes from 5 (the start of the range) to 31)
      */0 6 * * *
       ^^
        the step "/0" in the minute field must be a whole number of at least 1
      0 6 L * *
          ^
        "L" is not a day of month (Temporal’s cron has no L, W, # or ?: list the values instead; give a number from 1 to 31, a range a-b, a list a,b or a step */n)
      0 6 ? * MON
          ^
        "?" is not a day of month (Temporal’s cron has no L, W, # or ?: list the values instead; give a number from 1 to 31, a range a-b, a list a,b or a step */n)
      0 6 * * mo-fx
                 ^^
        "fx" is not a day of week (give a number from 0 to 7 or a name like mon, a range a-b, a list a,b or a step */n)
      1-2-3 6 * * *
      ^^^^^
        "1-2-3" is not a valid minute field (write *, n, a-b, a,b or a step like */15 or 1-5/2)
      @dayly
      ^^^^^^
        unknown cron shorthand "@dayly" (use @hourly, @daily, @weekly, @monthly, @yearly or @every <interval>)
      @every 500ms
             ^^^^^
        the interval 500ms is shorter than a second (e.g. @every 2h, @every 1d/6h (every day at 06:00 UTC))
      @every 1h/2h
                ^^
        the phase 2h is not shorter than the interval 1h (e.g. @every 2h, @every 1d/6h (every day at 06:00 UTC))
      CRON_TZ=Europe/Berlin 0 6 * * *
      ^^^^^^^^^^^^^^^^^^^^^
        the time zone goes in "timezone:", not in the cron string (write it as timezone: Europe/Berlin)"
    `);
  });
});

describe('schedule: in a playbook', () => {
  const step = '  - id: ask\n    action: approval\n    with: { message: nightly }\n';

  it('reports the cron string and the time zone at their place', async () => {
    const text = playbook(step, 'schedule:\n  cron: "0 6 * * mon-fry"\n  timezone: europe/berlin\n');
    expect(await errorsOf(text)).toMatchInlineSnapshot(`
      "test.yaml:4:22: schedule.cron: "fry" is not a day of week
          4 |   cron: "0 6 * * mon-fry"
            |                      ^^^
        hint: give a number from 0 to 7 or a name like mon, a range a-b, a list a,b or a step */n
      test.yaml:5:13: schedule.timezone: time zone names are case-sensitive here
          5 |   timezone: europe/berlin
            |             ^^^^^^^^^^^^^
        hint: write it as Europe/Berlin"
    `);
  });

  it('accepts a cron string and a zone Temporal accepts', async () => {
    expect(await errorsOf(playbook(step, 'schedule:\n  cron: "0 6 * * mon-fri"\n  timezone: America/New_York\n'))).toBe(
      '',
    );
  });
});
