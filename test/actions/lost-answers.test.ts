/**
 * The write actions whose lost answer no other test covers: each runs as the workflow runs it
 * (undo prepared first), its write's answer is lost once after the commit, the next attempt
 * with the same key makes exactly one record or change, and its undo (prepared, else the one
 * its outcome returns) brings the sandbox back to the snapshot taken before the step.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StoreSnapshot } from '../../sandbox/index.ts';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';
import { checkWrite, createVenueAndStay } from './write-check.ts';
import { coversAction } from './write-coverage.ts';

const named = (snapshot: StoreSnapshot, table: string, field: string, value: unknown) =>
  rows(snapshot, table).filter((row) => row[field] === value);

describe('lost answers of write actions', () => {
  let h: Harness;
  let tourId: string;
  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Lost Answers')).id;
    await createVenueAndStay(h, tourId);
    await h.run('schedule.item.create', { tourId, day: '2027-03-27', name: 'Soundcheck', start: '16:00' });
    await h.run('tag.create', { tourId, name: 'Band', color: 'Blue' });
    await h.run('passType.create', { tourId, name: 'VIP' });
    await h.run('guest.create', {
      tourId,
      day: '2027-03-27',
      firstName: 'Ada',
      lastName: 'Lindholm',
      guests: 2,
      pickup: 'Will Call',
      passes: [{ type: 'VIP', count: 2 }],
    });
  });
  afterEach(() => {
    h.sandbox.faults.clear();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('tour.create: one tour with its days; the undo deletes it', async () => {
    coversAction('tour.create', 'undo', 'lostAnswer');
    const args = {
      name: 'Lost Tour',
      timeZone: 'Europe/Berlin',
      days: [{ date: '2027-04-01', city: 'Oslo', dayType: 'Show' }],
    };
    await checkWrite(h, 'tour.create', args, { method: 'POST', path: '^/v1/tours$' }, (snapshot) => {
      expect(named(snapshot, 'tours', 'name', 'Lost Tour')).toHaveLength(1);
    });
  });

  it('tour.update: renamed and a day added once; the undo puts both back', async () => {
    coversAction('tour.update', 'undo', 'lostAnswer');
    const args = {
      tourId,
      name: 'Lost Answers (extended)',
      addDays: [{ date: '2027-03-30', city: 'Copenhagen', dayType: 'Show' }],
    };
    await checkWrite(h, 'tour.update', args, { method: 'PUT', path: '^/v1/tours/' }, (snapshot) => {
      expect(named(snapshot, 'tours', 'name', 'Lost Answers (extended)')).toHaveLength(1);
      expect(named(snapshot, 'days', 'date', '2027-03-30T00:00:00.000Z')).toHaveLength(1);
    });
  });

  it('schedule.item.create: one item; the undo deletes it', async () => {
    coversAction('schedule.item.create', 'undo', 'lostAnswer');
    await checkWrite(
      h,
      'schedule.item.create',
      { tourId, day: '2027-03-28', name: 'Bus call', start: '09:00' },
      { method: 'POST', path: '^/v1/schedule/items$' },
      (snapshot) => {
        expect(named(snapshot, 'scheduleItems', 'name', 'Bus call')).toHaveLength(1);
      },
    );
  });

  it('schedule.confirmAll: the day confirmed once; the undo sets each item back', async () => {
    coversAction('schedule.confirmAll', 'undo', 'lostAnswer');
    await checkWrite(
      h,
      'schedule.confirmAll',
      { tourId, day: '2027-03-27' },
      { method: 'POST', path: '/confirm-all$' },
      (snapshot) => {
        expect(named(snapshot, 'scheduleItems', 'name', 'Soundcheck')).toEqual([
          expect.objectContaining({ status: true }),
        ]);
      },
    );
  });

  it('schedule.template.create: one template; the undo deletes it', async () => {
    coversAction('schedule.template.create', 'undo', 'lostAnswer');
    await checkWrite(
      h,
      'schedule.template.create',
      { tourId, name: 'Show day', fromDay: '2027-03-27' },
      { method: 'POST', path: '^/v1/schedule-templates$' },
      (snapshot) => {
        expect(named(snapshot, 'templates', 'name', 'Show day')).toHaveLength(1);
      },
    );
  });

  it('tag.create: one tag; the undo deletes it', async () => {
    coversAction('tag.create', 'undo', 'lostAnswer');
    await checkWrite(
      h,
      'tag.create',
      { tourId, name: 'Production', color: 'Green' },
      { method: 'POST', path: '/tags$' },
      (snapshot) => {
        expect(named(snapshot, 'tags', 'name', 'Production')).toHaveLength(1);
      },
    );
  });

  it('schedule.item.setTags, addTags and removeTags: the tags written once; each undo puts the item’s tags back', async () => {
    coversAction('schedule.item.setTags', 'undo', 'lostAnswer');
    coversAction('schedule.item.addTags', 'undo', 'lostAnswer');
    coversAction('schedule.item.removeTags', 'undo', 'lostAnswer');
    const item = { tourId, day: '2027-03-27', item: 'Soundcheck', tags: ['Band'] };
    const tagsOf = (snapshot: StoreSnapshot) =>
      named(snapshot, 'scheduleItems', 'name', 'Soundcheck')[0].tagIds as unknown[];
    for (const action of ['schedule.item.setTags', 'schedule.item.addTags']) {
      await checkWrite(h, action, item, { method: 'PUT', path: '/tags$' }, (snapshot) => {
        expect(tagsOf(snapshot), action).toHaveLength(1);
      });
    }
    const tagged = await h.run('schedule.item.setTags', item);
    await checkWrite(h, 'schedule.item.removeTags', item, { method: 'PUT', path: '/tags$' }, (snapshot) => {
      expect(tagsOf(snapshot)).toEqual([]);
    });
    await h.undo(tagged.undo);
  });

  it('venue.create, venue.update: one venue, one change; each undo brings the store back', async () => {
    coversAction('venue.create', 'undo', 'lostAnswer');
    coversAction('venue.update', 'undo', 'lostAnswer');
    await checkWrite(
      h,
      'venue.create',
      { tourId, day: '2027-03-28', title: 'Docks', category: 'Club' },
      { method: 'POST', path: '^/v1/venues$' },
      (snapshot) => {
        expect(named(snapshot, 'venues', 'title', 'Docks')).toHaveLength(1);
      },
    );
    await checkWrite(
      h,
      'venue.update',
      { tourId, venue: 'Uber Arena', capacity: 15000 },
      { method: 'PUT', path: '^/v1/venues/' },
      (snapshot) => {
        expect(named(snapshot, 'venues', 'title', 'Uber Arena')).toEqual([
          expect.objectContaining({ capacity: 15000 }),
        ]);
      },
    );
  });

  it('stay.create, stay.update: one stay, one change; each undo brings the store back', async () => {
    coversAction('stay.create', 'undo', 'lostAnswer');
    coversAction('stay.update', 'undo', 'lostAnswer');
    const stay = {
      tourId,
      title: 'Hotel Atlantic',
      location: { address: 'An der Alster 72, Hamburg', lat: 53.5571, lng: 10.0059 },
      timeZone: 'Europe/Berlin',
      checkIn: { date: '2027-03-28', time: '15:00' },
      checkOut: { date: '2027-03-29', time: '11:00' },
    };
    await checkWrite(h, 'stay.create', stay, { method: 'POST', path: '^/v1/accommodation$' }, (snapshot) => {
      expect(named(snapshot, 'stays', 'title', 'Hotel Atlantic')).toHaveLength(1);
    });
    await checkWrite(
      h,
      'stay.update',
      { tourId, stay: 'Hotel Adlon', checkInTime: '13:00' },
      { method: 'PUT', path: '^/v1/accommodation/' },
      (snapshot) => {
        expect(named(snapshot, 'stays', 'title', 'Hotel Adlon')).toHaveLength(1);
      },
    );
  });

  it('room.assign: one room; the undo deletes it', async () => {
    coversAction('room.assign', 'undo', 'lostAnswer');
    const args = {
      tourId,
      stay: 'Hotel Adlon',
      roomNumber: 101,
      roomType: 'Double',
      people: ['sam.rivera@example.com'],
    };
    await checkWrite(h, 'room.assign', args, { method: 'POST', path: '/rooms$' }, (snapshot) => {
      expect(named(snapshot, 'rooms', 'roomNumber', 101)).toHaveLength(1);
    });
  });

  it('contact.create and contact.link: one contact, linked once; the link’s undo unlinks, the contact’s undo says it stays (the API cannot delete it)', async () => {
    coversAction('contact.create', 'lostAnswer');
    coversAction('contact.link', 'undo', 'lostAnswer');
    const contact = { tourId, firstName: 'Lena', lastName: 'Vogt', email: 'lena.vogt@example.com', role: 'Promoter' };
    const call = h.stepCall('contact.create', contact);
    h.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'POST', path: '^/v1/key-contacts$' }, times: 1 });
    expect((await failureOf(h.run('contact.create', contact, { key: call.idempotencyKey }))).nonRetryable).toBe(false);
    const created = await h.run('contact.create', contact, { key: call.idempotencyKey });
    expect(named(h.snapshot(), 'keyContacts', 'email', 'lena.vogt@example.com')).toHaveLength(1);
    expect(await failureOf(h.undo(created.undo))).toMatchObject({ type: 'CANNOT_UNDO', nonRetryable: true });
    await checkWrite(
      h,
      'contact.link',
      { tourId, contact: 'lena.vogt@example.com', venue: 'Uber Arena' },
      { method: 'PUT', path: '/key-contacts$' },
      (_snapshot, outcome) => {
        expect(outcome.output).toBeTruthy();
      },
    );
  });

  it('guest.create, guest.update: one entry, one change; each undo brings the store back', async () => {
    coversAction('guest.create', 'undo', 'lostAnswer');
    coversAction('guest.update', 'undo', 'lostAnswer');
    const guest = { tourId, day: '2027-03-28', firstName: 'Ben', lastName: 'Ortiz', guests: 1, pickup: 'Will Call' };
    await checkWrite(h, 'guest.create', guest, { method: 'POST', path: '^/v1/guestlist$' }, (snapshot) => {
      expect(named(snapshot, 'guests', 'firstName', 'Ben')).toHaveLength(1);
    });
    const update = {
      tourId,
      day: '2027-03-27',
      guest: 'Ada Lindholm',
      guests: 3,
      pickup: 'Will Call',
      passes: [{ type: 'VIP', count: 2 }],
    };
    await checkWrite(h, 'guest.update', update, { method: 'PUT', path: '^/v1/guestlist/' }, (snapshot) => {
      expect(named(snapshot, 'guests', 'firstName', 'Ada')).toEqual([expect.objectContaining({ numberOfGuests: 3 })]);
    });
  });

  it('guests.setStatus: approved once; the undo puts each entry’s status back', async () => {
    coversAction('guests.setStatus', 'undo', 'lostAnswer');
    const statuses = (snapshot: StoreSnapshot) => rows(snapshot, 'guests').map((row) => row.statusId as number);
    const pending = statuses(h.snapshot());
    await checkWrite(
      h,
      'guests.setStatus',
      { tourId, status: 'Approved', select: { status: ['Pending'] } },
      { method: 'PUT', path: '/guestlist/status$' },
      (snapshot) => {
        expect(statuses(snapshot)).toHaveLength(1);
        expect(statuses(snapshot)).not.toEqual(pending);
      },
    );
  });

  it('guests.setStatus tried again after an earlier attempt set the entries says so instead of “nothing changed”', async () => {
    const args = { tourId, status: 'Declined', select: { status: ['Pending'] } };
    const call = h.stepCall('guests.setStatus', args);
    const undo = await h.prepare(call);
    // The first attempt ran elsewhere and set the entries; its answer was lost.
    await h.run('guests.setStatus', args, { key: call.idempotencyKey });
    const retry = await h.secondAttempt(call);
    expect(retry.output).toMatchObject({ count: 0 });
    expect(retry.warnings).toEqual([
      'No entries are left to set to Declined: an earlier attempt of this step may have set them and lost its answer, so the count here is 0.',
    ]);
    await h.undo(undo);
  });

  it('passType.create and bulletin.create: one record each; each undo deletes it', async () => {
    coversAction('passType.create', 'undo', 'lostAnswer');
    coversAction('bulletin.create', 'undo', 'lostAnswer');
    await checkWrite(
      h,
      'passType.create',
      { tourId, name: 'Photo' },
      { method: 'POST', path: '/passTypes$' },
      (snapshot) => {
        expect(named(snapshot, 'passTypes', 'name', 'Photo')).toHaveLength(1);
      },
    );
    await checkWrite(
      h,
      'bulletin.create',
      { tourId, day: '2027-03-27', title: 'Bus call', body: 'Lobby 9:00' },
      { method: 'POST', path: '^/v1/bulletins$' },
      (snapshot) => {
        expect(named(snapshot, 'bulletins', 'title', 'Bus call')).toHaveLength(1);
      },
    );
  });
});
