/**
 * Updates that find the record as asked already: tour.update, venue.update, stay.update and
 * schedule.item.update report "already so", contacts.set "as asked already", addTags "no tag to
 * change", schedule.item.setTags and contact.link "already so"; they send no write and mark their outcome `wroteNothing` (the saga then drops their
 * undo); a different value is written. Writes are counted at the sandbox (every request that is
 * not a GET).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonValue } from '../../definitions/plan-types.ts';
import { rows, startHarness, type Harness } from './activity-harness.ts';
import { createVenueAndStay } from './write-check.ts';

const COUNTING = 1_000_000;
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

describe('updates of what is already so', () => {
  let h: Harness;
  let tourId: string;
  let venueId: number;
  let stayId: number;
  let itemId: number;
  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Already So')).id;
    ({ venueId, stayId } = await createVenueAndStay(h, tourId));
    itemId = (
      (
        await h.run('schedule.item.create', {
          tourId,
          day: '2027-03-27',
          name: 'Soundcheck',
          start: '16:00',
          confirmed: true,
        })
      ).output as { id: number }
    ).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Runs the step as the workflow does (undo prepared first); returns its text, the writes the sandbox saw and `wroteNothing`. */
  async function counted(
    action: string,
    args: JsonValue,
  ): Promise<{ describe: string; writes: number; wroteNothing: boolean }> {
    // A latency rule of 0 ms counts down its `times` on every request it matches: a counter.
    const ids = WRITE_METHODS.map((method) =>
      h.sandbox.faults.add({ kind: 'latency', ms: 0, times: COUNTING, match: { method } }),
    );
    try {
      const call = h.stepCall(action, args);
      await h.prepare(call);
      const outcome = await h.run(action, args, { key: call.idempotencyKey });
      const left = h.sandbox.faults.list().filter((rule) => ids.includes(rule.id));
      return {
        describe: outcome.describe ?? '',
        wroteNothing: outcome.wroteNothing === true,
        writes: ids.length * COUNTING - left.reduce((sum, rule) => sum + (rule.times ?? 0), 0),
      };
    } finally {
      for (const id of ids) h.sandbox.faults.remove(id);
    }
  }

  it('venue.update with the values the venue has writes nothing and says so; another capacity is written', async () => {
    await h.run('venue.update', { venueId, capacity: 12000, notes: 'Back door' });
    const same = await counted('venue.update', {
      tourId,
      venue: 'Uber Arena',
      title: 'Uber Arena',
      capacity: 12000,
      notes: 'Back door',
      category: 'Arena',
    });
    expect(same).toEqual({
      writes: 0,
      wroteNothing: true,
      describe: 'venue Uber Arena already so (title, venueCategoryId, capacity, notes): nothing written',
    });
    const changed = await counted('venue.update', { venueId, capacity: 13000, notes: 'Back door' });
    expect([changed.writes, changed.wroteNothing]).toEqual([1, false]);
    expect(rows(h.snapshot(), 'venues').find((venue) => venue.id === venueId)).toMatchObject({ capacity: 13000 });
  });

  it('contacts.set with the contacts as asked writes nothing and has nothing to undo', async () => {
    const args = { tourId, venue: 'Uber Arena', emails: [{ email: 'office@arena.example', label: 'Office' }] };
    expect((await counted('contacts.set', args)).writes).toBe(1);
    expect(await counted('contacts.set', args)).toEqual({
      writes: 0,
      wroteNothing: true,
      describe: `venue ${venueId}: its contacts are as asked already`,
    });
  });

  it('stay.update with the stay as it is writes nothing; a new confirmation number is written', async () => {
    await h.run('stay.update', { stayId, confirmed: true, confirmationNumber: 'AB-12' });
    const same = await counted('stay.update', {
      stayId,
      title: 'Hotel Adlon',
      confirmed: true,
      confirmationNumber: 'AB-12',
      checkInTime: '15:00',
    });
    expect(same).toEqual({
      writes: 0,
      wroteNothing: true,
      describe:
        'stay Hotel Adlon already so (title, checkInTime, checkInDate, reservationStatus, confirmationNumber): nothing written',
    });
    expect((await counted('stay.update', { stayId, confirmationNumber: 'AB-13' })).writes).toBe(1);
  });

  it('tour.update to its own name writes nothing; a new name is written', async () => {
    const same = await counted('tour.update', { tourId, name: 'Already So' });
    expect(same).toEqual({
      writes: 0,
      wroteNothing: true,
      describe: 'tour Already So already so (name): nothing written',
    });
    expect((await counted('tour.update', { tourId, name: 'Already So 2027' })).writes).toBe(1);
  });

  it('schedule.item.update with the item as it is writes nothing; another start time is written', async () => {
    await h.run('tag.create', { tourId, name: 'Band', color: 'Blue' });
    await h.run('tag.create', { tourId, name: 'Crew', color: 'Red' });
    await h.run('schedule.item.addTags', { tourId, day: '2027-03-27', item: 'Soundcheck', tags: ['Band', 'Crew'] });
    const same = await counted('schedule.item.update', {
      tourId,
      day: '2027-03-27',
      item: 'Soundcheck',
      start: '16:00',
      confirmed: true,
      tags: ['Crew', 'Band'],
    });
    expect([same.writes, same.wroteNothing]).toEqual([0, true]);
    const tagOn = await counted('schedule.item.addTags', {
      tourId,
      day: '2027-03-27',
      item: 'Soundcheck',
      tags: ['Band'],
    });
    expect(tagOn).toEqual({
      writes: 0,
      wroteNothing: true,
      describe: `schedule item ${itemId} (2027-03-27): no tag to change`,
    });
    expect(same.describe).toMatch(
      new RegExp(`^schedule item ${itemId} on 2027-03-27 already so \\(.*\\): nothing written$`),
    );
    expect((await counted('schedule.item.update', { tourId, day: '2027-03-27', itemId, start: '17:00' })).writes).toBe(
      1,
    );
  });

  it('schedule.item.setTags with the tags the item has, in any order, writes nothing; another set is written', async () => {
    await h.run('tag.create', { tourId, name: 'Catering', color: 'Green' });
    const args = { tourId, day: '2027-03-27', item: 'Soundcheck' };
    expect((await counted('schedule.item.setTags', { ...args, tags: ['Catering', 'Band'] })).writes).toBe(1);
    expect(await counted('schedule.item.setTags', { ...args, tags: ['Band', 'Catering'] })).toEqual({
      writes: 0,
      wroteNothing: true,
      describe: `schedule item ${itemId} (2027-03-27) already so (tags): nothing written`,
    });
    expect((await counted('schedule.item.setTags', { ...args, tags: ['Band'] })).writes).toBe(1);
  });

  it('contact.link of a contact linked already writes nothing and says so; a new link is written', async () => {
    const contactId = (
      (await h.run('contact.create', { tourId, firstName: 'Lena', lastName: 'Vogt' })).output as { id: number }
    ).id;
    expect((await counted('contact.link', { contactId, venueId })).writes).toBe(1);
    expect(await counted('contact.link', { contactId, venueId })).toEqual({
      writes: 0,
      wroteNothing: true,
      describe: `key contact ${contactId} already so (linked to venue ${venueId}): nothing written`,
    });
    expect(rows(h.snapshot(), 'venues').find((venue) => venue.id === venueId).keyContactIds).toEqual([contactId]);
  });

  it('contact.link in a later attempt that finds the link made claims nothing: the earlier attempt may have made it', async () => {
    const contactId = (
      (await h.run('contact.create', { tourId, firstName: 'Jonas', lastName: 'Berg' })).output as { id: number }
    ).id;
    await h.run('contact.link', { contactId, venueId });
    const outcome = await h.secondAttempt(h.stepCall('contact.link', { contactId, venueId }));
    expect(outcome.wroteNothing).toBeUndefined();
    expect(outcome.describe).toBe(`linked key contact ${contactId} to venue ${venueId}`);
  });
});
