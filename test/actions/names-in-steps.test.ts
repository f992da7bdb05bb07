/**
 * Steps naming records instead of giving IDs, against the sandbox: stays and venues by title,
 * schedule items by day and name, people by full name, guest entries by the guest's name with
 * failures that never show a guest's name, and the IDs that keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';

const HOTEL = { address: 'Unter den Linden 77, 10117 Berlin', lat: 52.5163, lng: 13.3805 };
type Out = Record<string, unknown>;

describe('names in steps', () => {
  let h: Harness;
  let tourId: string;
  const idOf = (outcome: { output: unknown }) => (outcome.output as { id: number }).id;
  const row = (table: string, id: number) => rows(h.snapshot(), table).find((r) => r.id === id);

  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Names Tour')).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('stay.update by title changes the check-in time; its undo writes the old one back', async () => {
    const stayId = idOf(
      await h.run('stay.create', {
        tourId,
        title: 'Hotel Adlon',
        location: HOTEL,
        timeZone: 'Europe/Berlin',
        checkIn: { date: '2027-03-27', time: '15:00' },
        checkOut: { date: '2027-03-29', time: '11:00' },
      }),
    );
    const args = { tourId, stay: 'hotel adlon', checkIn: { date: '2027-03-27', time: '12:00' } };
    const call = h.stepCall('stay.update', args);
    const undo = await h.prepare(call);
    const outcome = await h.run('stay.update', args, { key: call.idempotencyKey });
    expect(outcome.output).toEqual({ id: stayId });
    expect(row('stays', stayId).checkIn).toBe('2027-03-27T11:00:00.000Z');
    await h.undo(undo);
    expect(row('stays', stayId).checkIn).toBe('2027-03-27T14:00:00.000Z');
    await h.run('stay.update', { tourId, stay: 'Hotel Adlon', checkInTime: '13:00' });
    expect(row('stays', stayId).checkIn).toBe('2027-03-27T12:00:00.000Z');
    expect(row('stays', stayId).checkInDate).toBe('2027-03-27T00:00:00.000Z');
    await h.run('stay.update', { stayId, confirmed: true });
    expect(row('stays', stayId).isConfirmed).toBe(true);
  });

  it('venue.update by title changes the capacity; a title without a tour is refused', async () => {
    const venueId = idOf(
      await h.run('venue.create', {
        tourId,
        day: '2027-03-27',
        title: 'Uber Arena',
        category: 'Arena',
        capacity: 15000,
      }),
    );
    await h.run('venue.update', { tourId, venue: 'Uber Arena', capacity: 17000 });
    expect(row('venues', venueId).capacity).toBe(17000);
    const noTour = await failureOf(h.run('venue.update', { venue: 'Uber Arena', capacity: 1 }));
    expect(noTour.message).toBe('venue.update: invalid arguments at run time: tourId: "venue" by name needs "tourId"');
  });

  it('room.assign takes occupants by full name or e-mail; a name two members share is refused', async () => {
    const outcome = await h.run('room.assign', {
      tourId,
      stay: 'Hotel Adlon',
      roomNumber: 12,
      roomType: 'Double',
      people: ['Sam Rivera', 'priya.natarajan@example.com'],
    });
    const users = rows(h.snapshot(), 'users');
    const idOfUser = (email: string) => users.find((user) => user.email === email).id;
    expect(row('rooms', idOf(outcome)).userIds.sort()).toEqual(
      [idOfUser('sam.rivera@example.com'), idOfUser('priya.natarajan@example.com')].sort(),
    );
    const unknown = await h.run('room.assign', {
      tourId,
      stay: 'Hotel Adlon',
      roomNumber: 14,
      roomType: 'Single',
      people: ['Marcus Chen', 'Nobody Here'],
    });
    expect(unknown.output).toMatchObject({ occupants: 1, skipped: ['Nobody Here'] });
  });

  it('visibility takes people by full name or e-mail: members and pending invitees alike; one not on the tour fails with the nearest', async () => {
    const snapshot = h.snapshot();
    const sam = rows(snapshot, 'users').find((user) => user.email === 'sam.rivera@example.com').id;
    const casey = rows(snapshot, 'tourInvites').find(
      (invite) => invite.tourId === tourId && invite.email === 'casey.nguyen@example.com',
    ).inviteId;
    const visibility = { people: ['sam rivera', 'Casey.Nguyen@example.com'] };
    const item = idOf(
      await h.run('schedule.item.create', { tourId, day: '2027-03-28', name: 'Crew meal', start: '18:00', visibility }),
    );
    expect(row('scheduleItems', item).audience).toMatchObject({
      everyone: false,
      userIds: expect.arrayContaining([sam]),
      inviteIds: [casey],
    });
    const unknown = await failureOf(
      h.run('schedule.item.create', {
        tourId,
        day: '2027-03-28',
        name: 'Crew meal',
        start: '19:00',
        visibility: { people: ['Sam Riviera'] },
      }),
    );
    expect(unknown.type).toBe('UNKNOWN_NAME');
    expect(unknown.message).toBe(`No tour member or invitee "Sam Riviera" on tour ${tourId}; nearest: "Sam Rivera".`);
    const venue = await h.run('venue.create', {
      tourId,
      day: '2027-03-28',
      title: 'Docks',
      category: 'Club',
      visibility,
    });
    expect(row('venues', idOf(venue)).audience).toMatchObject({
      everyone: false,
      userIds: expect.arrayContaining([sam]),
      inviteIds: [],
    });
    expect(venue.warnings).toEqual(['Not members of the tour, so not given visibility: Casey.Nguyen@example.com.']);
  });

  it('schedule items by day and name: update, set tags, delete; an ambiguous name lists the items apart', async () => {
    await h.run('tag.create', { tourId, name: 'Production', color: 'Green' });
    const id = idOf(
      await h.run('schedule.item.create', { tourId, day: '2027-03-27', name: 'Soundcheck', start: '16:00' }),
    );
    await h.run('schedule.item.update', { tourId, day: '2027-03-27', item: 'soundcheck', confirmed: true });
    expect(row('scheduleItems', id).status).toBe(true);
    const tagged = await h.run('schedule.item.setTags', {
      tourId,
      day: '2027-03-27',
      item: 'Soundcheck',
      tags: ['Production'],
    });
    expect((tagged.output as Out).tagIds).toHaveLength(1);

    const second = idOf(
      await h.run('schedule.item.create', { tourId, day: '2027-03-27', name: 'Soundcheck', start: '18:30' }),
    );
    const ambiguous = await failureOf(h.run('schedule.item.delete', { tourId, day: '2027-03-27', item: 'Soundcheck' }));
    expect(ambiguous.message).toBe(
      `2 schedule items on 2027-03-27 match "Soundcheck": Soundcheck (ID ${id}, at 16:00, confirmed), Soundcheck (ID ${second}, at 18:30); give the ID instead.`,
    );
    const call = h.stepCall('schedule.item.delete', { tourId, day: '2027-03-27', item: second });
    const undo = await h.prepare(call);
    await h.run('schedule.item.delete', call.args as never, { key: call.idempotencyKey });
    expect(row('scheduleItems', second)).toBeUndefined();
    await h.undo(undo);
    expect(row('scheduleItems', second)).toBeDefined();
  });

  it('guest.update by the guest’s name; failures show entry IDs, sizes and statuses, never a name', async () => {
    const add = async (first: string, guests: number) =>
      idOf(
        await h.run('guest.create', {
          tourId,
          day: '2027-03-28',
          firstName: first,
          lastName: 'Lindholm',
          email: `${first.toLowerCase()}@guest.example`,
          guests,
          pickup: 'Will Call',
          requester: 'Sam Rivera',
        }),
      );
    const ada = await add('Ada', 2);
    await h.run('guest.update', {
      tourId,
      day: '2027-03-28',
      guest: 'ada lindholm',
      guests: 3,
      pickup: 'Will Call',
      passes: [],
    });
    expect(row('guests', ada).numberOfGuests).toBe(3);
    await h.run('guest.update', {
      tourId,
      day: '2027-03-28',
      guest: 'ADA@guest.example',
      notes: 'Side stage',
      pickup: 'Will Call',
      passes: [],
    });

    const twin = await add('Ada', 1);
    const ambiguous = await failureOf(
      h.run('guest.update', {
        tourId,
        day: '2027-03-28',
        guest: 'Ada Lindholm',
        guests: 1,
        pickup: 'Will Call',
        passes: [],
      }),
    );
    expect(ambiguous.message).toBe(
      `2 guest list entries on 2027-03-28 match the name given: entry ${ada} (party of 3, Pending), entry ${twin} (party of 1, Pending); give the ID instead.`,
    );
    const unknown = await failureOf(
      h.run('guest.update', {
        tourId,
        day: '2027-03-28',
        guest: 'Rosa Secret',
        guests: 1,
        pickup: 'Will Call',
        passes: [],
      }),
    );
    expect(unknown.type).toBe('UNKNOWN_NAME');
    expect(unknown.message).not.toMatch(/Rosa|Secret|Lindholm|Ada|guest\.example/);
    expect(unknown.message).toBe(
      `No guest list entry with the name given on 2027-03-28; there are 2 (entry ${ada} (party of 3, Pending), entry ${twin} (party of 1, Pending)).`,
    );
    expect(row('guests', ada).requesterId).toBe(
      rows(h.snapshot(), 'users').find((user) => user.email === 'sam.rivera@example.com').id,
    );
  });

  it('contact.link links a key contact to a venue named by title', async () => {
    const contactId = idOf(await h.run('contact.create', { tourId, firstName: 'Lena', lastName: 'Vogt' }));
    await h.run('contact.link', { contactId, tourId, venue: 'Uber Arena' });
    expect(((await h.run('contact.list', { tourId, venue: 'Uber Arena' })).output as Out).keyContacts).toEqual([
      expect.objectContaining({ id: contactId, name: 'Lena Vogt' }),
    ]);
  });
});

describe('adding and removing tags', () => {
  let h: Harness;
  let tourId: string;
  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Tag Change Tour')).id;
    for (const name of ['Band', 'Crew', 'Production']) await h.run('tag.create', { tourId, name, color: 'Green' });
    await h.run('schedule.item.create', {
      tourId,
      day: '2027-03-27',
      name: 'Soundcheck',
      start: '16:00',
      tags: ['Band'],
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const tagNames = () => {
    const snapshot = h.snapshot();
    const names = new Map(rows(snapshot, 'tags').map((tag) => [tag.id, tag.name]));
    const item = rows(snapshot, 'scheduleItems').find((row) => row.name === 'Soundcheck');
    return (item.tagIds as number[]).map((id) => names.get(id)).sort();
  };
  const step = async (action: string, tags: string[]) => {
    const call = h.stepCall(action, { tourId, day: '2027-03-27', item: 'Soundcheck', tags });
    const undo = await h.prepare(call);
    const outcome = await h.run(action, call.args as never, { key: call.idempotencyKey });
    return { undo, outcome };
  };

  it('addTags keeps the item’s tags; its undo takes off only what it added, leaving a tag added since', async () => {
    const { undo, outcome } = await step('schedule.item.addTags', ['Production', 'band']);
    expect(tagNames()).toEqual(['Band', 'Production']);
    expect((outcome.output as { changed: number[] }).changed).toHaveLength(1);
    await h.run('schedule.item.addTags', { tourId, day: '2027-03-27', item: 'Soundcheck', tags: ['Crew'] });
    await h.undo(undo);
    expect(tagNames()).toEqual(['Band', 'Crew']);
  });

  it('removeTags keeps the others; its undo puts back only what it removed', async () => {
    const { undo } = await step('schedule.item.removeTags', ['Crew', 'Production']);
    expect(tagNames()).toEqual(['Band']);
    await h.undo(undo);
    expect(tagNames()).toEqual(['Band', 'Crew']);
  });

  it('a tag the item has already (or lacks already) changes nothing and needs no undo', async () => {
    const { undo, outcome } = await step('schedule.item.addTags', ['Band']);
    expect(undo).toEqual([]);
    expect(outcome.describe).toMatch(/no tag to change/);
  });
});
