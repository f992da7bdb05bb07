/**
 * room.assign and room.delete against the sandbox: occupants by e-mail (members and pending
 * invites; anyone else reported, not sent), room type by name, nights counted in the stay's
 * zone across the daylight-saving change, create-or-update by room number, and undo back to
 * the snapshot before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickRetry } from '../support/batch-calls.ts';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';
import { coversAction } from './write-coverage.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe('room actions', () => {
  let h: Harness;
  let tour: Awaited<ReturnType<Harness['createTour']>>;
  let stayId: number;
  let sam: string;
  let casey: number;
  beforeAll(async () => {
    h = await startHarness();
    tour = await h.createTour('Room Tour');
    const stay = await h.run('stay.create', {
      tourId: tour.id,
      title: 'Hotel Adlon',
      location: { address: 'Unter den Linden 77, Berlin', lat: 52.5163, lng: 13.3805 },
      timeZone: 'Europe/Berlin',
      checkIn: { date: '2027-03-27', time: '15:00' },
      checkOut: { date: '2027-03-29', time: '11:00' },
    });
    stayId = (stay.output as { id: number }).id;
    const snapshot = h.snapshot();
    sam = rows(snapshot, 'users').find((user) => user.email === 'sam.rivera@example.com').id;
    casey = rows(snapshot, 'tourInvites').find(
      (invite) => invite.tourId === tour.id && invite.email === 'casey.nguyen@example.com',
    ).inviteId;
  });
  afterAll(async () => {
    await h?.close();
  });

  const roomOf = (id: number) => rows(h.snapshot(), 'rooms').find((room) => room.id === id);

  it('creates a room by stay title with members and invitees, reports who is not on the tour, once per key', async () => {
    const before = h.snapshot();
    const args = {
      tourId: tour.id,
      stay: 'hotel adlon',
      roomNumber: 412,
      roomType: 'Double',
      people: [
        'sam.rivera@example.com',
        { email: 'Casey.Nguyen@example.com', name: 'Casey' },
        { email: 'star@example.com', name: 'Guest Star' },
      ],
      nights: 1,
      notes: 'High floor',
    };
    const call = h.stepCall('room.assign', args);
    const outcome = await h.run('room.assign', args, { key: call.idempotencyKey });
    const { id } = outcome.output as { id: number };
    expect(outcome.output).toEqual({ id, created: true, occupants: 2, skipped: ['Guest Star'] });
    expect(outcome.warnings).toEqual(['Not on the tour, so not assigned to the room: Guest Star.']);
    expect(roomOf(id)).toMatchObject({
      stayId,
      roomNumber: 412,
      roomTypeId: await h.client.lookups.resolve('hotelRoomTypes', 'Double'),
      userIds: [sam],
      inviteIds: [casey],
      notes: 'High floor',
      smoking: false,
      // the stay's check-in (15:00 CET); one night later at its check-out time, 11:00 CEST
      checkIn: iso(Date.UTC(2027, 2, 27, 14, 0)),
      checkOut: iso(Date.UTC(2027, 2, 28, 9, 0)),
    });

    await h.run('room.assign', args, { key: call.idempotencyKey });
    expect(rows(h.snapshot(), 'rooms')).toHaveLength(1);
    expect(outcome.undo).toEqual([expect.objectContaining({ activity: 'roomRemove', args: { roomId: id } })]);
    await h.undo(outcome.undo);
    expect(h.snapshot()).toEqual(before);
  });

  it('updates the room with the same number and its undo puts fields and occupants back', async () => {
    const first = await h.run('room.assign', {
      tourId: tour.id,
      stay: stayId,
      roomNumber: 101,
      roomType: 'Single',
      people: ['sam.rivera@example.com'],
    });
    const roomId = (first.output as { id: number }).id;
    const before = h.snapshot();
    const args = {
      tourId: tour.id,
      stay: stayId,
      roomNumber: 101,
      roomType: 'Twin',
      people: ['priya.natarajan@example.com', 'casey.nguyen@example.com'],
      checkIn: { date: '2027-03-28', time: '18:00' },
      checkOut: { date: '2027-03-29', time: '10:00' },
      smoking: true,
    };
    const call = h.stepCall('room.assign', args);
    const prepared = await h.prepare(call);
    const outcome = await h.run('room.assign', args, { key: call.idempotencyKey });
    expect(outcome.output).toMatchObject({ id: roomId, created: false, occupants: 2, skipped: [] });
    const priya = rows(h.snapshot(), 'users').find((user) => user.email === 'priya.natarajan@example.com').id;
    expect(roomOf(roomId)).toMatchObject({
      roomTypeId: await h.client.lookups.resolve('hotelRoomTypes', 'Twin'),
      userIds: [priya],
      inviteIds: [casey],
      smoking: true,
      checkIn: iso(Date.UTC(2027, 2, 28, 16, 0)),
      checkOut: iso(Date.UTC(2027, 2, 29, 8, 0)),
    });
    expect(prepared).toEqual(outcome.undo);
    await h.undo(outcome.undo);
    expect(h.snapshot()).toEqual(before);
    await h.undo(first.undo);
  });

  it('prepares, for a room that does not exist yet, an undo that deletes the room once created', async () => {
    const before = h.snapshot();
    const args = {
      tourId: tour.id,
      stay: 'Hotel Adlon',
      roomNumber: 7,
      roomType: 'Suite',
      people: ['marcus.chen@example.com'],
    };
    const call = h.stepCall('room.assign', args);
    const prepared = await h.prepare(call);
    expect(prepared).toEqual([expect.objectContaining({ activity: 'roomRemoveNew', args: { stayId, roomNumber: 7 } })]);
    await h.run('room.assign', args, { key: call.idempotencyKey });
    await h.undo(prepared);
    expect(h.snapshot()).toEqual(before);
    await h.undo(prepared);
  });

  it('deletes a room and its prepared undo restores it', async () => {
    const created = await h.run('room.assign', {
      tourId: tour.id,
      stay: stayId,
      roomNumber: 9,
      roomType: 'Single',
      people: ['aisha.bello@example.com'],
    });
    const roomId = (created.output as { id: number }).id;
    const before = h.snapshot();
    const call = h.stepCall('room.delete', { roomId });
    const prepared = await h.prepare(call);
    await h.run('room.delete', { roomId }, { key: call.idempotencyKey });
    expect(roomOf(roomId)).toBeUndefined();
    await h.undo(prepared);
    expect(h.snapshot()).toEqual(before);
    await h.undo(prepared); // a second restore finds nothing to do
    await h.undo(created.undo);
  });

  it('a room delete whose answer was lost is sent again, finds the room gone, and is done', async () => {
    coversAction('room.delete', 'lostAnswer');
    const created = await h.run('room.assign', {
      tourId: tour.id,
      stay: stayId,
      roomNumber: 10,
      roomType: 'Single',
      people: ['aisha.bello@example.com'],
    });
    const roomId = (created.output as { id: number }).id;
    h.sandbox.faults.add({
      kind: 'dropAfterCommit',
      match: { method: 'DELETE', path: '^/v1/rooms/[0-9]+$' },
      times: 1,
    });
    const outcome = await h.run('room.delete', { roomId }, { retry: quickRetry(3) });
    expect(outcome.output).toEqual({ id: roomId });
    expect(roomOf(roomId)).toBeUndefined();
    expect(h.sandbox.faults.list()).toEqual([]);
  });

  it('fails on a room name that matches nothing when no number is given, and on an unknown stay', async () => {
    const noNumber = await failureOf(
      h.run('room.assign', {
        tourId: tour.id,
        stay: stayId,
        name: 'Bus bunk',
        roomType: 'Single',
        people: ['sam.rivera@example.com'],
      }),
    );
    expect(noNumber.type).toBe('INVALID_ARGUMENTS');
    expect(noNumber.message).toContain('roomNumber');
    const noStay = await failureOf(
      h.run('room.assign', {
        tourId: tour.id,
        stay: 'Motel One',
        roomNumber: 1,
        roomType: 'Single',
        people: ['sam.rivera@example.com'],
      }),
    );
    expect(noStay.type).toBe('UNKNOWN_NAME');
    expect(noStay.message).toContain('Hotel Adlon');
  });
});
