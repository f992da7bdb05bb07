/**
 * A day given as `{ date, name }`, for a date several days share: checked at its place like any
 * argument, expressions allowed inside; and `tourflow plan` says what adding a day on a date
 * means for the steps that give a day by its date.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { errorsOf, playbook } from './helpers.ts';

const TOUR = '0b8e8f4e-1f39-4c39-9a55-3c1a6f5a3c11';
const guestStep = (day: string) =>
  `  - id: guest\n    action: guest.create\n    with:\n      tourId: ${TOUR}\n      day: ${day}\n      firstName: A\n      lastName: B\n      pickup: Will Call\n`;

describe('a day by date and name', () => {
  it('compiles, with an expression for the date', async () => {
    expect(await errorsOf(playbook(guestStep('{ date: 2026-12-02, name: Roskilde Festival }')))).toBe('');
    expect(
      await errorsOf(
        playbook(
          guestStep('{ date: "${{ inputs.date }}", name: Roskilde Festival }'),
          'inputs:\n  date: { type: date }\n',
        ),
      ),
    ).toBe('');
  });

  it('is checked field by field at its place', async () => {
    expect(await errorsOf(playbook(guestStep('{ date: 2026-12-02, nam: Roskilde Festival }')))).toMatchInlineSnapshot(`
      "test.yaml:8:12: missing required field "day.name"
          8 |       day: { date: 2026-12-02, nam: Roskilde Festival }
            |            ^^^^^^
      test.yaml:8:32: unknown field "day.nam"
          8 |       day: { date: 2026-12-02, nam: Roskilde Festival }
            |                                ^^^
        hint: did you mean "name"?"
    `);
    expect(await errorsOf(playbook(guestStep('{ date: 2026-13-02, name: Roskilde Festival }')))).toMatchInlineSnapshot(`
      "test.yaml:8:20: day.date: not a calendar date
          8 |       day: { date: 2026-13-02, name: Roskilde Festival }
            |                    ^^^^^^^^^^"
    `);
  });
});

async function plan(text: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tourflow-plan-'));
  await writeFile(path.join(dir, 'days.yaml'), text);
  const out: string[] = [];
  const code = await main({
    argv: ['plan', 'days.yaml'],
    cwd: dir,
    stdout: (line) => out.push(line),
    stderr: (line) => out.push(line),
    signal: new AbortController().signal,
  });
  expect(code).toBe(0);
  return out.join('\n');
}

describe('tourflow plan on days that may share a date', () => {
  it('notes that days added onto a date the tour may have already make that date name several days', async () => {
    const text = playbook(
      `  - id: add\n    action: tour.update\n    with:\n      tourId: ${TOUR}\n      addDays:\n        - { date: 2026-12-02, city: Roskilde, name: Roskilde Festival, dayType: Show }\n`,
    );
    expect((await plan(text)).split('\n').filter((line) => line.includes('note:'))).toEqual([
      '      note: adds or moves days onto 2026-12-02; on a date the tour has a day already, the days share it: the run warns, and a step that gives one of them by its date alone fails (give { date, name } or its ID)',
    ]);
  });

  it('shows a day given by date and name as such where a step destroys it', async () => {
    const text = playbook(
      `  - id: drop\n    action: tour.update\n    allowDestroy: true\n    with: { tourId: ${TOUR}, removeDays: [{ date: 2026-12-02, name: Roskilde Festival }, 2026-12-03] }\n`,
    );
    expect(await plan(text)).toContain(
      '! destroys data (allowDestroy): removes days 2026-12-02 Roskilde Festival, 2026-12-03: their schedule items',
    );
  });

  it('names the dates a new tour’s days share, and says nothing of a tour.update that moves no day', async () => {
    const days =
      '[{ date: 2026-12-02, city: Copenhagen, dayType: Off }, { date: 2026-12-02, city: Roskilde, dayType: Show }]';
    const text = playbook(
      `  - id: tour\n    action: tour.create\n    with: { name: Doubled, timeZone: Europe/Copenhagen, days: ${days} }\n` +
        `  - id: rename\n    action: tour.update\n    with: { tourId: ${TOUR}, updateDays: [{ day: 2026-12-01, name: Aarhus }] }\n`,
    );
    expect((await plan(text)).split('\n').filter((line) => line.includes('note:'))).toEqual([
      '      note: 2026-12-02: several days on one date; a step that gives one of them by its date alone fails (give { date, name } or its ID)',
    ]);
  });
});
