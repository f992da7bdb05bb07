/**
 * Two days of a tour on one date (the API allows it: a festival added on an off day). A day
 * given by that date alone is refused before anything is written, listing every day of the
 * date with its type and ID; `{ date, name }` picks one; adding a day on a date that already
 * has one says so in the step's warnings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonValue } from '../../definitions/plan-types.ts';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';

describe('days that share a date', () => {
  let h: Harness;
  let tourId: string;
  let copenhagen: number;
  let roskilde: number;
  let warnings: string[];
  beforeAll(async () => {
    h = await startHarness();
    const tour = await h.createTour('Shared Date Tour', [
      { date: '2026-12-01', city: 'Aarhus', dayType: 'Show' },
      { date: '2026-12-02', city: 'Copenhagen', dayType: 'Off' },
    ]);
    tourId = tour.id;
    copenhagen = tour.days[1]!.id;
    const update = await h.run('tour.update', {
      tourId,
      addDays: [{ date: '2026-12-02', city: 'Roskilde', name: 'Roskilde Festival', dayType: 'Show' }],
    });
    roskilde = (update.output as { added: number[] }).added[0]!;
    warnings = update.warnings ?? [];
  });
  afterAll(async () => {
    await h?.close();
  });

  const guest = (day: JsonValue) => ({ tourId, day, firstName: 'Zoe', lastName: 'Mueller', pickup: 'Will Call' });

  it('tour.update addDays on a date that has a day warns, naming both days', () => {
    expect(warnings).toEqual([
      `Tour Shared Date Tour now has 2 days on 2026-12-02: Copenhagen (Off, ID ${copenhagen}), Roskilde Festival (Show, ID ${roskilde}); ` +
        'a step that gives one of them by its date alone fails: give { date: 2026-12-02, name: ... } or its ID.',
    ]);
  });

  it('guest.create by the shared date alone is refused with both candidates, and nothing is written', async () => {
    const before = h.snapshot();
    const failure = await failureOf(h.run('guest.create', guest('2026-12-02')));
    expect(failure.type).toBe('AMBIGUOUS_DAY');
    expect(failure.nonRetryable).toBe(true);
    expect(failure.message).toBe(
      `Tour Shared Date Tour has 2 days on 2026-12-02: Copenhagen (Off, ID ${copenhagen}), Roskilde Festival (Show, ID ${roskilde}); ` +
        'give { date: 2026-12-02, name: ... } or its ID.',
    );
    expect(failure.message).not.toMatch(/Zoe|Mueller/);
    expect(h.snapshot()).toEqual(before);
  });

  it('guest.create by date and name lands on the day named, whatever the case and spaces', async () => {
    const outcome = await h.run('guest.create', guest({ date: '2026-12-02', name: '  roskilde   festival ' }));
    const { id, dayId } = outcome.output as { id: number; dayId: number };
    expect(dayId).toBe(roskilde);
    expect(rows(h.snapshot(), 'guests').find((entry) => entry.id === id)).toMatchObject({ dayId: roskilde, tourId });
    const other = await h.run('guest.create', guest({ date: '2026-12-02', name: 'Copenhagen' }));
    expect((other.output as { dayId: number }).dayId).toBe(copenhagen);
  });

  it('a date and name that match no day of that date fail listing the days of that date', async () => {
    const before = h.snapshot();
    const failure = await failureOf(h.run('guest.create', guest({ date: '2026-12-02', name: 'Roskilde' })));
    expect(failure.type).toBe('UNKNOWN_DAY');
    expect(failure.message).toBe(
      `Tour Shared Date Tour has no day "Roskilde" on 2026-12-02; the days on 2026-12-02 are: Copenhagen (Off, ID ${copenhagen}), Roskilde Festival (Show, ID ${roskilde}).`,
    );
    expect(h.snapshot()).toEqual(before);
  });

  it('a date one day has is still enough for that day, and a day ID still works', async () => {
    const byDate = await h.run('guest.create', guest('2026-12-01'));
    expect((byDate.output as { dayId: number }).dayId).not.toBe(copenhagen);
    const byId = await h.run('guest.create', guest(roskilde));
    expect((byId.output as { dayId: number }).dayId).toBe(roskilde);
  });

  it('other actions refuse the shared date too, before writing: schedule.item.create and tour.update removeDays', async () => {
    const before = h.snapshot();
    const item = await failureOf(
      h.run('schedule.item.create', { tourId, day: '2026-12-02', name: 'Bus call', start: '10:00' }),
    );
    expect(item.type).toBe('AMBIGUOUS_DAY');
    const remove = await failureOf(h.run('tour.update', { tourId, removeDays: ['2026-12-02'] }));
    expect(remove.type).toBe('AMBIGUOUS_DAY');
    expect(h.snapshot()).toEqual(before);
  });

  it('tour.create with two days on one date warns the same way', async () => {
    const outcome = await h.run('tour.create', {
      name: 'Doubled Tour',
      timeZone: 'Europe/Copenhagen',
      days: [
        { date: '2026-12-02', city: 'Copenhagen', dayType: 'Off' },
        { date: '2026-12-02', city: 'Roskilde', name: 'Roskilde Festival', dayType: 'Show' },
      ],
    });
    const days = (outcome.output as { days: Array<{ id: number }> }).days;
    await h.undo(outcome.undo);
    expect(outcome.warnings).toEqual([
      `Tour Doubled Tour now has 2 days on 2026-12-02: Copenhagen (Off, ID ${days[0]!.id}), Roskilde Festival (Show, ID ${days[1]!.id}); ` +
        'a step that gives one of them by its date alone fails: give { date: 2026-12-02, name: ... } or its ID.',
    ]);
  });
});
