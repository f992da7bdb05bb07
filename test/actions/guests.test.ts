/**
 * Guest list actions against the sandbox: guest.create and guest.update field by field with
 * their undo, guests.select by days, status, requester and party size, and guests.setStatus
 * with the bulk call, day caps, per-entry outcomes and an undo that puts every entry back to
 * its own previous status, refused whole on a locked day or one past its cut-off. No guest name
 * reaches an output or a description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayBatches } from '../../actions/guest/status-handlers.ts';
import { updateGuestlistDayConfig } from '../../api/contract/guestlist.ts';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';

type Selected = {
  ids: number[];
  count: number;
  totalGuests: number;
  entries: Array<{ id: number; dayId: number; date: string; status: string; guests: number }>;
};

describe('guest actions', () => {
  let h: Harness;
  let tour: Awaited<ReturnType<Harness['createTour']>>;
  let ids: Record<string, number>;
  beforeAll(async () => {
    h = await startHarness();
    tour = await h.createTour('Guest Tour');
    const resolve = (group: string, name: string) => h.client.lookups.resolve(group, name);
    ids = {
      vip: ((await h.run('passType.create', { tourId: tour.id, name: 'VIP' })).output as { id: number }).id,
      ga: ((await h.run('passType.create', { tourId: tour.id, name: 'GA' })).output as { id: number }).id,
      pending: await resolve('guestlistStatuses', 'Pending'),
      approved: await resolve('guestlistStatuses', 'Approved'),
      declined: await resolve('guestlistStatuses', 'Declined'),
      willCall: await resolve('pickupMethods', 'Will Call'),
    };
  });
  afterAll(async () => {
    await h?.close();
  });

  const guestOf = (id: number) => rows(h.snapshot(), 'guests').find((guest) => guest.id === id);
  const addGuest = async (day: string, guests: number, status = 'Pending', extra: Record<string, unknown> = {}) =>
    (
      (
        await h.run('guest.create', {
          tourId: tour.id,
          day,
          firstName: 'Pat',
          lastName: `Guest${guests}`,
          guests,
          status,
          pickup: 'Will Call',
          ...extra,
        })
      ).output as { id: number }
    ).id;

  it('adds an entry with passes and a requester, once per key, without naming the guest; undo deletes it', async () => {
    const sam = rows(h.snapshot(), 'users').find((user) => user.email === 'sam.rivera@example.com').id;
    const before = h.snapshot();
    const args = {
      tourId: tour.id,
      day: '2027-03-27',
      firstName: 'Rosa',
      lastName: 'Secret',
      email: 'rosa@guest.example',
      guests: 2,
      pickup: 'Will Call',
      passes: [{ type: 'vip', count: 2 }],
      requester: 'sam.rivera@example.com',
      notes: 'Side of stage',
    };
    const call = h.stepCall('guest.create', args);
    const outcome = await h.run('guest.create', args, { key: call.idempotencyKey });
    const { id } = outcome.output as { id: number };
    expect(outcome.output).toEqual({ id, dayId: tour.days[0]!.id });
    expect(guestOf(id)).toMatchObject({
      tourId: tour.id,
      dayId: tour.days[0]!.id,
      firstName: 'Rosa',
      lastName: 'Secret',
      email: 'rosa@guest.example',
      numberOfGuests: 2,
      statusId: ids.pending,
      pickupMethodId: ids.willCall,
      passes: [{ passId: ids.vip, count: 2 }],
      requesterId: sam,
      notes: 'Side of stage',
    });
    const text = JSON.stringify([outcome.describe, outcome.undo]);
    expect(text).not.toContain('Rosa');
    expect(text).not.toContain('rosa@');

    await h.run('guest.create', args, { key: call.idempotencyKey });
    expect(rows(h.snapshot(), 'guests')).toHaveLength(rows(before, 'guests').length + 1);
    await h.undo(outcome.undo);
    expect(h.snapshot()).toEqual(before);
  });

  it('updates an entry, keeping what is not given, and its prepared undo writes the previous values back', async () => {
    const id = await addGuest('2027-03-28', 3, 'Pending', { notes: 'Aisle seat' });
    const before = h.snapshot();
    const args = {
      tourId: tour.id,
      day: '2027-03-28',
      guestId: id,
      guests: 4,
      status: 'Approved',
      notes: 'Plus one',
      pickup: 'Box Office',
      passes: [{ type: 'GA', count: 4 }],
    };
    const call = h.stepCall('guest.update', args);
    const prepared = await h.prepare(call);
    await h.run('guest.update', args, { key: call.idempotencyKey });
    expect(guestOf(id)).toMatchObject({
      firstName: 'Pat',
      lastName: 'Guest3',
      numberOfGuests: 4,
      statusId: ids.approved,
      notes: 'Plus one',
      pickupMethodId: await h.client.lookups.resolve('pickupMethods', 'Box Office'),
      passes: [{ passId: ids.ga, count: 4 }],
    });
    expect(prepared[0]!.describe).toContain('pickup method, passes stay as set');
    await h.undo(prepared);
    // pickup method and passes cannot be read back, so they stay as the update set them
    const restored = guestOf(id);
    expect(restored).toMatchObject({ numberOfGuests: 3, statusId: ids.pending, notes: 'Aisle seat' });
    expect({ ...restored, pickupMethodId: ids.willCall, passes: [] }).toEqual(
      rows(before, 'guests').find((guest) => guest.id === id),
    );
  });

  it('asks for pickup and passes on an update, since the API needs them and does not show them', async () => {
    const id = await addGuest('2027-03-28', 1);
    const failure = await failureOf(
      h.run('guest.update', { tourId: tour.id, day: '2027-03-28', guestId: id, guests: 2 }),
    );
    expect(failure.type).toBe('INVALID_ARGUMENTS');
    expect(failure.message).toContain('"pickup" and "passes"');
  });

  describe('selecting and bulk status', () => {
    let day29: number[];
    beforeAll(async () => {
      day29 = [
        await addGuest('2027-03-29', 2),
        await addGuest('2027-03-29', 5),
        await addGuest('2027-03-29', 1, 'Declined'),
        await addGuest('2027-03-29', 8, 'Approved'),
      ];
    });

    it('selects entries by day range, status and party size', async () => {
      const outcome = await h.run('guests.select', {
        tourId: tour.id,
        select: { from: '2027-03-29', status: ['Pending', 'Declined'], minGuests: 2 },
      });
      const selected = outcome.output as Selected;
      expect(selected).toEqual({
        ids: [day29[0], day29[1]],
        count: 2,
        totalGuests: 7,
        entries: [
          { id: day29[0], dayId: tour.days[2]!.id, date: '2027-03-29', status: 'Pending', guests: 2 },
          { id: day29[1], dayId: tour.days[2]!.id, date: '2027-03-29', status: 'Pending', guests: 5 },
        ],
      });
      expect(JSON.stringify(outcome)).not.toContain('Pat');
    });

    it('approves entries with one bulk call; the undo puts each back to its own previous status', async () => {
      const before = h.snapshot();
      const args = { tourId: tour.id, status: 'Approved', ids: day29 };
      const call = h.stepCall('guests.setStatus', args);
      const prepared = await h.prepare(call);
      expect(prepared.map((record) => record.args)).toEqual([
        { tourId: tour.id, statusId: ids.pending, guestListIds: [day29[0], day29[1]] },
        { tourId: tour.id, statusId: ids.declined, guestListIds: [day29[2]] },
      ]);
      const outcome = await h.run('guests.setStatus', args, { key: call.idempotencyKey });
      expect(outcome.output).toEqual({
        entries: [
          {
            id: day29[0],
            dayId: tour.days[2]!.id,
            date: '2027-03-29',
            previousStatus: 'Pending',
            status: 'Approved',
            guests: 2,
          },
          {
            id: day29[1],
            dayId: tour.days[2]!.id,
            date: '2027-03-29',
            previousStatus: 'Pending',
            status: 'Approved',
            guests: 5,
          },
          {
            id: day29[2],
            dayId: tour.days[2]!.id,
            date: '2027-03-29',
            previousStatus: 'Declined',
            status: 'Approved',
            guests: 1,
          },
        ],
        count: 3,
        totalGuests: 8,
        approvedPerDay: { '2027-03-29': 16 },
      });
      for (const id of day29) expect(guestOf(id).statusId).toBe(ids.approved);
      await h.undo(prepared);
      expect(h.snapshot()).toEqual(before);
    });

    it('refuses approvals beyond a day’s cap before changing anything', async () => {
      await h.client.call(updateGuestlistDayConfig, {
        params: { tourId: tour.id, dayId: tour.days[2]!.id },
        body: { dayCap: 12 },
      });
      const before = h.snapshot();
      const failure = await failureOf(
        h.run('guests.setStatus', {
          tourId: tour.id,
          status: 'Approved',
          select: { dates: ['2027-03-29'], status: ['Pending'] },
        }),
      );
      expect(failure.type).toBe('OVER_DAY_CAP');
      // the cap counts every entry not declined: the approved 8 and the pending 2 and 5
      expect(failure.message).toContain(
        '2027-03-29: cap 12, 15 guests on entries not declined, 15 with these 2 entries approved',
      );
      expect(h.snapshot()).toEqual(before);
      await h.client.call(updateGuestlistDayConfig, {
        params: { tourId: tour.id, dayId: tour.days[2]!.id },
        body: { dayCap: null },
      });
    });

    it('approves pending entries up to a cap that counts them already, and refuses a declined one that would pass it', async () => {
      const dayId = tour.days[2]!.id;
      const before = h.snapshot();
      await h.client.call(updateGuestlistDayConfig, { params: { tourId: tour.id, dayId }, body: { dayCap: 15 } });
      const failure = await failureOf(
        h.run('guests.setStatus', { tourId: tour.id, status: 'Approved', ids: [day29[2]!] }),
      );
      expect(failure.type).toBe('OVER_DAY_CAP');
      expect(failure.message).toBe(
        'Approving would go past the guest cap of 2027-03-29: cap 15, 15 guests on entries not declined, 16 with these 1 entry approved. ' +
          'A day’s cap counts the guests of every entry not declined, pending ones included. Nothing was changed.',
      );
      expect(rows(h.snapshot(), 'guests')).toEqual(rows(before, 'guests'));
      const call = h.stepCall('guests.setStatus', { tourId: tour.id, status: 'Approved', ids: [day29[0]!, day29[1]!] });
      const prepared = await h.prepare(call);
      expect((await h.run('guests.setStatus', call.args, { key: call.idempotencyKey })).output).toMatchObject({
        count: 2,
        approvedPerDay: { '2027-03-29': 15 },
      });
      await h.undo(prepared);
      await h.client.call(updateGuestlistDayConfig, { params: { tourId: tour.id, dayId }, body: { dayCap: null } });
      expect(h.snapshot()).toEqual(before);
    });

    it('changes nothing, with a warning, when nothing selected needs the change', async () => {
      const outcome = await h.run('guests.setStatus', {
        tourId: tour.id,
        status: 'Declined',
        select: { dates: ['2027-03-29'], status: ['Declined'] },
      });
      expect(outcome.output).toMatchObject({ count: 0, entries: [] });
      expect(outcome.warnings?.[0]).toContain('nothing changed');
    });

    it('says why it cannot select by pass type: the guest list read does not show passes', async () => {
      const failure = await failureOf(h.run('guests.select', { tourId: tour.id, select: { passTypes: ['VIP'] } }));
      expect(failure.type).toBe('INVALID_ARGUMENTS');
      expect(failure.message).toContain('does not show the passes');
    });

    it('fails on entry IDs that are not on the tour', async () => {
      const failure = await failureOf(
        h.run('guests.setStatus', { tourId: tour.id, status: 'Approved', ids: [day29[0]!, 999999] }),
      );
      expect(failure.type).toBe('UNKNOWN_RECORD');
      expect(failure.message).toContain('999999');
    });
  });

  describe('a locked day or one past its cut-off', () => {
    /** Configures 2027-03-28 with guests.configureDay; returns its undo. */
    const configure = async (settings: Record<string, string | boolean>) => {
      const call = h.stepCall('guests.configureDay', { tourId: tour.id, day: '2027-03-28', ...settings });
      const undo = await h.prepare(call);
      await h.run('guests.configureDay', call.args, { key: call.idempotencyKey });
      return undo;
    };
    // entries of the first two days, read back through the API: id -> status
    const statuses = async () => {
      const outcome = await h.run('guests.select', {
        tourId: tour.id,
        select: { dates: ['2027-03-27', '2027-03-28'] },
      });
      return Object.fromEntries((outcome.output as Selected).entries.map((entry) => [entry.id, entry.status]));
    };
    it('guests.setStatus fails with the API’s code and message, changing no entry of any day, after guests.configureDay locked the day', async () => {
      const open = [await addGuest('2027-03-27', 1), await addGuest('2027-03-27', 2)];
      const locked = [
        await addGuest('2027-03-28', 1),
        await addGuest('2027-03-28', 2),
        await addGuest('2027-03-28', 3),
        await addGuest('2027-03-28', 4),
      ];
      const unlock = await configure({ locked: true });
      const before = await statuses();
      for (const status of ['Approved', 'Declined']) {
        const failure = await failureOf(
          h.run('guests.setStatus', { tourId: tour.id, status, ids: [...open, ...locked] }),
        );
        expect(failure.type).toBe('VALIDATION_ERROR');
        expect(failure.nonRetryable).toBe(true);
        expect(failure.message).toBe(
          `PUT /v1/tours/:tourId/guestlist/status failed with 400 VALIDATION_ERROR: The guest list of day ${tour.days[1]!.id} is locked: ` +
            'its entries cannot be added or changed. Nothing was changed: the API sets all the entries of a call or none (6 entries asked).',
        );
      }
      expect(await statuses()).toEqual(before);
      await h.undo(unlock);
    });

    it('guests.setStatus fails the same way past the day’s cut-off', async () => {
      await h.run('venue.create', { tourId: tour.id, day: '2027-03-28', title: 'Docks', category: 'Club' });
      const reopen = await configure({ cutoff: '2020-01-01T00:00:00+01:00' });
      const before = await statuses();
      const failure = await failureOf(
        h.run('guests.setStatus', {
          tourId: tour.id,
          status: 'Approved',
          select: { dates: ['2027-03-28'], status: ['Pending'] },
        }),
      );
      expect(failure.type).toBe('VALIDATION_ERROR');
      expect(failure.message).toContain(
        `The guest list cut-off of day ${tour.days[1]!.id} has passed: its entries cannot be added or changed. Nothing was changed`,
      );
      expect(await statuses()).toEqual(before);
      await h.undo(reopen);
      expect(rows(h.snapshot(), 'dayConfigs')).toEqual([]);
    });
  });
});

describe('guests.setStatus calls', () => {
  const rowsOn = (dayId: number, count: number) =>
    Array.from({ length: count }, (_, index) => ({ dayId, id: dayId * 100 + index }));
  const days = (batches: Array<Array<{ dayId: number }>>) => batches.map((batch) => batch.map((row) => row.dayId));

  it('never split a day’s entries over two calls unless the day alone needs several', () => {
    expect(days(dayBatches([...rowsOn(1, 3), ...rowsOn(2, 3), ...rowsOn(3, 1)], 5))).toEqual([
      [1, 1, 1],
      [2, 2, 2, 3],
    ]);
    expect(days(dayBatches([...rowsOn(1, 2), ...rowsOn(2, 7)], 5))).toEqual([
      [1, 1],
      [2, 2, 2, 2, 2],
      [2, 2],
    ]);
    expect(dayBatches(rowsOn(1, 4), 5)).toEqual([rowsOn(1, 4)]);
    expect(dayBatches([], 5)).toEqual([]);
  });
});
