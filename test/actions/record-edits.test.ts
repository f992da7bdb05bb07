/**
 * Guest entries deleted and restored, rooms restored, pass types edited, deleted (refused while
 * held) and restored, bulletins edited and deleted, venues, stays and tours deleted, against the
 * sandbox over HTTP: what each leaves, an answer lost after the commit, and the undo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAction } from '../../definitions/actions/index.ts';
import type { StoreSnapshot } from '../../sandbox/index.ts';
import { quickRetry } from '../support/batch-calls.ts';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';
import { checkWrite } from './write-check.ts';
import { coversAction } from './write-coverage.ts';

/** The one difference a bulletin's undo leaves: it stays marked edited. */
const notEdited = (snapshot: StoreSnapshot): StoreSnapshot => ({
  ...snapshot,
  bulletins: rows(snapshot, 'bulletins').map((entry) => ({ ...entry, isEdited: false })),
});
const row = (h: Harness, table: string, id: number | string) =>
  rows(h.snapshot(), table).find((entry) => entry.id === id);

describe('record edits', () => {
  let h: Harness;
  let tourId: string;
  let passId: number;
  let guestId: number;
  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Record Edits')).id;
    passId = (
      (await h.run('passType.create', { tourId, name: 'VIP', description: 'Front row' })).output as { id: number }
    ).id;
    const guest = await h.run('guest.create', {
      tourId,
      day: '2027-03-27',
      firstName: 'Ada',
      lastName: 'Lind',
      guests: 2,
      pickup: 'Will Call',
      passes: [{ type: 'VIP', count: 2 }],
    });
    guestId = (guest.output as { id: number }).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('guest.delete deletes an entry; the undo restores it with its passes', async () => {
    coversAction('guest.delete', 'lostAnswer');
    await checkWrite(h, 'guest.delete', { guestId }, { method: 'DELETE', path: '^/v1/guestlist/' }, () => {
      expect(row(h, 'guests', guestId)).toBeUndefined();
    });
    expect(row(h, 'guests', guestId).passes).toEqual([{ passId, count: 2 }]);
  });

  it('guest.restore brings a deleted entry back; the undo deletes it again', async () => {
    coversAction('guest.restore', 'undo', 'lostAnswer');
    await h.run('guest.delete', { guestId });
    await checkWrite(h, 'guest.restore', { guestId }, { method: 'POST', path: '/restore$' }, () => {
      expect(row(h, 'guests', guestId)).toMatchObject({ firstName: 'Ada', passes: [{ passId, count: 2 }] });
    });
    await h.run('guest.restore', { guestId });
  });

  it('passType.update renames and sets the quantity; the undo puts the old values back', async () => {
    coversAction('passType.update', 'undo', 'lostAnswer');
    await checkWrite(
      h,
      'passType.update',
      { tourId, passType: 'vip', name: 'VIP Lounge', quantity: 40, description: null },
      { method: 'PUT', path: '^/v1/passTypes/' },
      () => {
        expect(row(h, 'passTypes', passId)).toMatchObject({ name: 'VIP Lounge', quantity: 40, description: null });
      },
    );
    expect(row(h, 'passTypes', passId)).toMatchObject({ name: 'VIP', quantity: null, description: 'Front row' });
  });

  it('passType.delete is refused while a guest holds the pass, naming the entry, and changes nothing', async () => {
    const before = h.snapshot();
    const failure = await failureOf(h.run('passType.delete', { passTypeId: passId }));
    expect(failure).toMatchObject({ type: 'PASS_TYPE_HELD', nonRetryable: true });
    expect(failure.message).toContain(String(guestId));
    expect(h.snapshot()).toEqual(before);
  });

  it('passType.delete with force needs allowDestroy; forced, the undo restores it', async () => {
    coversAction('passType.delete', 'lostAnswer');
    expect(findAction('passType.delete')?.destructive?.({ passTypeId: passId, force: true })).toContain('force');
    expect(findAction('passType.delete')?.destructive?.({ passTypeId: passId })).toBeNull();
    await checkWrite(
      h,
      'passType.delete',
      { passTypeId: passId, force: true },
      { method: 'DELETE', path: '^/v1/passTypes/' },
      () => {
        expect(row(h, 'passTypes', passId)).toBeUndefined();
      },
    );
  });

  it('passType.restore brings a deleted pass type back; the undo deletes it again', async () => {
    coversAction('passType.restore', 'undo', 'lostAnswer');
    const spare = ((await h.run('passType.create', { tourId, name: 'Spare' })).output as { id: number }).id;
    await h.run('passType.delete', { passTypeId: spare });
    await checkWrite(h, 'passType.restore', { passTypeId: spare }, { method: 'POST', path: '/restore$' }, () => {
      expect(row(h, 'passTypes', spare)).toMatchObject({ name: 'Spare' });
    });
  });

  it('room.restore brings a deleted room back; the undo deletes it again', async () => {
    coversAction('room.restore', 'undo', 'lostAnswer');
    const stay = await h.run('stay.create', {
      tourId,
      title: 'Hotel Adlon',
      location: { address: 'Unter den Linden 77, Berlin', lat: 52.5163, lng: 13.3805 },
      timeZone: 'Europe/Berlin',
      checkIn: { date: '2027-03-27', time: '15:00' },
      checkOut: { date: '2027-03-29', time: '11:00' },
    });
    const room = await h.run('room.assign', {
      tourId,
      stay: (stay.output as { id: number }).id,
      roomNumber: 12,
      roomType: 'Single',
      people: ['sam.rivera@example.com'],
    });
    const roomId = (room.output as { id: number }).id;
    await h.run('room.delete', { roomId });
    await checkWrite(h, 'room.restore', { roomId }, { method: 'POST', path: '/restore$' }, () => {
      expect(row(h, 'rooms', roomId)).toMatchObject({ roomNumber: 12 });
    });
  });

  it('bulletin.update edits and pins; the undo puts title, text and pin back', async () => {
    const posted = await h.run('bulletin.create', { tourId, day: '2027-03-28', title: 'Bus at 9', body: 'Lobby 8:45' });
    const bulletinId = (posted.output as { id: string }).id;
    await checkWrite(
      h,
      'bulletin.update',
      { tourId, bulletinId, title: 'Bus at 10', pinned: true },
      { method: 'PUT', path: '^/v1/bulletins/' },
      () => {
        expect(row(h, 'bulletins', bulletinId)).toMatchObject({
          title: 'Bus at 10',
          body: 'Lobby 8:45',
          isPinned: true,
        });
      },
      notEdited,
    );
    expect(row(h, 'bulletins', bulletinId)).toMatchObject({ title: 'Bus at 9', isPinned: false });
  });

  it('bulletin, venue, stay and tour deletes are destructive, cannot be undone, and survive a lost answer', async () => {
    coversAction('tour.delete', 'lostAnswer');
    coversAction('venue.delete', 'lostAnswer');
    coversAction('stay.delete', 'lostAnswer');
    coversAction('bulletin.delete', 'lostAnswer');
    const bulletinId = (
      (await h.run('bulletin.create', { tourId, day: '2027-03-28', title: 'Gone', body: 'soon' })).output as {
        id: string;
      }
    ).id;
    const venueId = (
      (await h.run('venue.create', { tourId, day: '2027-03-27', title: 'Tempodrom', category: 'Arena' })).output as {
        id: number;
      }
    ).id;
    const stayId = rows(h.snapshot(), 'stays')[0].id as number;
    const cases = [
      ['bulletin.delete', { bulletinId }, '^/v1/bulletins/', 'bulletins', bulletinId],
      ['venue.delete', { venueId }, '^/v1/venues/', 'venues', venueId],
      ['stay.delete', { stayId }, '^/v1/accommodation/', 'stays', stayId],
      ['tour.delete', { tourId }, '^/v1/tours/', 'tours', tourId],
    ] as const;
    for (const [action, args, path, table, id] of cases) {
      expect(findAction(action)?.compensation).toBeNull();
      expect(findAction(action)?.destructive?.(args)).toContain('cannot be undone');
      const call = h.stepCall(action, args);
      expect(await h.prepare(call)).toEqual([]);
      h.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'DELETE', path }, times: 1 });
      await failureOf(h.run(action, args, { key: call.idempotencyKey }));
      await h.run(action, args, { key: call.idempotencyKey });
      expect(row(h, table, id), action).toBeUndefined();
    }
  });

  it("under the step's per-call retries, a delete whose answer was lost is sent again and done in one attempt", async () => {
    const other = (await h.createTour('Record Edits Retries')).id;
    const guest = await h.run('guest.create', {
      tourId: other,
      day: '2027-03-27',
      firstName: 'Bo',
      lastName: 'Ek',
      guests: 1,
      pickup: 'Will Call',
    });
    const guestId = (guest.output as { id: number }).id;
    const bulletinId = (
      (await h.run('bulletin.create', { tourId: other, day: '2027-03-28', title: 'Lost', body: 'answer' })).output as {
        id: string;
      }
    ).id;
    const venueId = (
      (await h.run('venue.create', { tourId: other, day: '2027-03-27', title: 'Arena', category: 'Arena' })).output as {
        id: number;
      }
    ).id;
    const cases = [
      ['guest.delete', { guestId }, '^/v1/guestlist/', 'guests', guestId],
      ['bulletin.delete', { bulletinId }, '^/v1/bulletins/', 'bulletins', bulletinId],
      ['venue.delete', { venueId }, '^/v1/venues/', 'venues', venueId],
    ] as const;
    for (const [action, args, path, table, id] of cases) {
      h.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'DELETE', path }, times: 1 });
      await h.run(action, args, { retry: quickRetry(3) });
      expect(h.sandbox.faults.list(), action).toEqual([]);
      expect(row(h, table, id), action).toBeUndefined();
    }
  });
});
