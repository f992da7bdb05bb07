/**
 * Deletes and edits of one record by its name, against the sandbox over HTTP: a bulletin by
 * title (update and delete), a venue or stay by title, a pass type or template by name, a guest
 * list entry by the guest's name on a day. Each undo brings the store back; an ambiguous title
 * lists the candidates with their days; a retry whose record an earlier attempt deleted is done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepOutcome } from '../../activities/types.ts';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';
import type { JsonValue } from '../../definitions/plan-types.ts';
import { checkWrite } from './write-check.ts';
import { coversAction } from './write-coverage.ts';

const HOTEL = { address: 'Unter den Linden 77, Berlin', lat: 52.5163, lng: 13.3805 };
const row = (h: Harness, table: string, id: number | string) =>
  rows(h.snapshot(), table).find((entry) => entry.id === id);
const idOf = (outcome: StepOutcome) => (outcome.output as { id: number }).id;

/** Runs a delete as the workflow does (undo prepared first), checks what it left, and undoes it: the store is as before. */
async function deleteAndUndo(h: Harness, action: string, args: JsonValue, after: () => void): Promise<void> {
  const before = h.snapshot();
  const call = h.stepCall(action, args);
  const undo = await h.prepare(call);
  await h.run(action, args, { key: call.idempotencyKey });
  after();
  await h.undo(undo);
  expect(h.snapshot()).toEqual(before);
}

describe('records named in deletes and edits', () => {
  let h: Harness;
  let tourId: string;
  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Names In Deletes')).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('bulletin.update takes the bulletin by title; the undo puts it back', async () => {
    coversAction('bulletin.update', 'undo', 'lostAnswer');
    const id = (await h.run('bulletin.create', { tourId, day: '2027-03-28', title: 'Bus call', body: 'Lobby 8:45' }))
      .output as { id: string };
    await checkWrite(
      h,
      'bulletin.update',
      { tourId, bulletin: 'bus  CALL', body: 'Lobby 9:15' },
      { method: 'PUT', path: '^/v1/bulletins/' },
      (snapshot) => {
        expect(rows(snapshot, 'bulletins').find((entry) => entry.id === id.id)).toMatchObject({
          title: 'Bus call',
          body: 'Lobby 9:15',
        });
      },
      (snapshot) => ({
        ...snapshot,
        bulletins: rows(snapshot, 'bulletins').map((entry) => ({ ...entry, isEdited: false })),
      }),
    );
  });

  it('a bulletin title two bulletins share fails listing both with their days; an unknown one lists the nearest', async () => {
    const first = (
      (await h.run('bulletin.create', { tourId, day: '2027-03-27', title: 'Catering', body: 'a' })).output as {
        id: string;
      }
    ).id;
    const second = (
      (await h.run('bulletin.create', { tourId, day: '2027-03-29', title: 'Catering', body: 'b' })).output as {
        id: string;
      }
    ).id;
    const ambiguous = await failureOf(h.run('bulletin.delete', { tourId, bulletin: 'Catering' }));
    expect(ambiguous.type).toBe('AMBIGUOUS_NAME');
    expect(ambiguous.message).toMatch(
      new RegExp(
        `^2 bulletins on tour ${tourId} match "Catering": Catering \\(ID \\w+, 2027-03-2\\d\\), Catering \\(ID \\w+, 2027-03-2\\d\\); give the ID instead\\.$`,
      ),
    );
    expect(ambiguous.message).toContain(`(ID ${first}, 2027-03-27)`);
    expect(ambiguous.message).toContain(`(ID ${second}, 2027-03-29)`);
    const unknown = await failureOf(h.run('bulletin.update', { tourId, bulletin: 'Caterin', pinned: true }));
    expect(unknown.type).toBe('UNKNOWN_NAME');
    expect(unknown.message).toBe(`No bulletin "Caterin" on tour ${tourId}; nearest: "Catering".`);
    await h.run('bulletin.delete', { tourId, bulletinId: first });
    expect((await h.run('bulletin.delete', { tourId, bulletin: 'Catering' })).output).toEqual({ id: second });
    expect(row(h, 'bulletins', second)).toBeUndefined();
  });

  it('venue.delete and stay.delete take the title', async () => {
    const venueId = idOf(
      await h.run('venue.create', { tourId, day: '2027-03-27', title: 'Tempodrom', category: 'Arena' }),
    );
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
    expect((await h.run('venue.delete', { tourId, venue: 'tempodrom' })).output).toEqual({ id: venueId });
    expect((await h.run('stay.delete', { tourId, stay: 'Hotel Adlon' })).output).toEqual({ id: stayId });
    expect(row(h, 'venues', venueId)).toBeUndefined();
    expect(row(h, 'stays', stayId)).toBeUndefined();
  });

  it('room.delete takes the stay and the room’s number or name; the undo restores the room', async () => {
    coversAction('room.delete', 'undo');
    await h.run('stay.create', {
      tourId,
      title: 'Hotel Bristol',
      location: HOTEL,
      timeZone: 'Europe/Berlin',
      checkIn: { date: '2027-03-27', time: '15:00' },
      checkOut: { date: '2027-03-29', time: '11:00' },
    });
    const numbered = idOf(
      await h.run('room.assign', {
        tourId,
        stay: 'Hotel Bristol',
        roomNumber: 12,
        roomType: 'Single',
        people: ['sam.rivera@example.com'],
      }),
    );
    await deleteAndUndo(h, 'room.delete', { tourId, stay: 'hotel bristol', room: 12 }, () => {
      expect(row(h, 'rooms', numbered)).toBeUndefined();
    });
    const unknown = await failureOf(h.run('room.delete', { tourId, stay: 'Hotel Bristol', room: 'Suite' }));
    expect(unknown.type).toBe('UNKNOWN_NAME');
    expect(unknown.message).toBe(`No room "Suite" in Hotel Bristol; there are: Room 12 (ID ${numbered}, number 12).`);
  });

  it('passType.delete and schedule.template.delete take the name; each undo restores the record', async () => {
    coversAction('schedule.template.delete', 'undo');
    coversAction('passType.delete', 'undo');
    const passId = idOf(await h.run('passType.create', { tourId, name: 'Aftershow' }));
    await deleteAndUndo(h, 'passType.delete', { tourId, passType: 'aftershow' }, () => {
      expect(row(h, 'passTypes', passId)).toBeUndefined();
    });
    await h.run('schedule.item.create', { tourId, day: '2027-03-27', name: 'Doors', start: '19:00' });
    const templateId = idOf(
      await h.run('schedule.template.create', { tourId, name: 'Show day', fromDay: '2027-03-27' }),
    );
    expect(row(h, 'templates', templateId)).toMatchObject({ name: 'Show day' });
    await deleteAndUndo(h, 'schedule.template.delete', { tourId, template: 'Show Day' }, () => {
      expect(row(h, 'templates', templateId)).toBeUndefined();
    });
  });

  it('guest.delete takes the guest’s name on a day; a failure never repeats it', async () => {
    coversAction('guest.delete', 'undo');
    const guestId = idOf(
      await h.run('guest.create', {
        tourId,
        day: '2027-03-28',
        firstName: 'Ada',
        lastName: 'Lind',
        guests: 2,
        pickup: 'Will Call',
      }),
    );
    const unknown = await failureOf(h.run('guest.delete', { tourId, day: '2027-03-28', guest: 'Ada Lindt' }));
    expect(unknown.type).toBe('UNKNOWN_NAME');
    expect(unknown.message).not.toContain('Ada');
    await deleteAndUndo(h, 'guest.delete', { tourId, day: '2027-03-28', guest: 'ada lind' }, () => {
      expect(row(h, 'guests', guestId)).toBeUndefined();
    });
    expect(row(h, 'guests', guestId)).toMatchObject({ firstName: 'Ada' });
  });

  it('a retry of a delete by name whose record an earlier attempt deleted is done, with nothing to undo', async () => {
    await h.run('venue.create', { tourId, day: '2027-03-29', title: 'Zenith', category: 'Arena' });
    const passId = idOf(await h.run('passType.create', { tourId, name: 'Photo' }));
    const cases = [
      ['venue.delete', { tourId, venue: 'Zenith' }],
      ['passType.delete', { tourId, passType: 'Photo' }],
    ] as const;
    for (const [action, args] of cases) {
      const call = h.stepCall(action, args);
      // The first attempt ran elsewhere and deleted it; its answer was lost.
      await h.run(action, args, { key: call.idempotencyKey });
      const second = await h.secondAttempt(call);
      expect(second.output, action).toEqual({ id: null });
      expect(second.undo, action).toEqual([]);
    }
    expect(row(h, 'passTypes', passId)).toBeUndefined();
    expect((await failureOf(h.run('venue.delete', { tourId, venue: 'Zenith' }))).type).toBe('UNKNOWN_NAME');
  });
});
