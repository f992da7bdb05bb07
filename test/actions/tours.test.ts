/**
 * Tour actions against the sandbox: finding a tour, selecting its days, and updates whose
 * prepared undo puts the tour back (removed days return only as empty days).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';

describe('tour actions', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('tour.create writes the tour with its days once per key; its undo deletes it', async () => {
    const before = h.snapshot();
    const args: JsonObject = {
      name: 'Create Tour',
      timeZone: 'Europe/Berlin',
      days: [
        { date: '2027-03-28', city: 'Hamburg', dayType: 'travel' },
        { date: '2027-03-27', address: 'Mercedes-Platz 1, Berlin', name: 'Berlin', dayType: 'Show' },
      ],
    };
    const call = h.stepCall('tour.create', args);
    const outcome = await h.run('tour.create', args, { key: call.idempotencyKey });
    const { id, days } = outcome.output as { id: string; days: unknown[] };
    expect(outcome.output).toMatchObject({
      name: 'Create Tour',
      orgId: h.sandbox.credentials.orgId,
      startDate: '2027-03-27',
      endDate: '2027-03-28',
      timeZone: 'Europe/Berlin',
    });
    expect(days).toEqual([
      expect.objectContaining({ date: '2027-03-27', name: 'Berlin', dayType: 'Show', timeZone: 'Europe/Berlin' }),
      expect.objectContaining({ date: '2027-03-28', name: 'Hamburg', dayType: 'Travel', timeZone: 'Europe/Berlin' }),
    ]);
    const stored = rows(h.snapshot(), 'days').filter((day) => day.tourId === id);
    expect(stored.map((day) => day.formattedAddress).sort()).toEqual(['Hamburg', 'Mercedes-Platz 1, Berlin']);
    await h.run('tour.create', args, { key: call.idempotencyKey });
    expect(rows(h.snapshot(), 'tours').filter((tour) => tour.name === 'Create Tour')).toHaveLength(1);
    await h.undo(outcome.undo);
    expect(h.snapshot()).toEqual(before);
  });

  it('tour.find finds a tour by name, case-insensitively, with its days and time zone', async () => {
    const tour = await h.createTour('Find Me Tour');
    const outcome = await h.run('tour.find', { name: 'find me tour' });
    expect(outcome.output).toMatchObject({
      id: tour.id,
      name: 'Find Me Tour',
      orgId: h.sandbox.credentials.orgId,
      startDate: '2027-03-27',
      endDate: '2027-03-29',
      timeZone: 'Europe/Berlin',
    });
    expect((outcome.output as { days: unknown[] }).days).toEqual([
      { id: tour.days[0]!.id, date: '2027-03-27', name: 'Berlin', dayType: 'Show', timeZone: 'Europe/Berlin' },
      { id: tour.days[1]!.id, date: '2027-03-28', name: 'Hamburg', dayType: 'Travel', timeZone: 'Europe/Berlin' },
      { id: tour.days[2]!.id, date: '2027-03-29', name: 'Munich', dayType: 'Show', timeZone: 'Europe/Berlin' },
    ]);
    expect(outcome.undo).toEqual([]);
  });

  it('tour.find names the tours it can see when none matches', async () => {
    await h.createTour('Visible Tour');
    const failure = await failureOf(h.run('tour.find', { name: 'No Such Tour' }));
    expect(failure.type).toBe('UNKNOWN_NAME');
    expect(failure.message).toContain('No tour named "No Such Tour"');
    expect(failure.message).toContain('Visible Tour');
  });

  it('tour.days selects by day type, by date range and by name', async () => {
    const tour = await h.createTour('Days Tour');
    const shows = await h.run('tour.days', { tourId: tour.id, dayTypes: ['show'] });
    expect(shows.output).toMatchObject({
      dates: ['2027-03-27', '2027-03-29'],
      count: 2,
      ids: [tour.days[0]!.id, tour.days[2]!.id],
    });
    const range = await h.run('tour.days', { tourId: tour.id, from: '2027-03-28', to: '2027-03-29' });
    expect(range.output).toMatchObject({ dates: ['2027-03-28', '2027-03-29'], count: 2 });
    const named = await h.run('tour.days', { tourId: tour.id, names: ['HAMBURG'], dayTypes: ['Travel'] });
    expect(named.output).toMatchObject({ dates: ['2027-03-28'], count: 1 });
  });

  it('tour.update renames, changes a day and adds one; its prepared undo puts everything back', async () => {
    const tour = await h.createTour('Update Tour');
    const before = h.snapshot();
    const call = h.stepCall('tour.update', {
      tourId: tour.id,
      name: 'Update Tour (moved)',
      updateDays: [{ day: '2027-03-28', name: 'Hamburg Off', dayType: 'Off' }],
      addDays: [{ date: '2027-03-30', city: 'Vienna', dayType: 'Show', timeZone: 'Europe/Vienna' }],
    });
    const undo = await h.prepare(call);
    expect(undo).toHaveLength(1);
    expect(undo[0]!.describe).toContain('put tour Update Tour back');

    const outcome = await h.run('tour.update', call.args, { key: call.idempotencyKey });
    const added = (outcome.output as { added: number[] }).added;
    expect(added).toHaveLength(1);
    const after = h.snapshot();
    expect(rows(after, 'tours').find((t) => t.id === tour.id)).toMatchObject({
      name: 'Update Tour (moved)',
      endDate: '2027-03-30T00:00:00.000Z',
    });
    const days = rows(after, 'days').filter((d) => d.tourId === tour.id);
    expect(days).toHaveLength(4);
    expect(days.find((d) => d.id === tour.days[1]!.id)).toMatchObject({
      name: 'Hamburg Off',
      formattedAddress: 'Hamburg',
    });
    expect(days.find((d) => d.id === added[0])).toMatchObject({
      name: 'Vienna',
      date: '2027-03-30T00:00:00.000Z',
      timeZone: 'Europe/Vienna',
    });

    // the same call again (a retried attempt) adds nothing more
    await h.run('tour.update', call.args, { key: call.idempotencyKey });
    expect(rows(h.snapshot(), 'days').filter((d) => d.tourId === tour.id)).toHaveLength(4);

    await h.undo(undo);
    expect(h.snapshot()).toEqual(before);
    await h.undo(undo); // an undo repeated changes nothing
    expect(h.snapshot()).toEqual(before);
  });

  it('a tour.update that removes a day deletes its content; the undo brings the day back empty', async () => {
    const tour = await h.createTour('Destroy Tour');
    const hamburg = tour.days[1]!;
    await h.run('schedule.item.create', { tourId: tour.id, day: hamburg.date, name: 'Bus call', start: '10:00' });
    const call = h.stepCall('tour.update', { tourId: tour.id, removeDays: ['2027-03-28'] });
    const undo = await h.prepare(call);
    expect(undo[0]!.describe).toContain('removed days 2027-03-28 come back as empty days');

    const outcome = await h.run('tour.update', call.args, { key: call.idempotencyKey });
    expect(outcome.warnings?.[0]).toContain('deleted with all their content');
    const after = h.snapshot();
    expect(
      rows(after, 'days')
        .filter((d) => d.tourId === tour.id)
        .map((d) => d.id),
    ).toEqual([tour.days[0]!.id, tour.days[2]!.id]);
    expect(rows(after, 'scheduleItems').filter((i) => i.dayId === hamburg.id)).toEqual([]);

    await h.undo(undo);
    await h.undo(undo); // twice: still one Hamburg day
    const restored = rows(h.snapshot(), 'days').filter((d) => d.tourId === tour.id);
    expect(restored).toHaveLength(3);
    const shell = restored.find((d) => d.date === '2027-03-28T00:00:00.000Z');
    expect(shell).toMatchObject({ name: 'Hamburg', formattedAddress: 'Hamburg', timeZone: 'Europe/Berlin' });
    expect(shell.id).not.toBe(hamburg.id);
    expect(rows(h.snapshot(), 'scheduleItems').filter((i) => i.tourId === tour.id)).toEqual([]);
  });

  it('lookup lists a table and resolves a name to its ID', async () => {
    const outcome = await h.run('lookup', { group: 'dayTypes', name: 'day off' });
    const { entries, id } = outcome.output as {
      entries: Array<{ id: number; name: string; description: string | null }>;
      id: number;
    };
    expect(entries.map((entry) => entry.name)).toEqual(expect.arrayContaining(['Show', 'Travel', 'Off']));
    expect(id).toBe(entries.find((entry) => entry.name === 'Off')!.id);
    const unknown = await failureOf(h.run('lookup', { group: 'dayTypes', name: 'Holiday' }));
    expect(unknown.type).toBe('UNKNOWN_NAME');
    expect(unknown.message).toContain('Show');
  });

  it('tour.update refuses a day that is not in the tour, naming the days it has', async () => {
    const tour = await h.createTour('Unknown Day Tour');
    const failure = await failureOf(h.run('tour.update', { tourId: tour.id, removeDays: ['2027-04-01'] }));
    expect(failure.type).toBe('UNKNOWN_DAY');
    expect(failure.message).toContain('2027-03-27');
  });
});
