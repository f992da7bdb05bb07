/**
 * `planCall`, what a call would do read from the tour (`plan --live`), against the sandbox
 * over HTTP: a create with its day resolved, a change with before → after, nothing to do when
 * already so, a delete and whether a rollback brings it back, a read run as usual, a failure
 * with the run's own text (an unknown name, an ambiguous date), and not one write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WOULD_CREATE } from '../../activities/plan-call.ts';
import { failureOf, startHarness, type Harness } from './activity-harness.ts';
import { createVenueAndStay } from './write-check.ts';
import { countWrites } from '../support/write-counter.ts';

describe('plan of a call', () => {
  let h: Harness;
  let tourId: string;
  let venueId: number;
  let stayId: number;
  let doubled: string;
  let writes: () => number;
  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Live Plan')).id;
    ({ venueId, stayId } = await createVenueAndStay(h, tourId));
    await h.run('venue.update', { venueId, capacity: 12000 });
    await h.run('schedule.item.create', { tourId, day: '2027-03-27', name: 'Soundcheck', start: '16:00' });
    await h.run('guest.create', {
      tourId,
      day: '2027-03-27',
      firstName: 'Ada',
      lastName: 'Lind',
      guests: 2,
      pickup: 'Will Call',
    });
    doubled = (
      await h.createTour('Doubled', [
        { date: '2027-03-27', city: 'Berlin', dayType: 'Show' },
        { date: '2027-03-27', city: 'Potsdam', dayType: 'Travel' },
      ])
    ).id;
    writes = countWrites(h.sandbox);
  });
  afterAll(async () => {
    expect(writes()).toBe(0);
    await h?.close();
  });

  it('an update says what would change, before and after; the same values are nothing to do', async () => {
    const changed = await h.plan('venue.update', { tourId, venue: 'Uber Arena', capacity: 15000, title: 'Uber Arena' });
    expect(changed).toEqual({
      would: 'change',
      describe: `change venue Uber Arena (${venueId}) (capacity)`,
      changes: [{ field: 'capacity', before: 12000, after: 15000 }],
      output: { id: venueId },
    });
    const same = await h.plan('venue.update', { venueId, capacity: 12000 });
    expect(same).toMatchObject({
      would: 'nothing',
      describe: `venue Uber Arena (${venueId}) is already as asked (capacity)`,
    });
    const item = await h.plan('schedule.item.update', {
      tourId,
      day: '2027-03-27',
      item: 'Soundcheck',
      name: 'Line check',
      confirmed: false,
    });
    expect(item).toMatchObject({
      would: 'change',
      changes: [{ field: 'name', before: 'Soundcheck', after: 'Line check' }],
    });
    const stay = await h.plan('stay.update', { stayId, checkInTime: '14:00' });
    // The fields as the API takes them: a check-in time is an instant, an hour earlier.
    expect(stay).toMatchObject({ would: 'change', changes: [{ field: 'checkInTime' }] });
    const { before, after } = stay.changes![0]!;
    expect(Number(before) - Number(after)).toBe(3_600_000);
  });

  it('tour.update: the name before → after, and the days it would add, change or remove', async () => {
    expect(await h.plan('tour.update', { tourId, name: 'Live Plan 2027' })).toMatchObject({
      would: 'change',
      changes: [{ field: 'name', before: 'Live Plan', after: 'Live Plan 2027' }],
    });
    const days = await h.plan('tour.update', {
      tourId,
      name: 'Live Plan',
      addDays: [{ date: '2027-03-30', city: 'Vienna', dayType: 'Show' }],
      removeDays: ['2027-03-29'],
    });
    expect(days).toMatchObject({
      would: 'update',
      describe:
        'update tour Live Plan: 1 day(s) added, 0 changed, 1 removed with all their content (a rollback brings back empty days)',
    });
  });

  it('a create names its day and hands later steps a placeholder; a step reading it depends on it', async () => {
    const created = await h.plan('venue.create', { tourId, day: '2027-03-28', title: 'Docks', category: 'Club' });
    expect(created).toMatchObject({
      would: 'create',
      describe: 'create venue Docks on 2027-03-28 (title, venueCategoryId)',
      output: { id: WOULD_CREATE },
    });
    const after = await h.plan('venue.update', { venueId: WOULD_CREATE, capacity: 900 });
    expect(after).toMatchObject({
      would: 'update',
      describe: 'venue.update: depends on a record this run would create',
    });
  });

  it('a delete says whether a rollback brings the record back', async () => {
    expect(await h.plan('venue.delete', { tourId, venue: 'Uber Arena' })).toMatchObject({
      would: 'delete',
      restorable: false,
    });
    const guest = await h.plan('guest.delete', { tourId, day: '2027-03-27', guest: 'Ada Lind' });
    expect(guest).toMatchObject({ would: 'delete', restorable: true });
    expect(guest.describe).toMatch(/a rollback brings it back/);
  });

  it('a read runs as in a run', async () => {
    expect(await h.plan('venue.list', { tourId })).toMatchObject({
      would: 'read',
      output: { count: 1, ids: [venueId] },
    });
  });

  it('an unknown name and an ambiguous date fail with the text the run gives', async () => {
    const args = { tourId, venue: 'Uber Arean', capacity: 1 };
    const unknown = await h.plan('venue.update', args);
    const run = await failureOf(h.run('venue.update', args));
    expect(unknown).toMatchObject({ would: 'fail', error: { type: run.type, message: run.message } });
    const ambiguous = await h.plan('venue.create', {
      tourId: doubled,
      day: '2027-03-27',
      title: 'Docks',
      category: 'Club',
    });
    expect(ambiguous).toMatchObject({ would: 'fail', error: { type: 'AMBIGUOUS_DAY' } });
    expect(ambiguous.error?.message).toMatch(
      /^Tour Doubled has 2 days on 2027-03-27: .*; give \{ date: 2027-03-27, name: \.\.\. \} or its ID\.$/,
    );
  });
});
