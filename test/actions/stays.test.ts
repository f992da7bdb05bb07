/**
 * stay.create and stay.update against the sandbox. Check-in/out are local times in the stay's
 * zone: the test stays across the last Sunday of March 2027 in Europe/Berlin (clocks go from
 * 02:00 CET to 03:00 CEST on the 28th) and checks every epoch-millisecond field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, startHarness, type Harness } from './activity-harness.ts';

const HOTEL = { address: 'Unter den Linden 77, 10117 Berlin', lat: 52.5163, lng: 13.3805 };
const iso = (ms: number) => new Date(ms).toISOString();

describe('stay actions', () => {
  let h: Harness;
  let tour: Awaited<ReturnType<Harness['createTour']>>;
  beforeAll(async () => {
    h = await startHarness();
    tour = await h.createTour('Stay Tour');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('turns local check-in/out across the spring-forward change into the right instants and dates', async () => {
    const before = h.snapshot();
    const args = {
      tourId: tour.id,
      title: 'Hotel Adlon',
      location: HOTEL,
      timeZone: 'Europe/Berlin',
      checkIn: { date: '2027-03-27', time: '15:00' },
      checkOut: { date: '2027-03-29', time: '11:00' },
      confirmed: true,
      confirmationNumber: 'ADL-2027-118',
      notes: 'Late arrival',
    };
    const call = h.stepCall('stay.create', args);
    const outcome = await h.run('stay.create', args, { key: call.idempotencyKey });
    const { id } = outcome.output as { id: number };
    // 15:00 CET (UTC+1) before the change, 11:00 CEST (UTC+2) after it.
    expect(outcome.output).toEqual({
      id,
      name: 'Hotel Adlon',
      checkIn: '2027-03-27T14:00:00.000Z',
      checkOut: '2027-03-29T09:00:00.000Z',
    });

    const [stay] = rows(h.snapshot(), 'stays');
    expect(stay).toMatchObject({
      id,
      tourId: tour.id,
      title: 'Hotel Adlon',
      type: 'HOTEL',
      isConfirmed: true,
      bookingNumber: 'ADL-2027-118',
      notes: 'Late arrival',
      checkIn: iso(Date.UTC(2027, 2, 27, 14, 0)),
      checkOut: iso(Date.UTC(2027, 2, 29, 9, 0)),
      checkInDate: iso(Date.UTC(2027, 2, 27)),
      checkOutDate: iso(Date.UTC(2027, 2, 29)),
      // the nights: the 27th and the 28th, not the check-out day
      dayId: tour.days[0]!.id,
      dayIdList: [tour.days[0]!.id, tour.days[1]!.id],
    });
    expect(stay.location).toMatchObject({
      formatted_address: HOTEL.address,
      timeZone: 'Europe/Berlin',
      geometry: { location: { lat: HOTEL.lat, lng: HOTEL.lng } },
    });

    await h.run('stay.create', args, { key: call.idempotencyKey });
    expect(rows(h.snapshot(), 'stays')).toHaveLength(1);
    await h.undo(outcome.undo);
    expect(h.snapshot()).toEqual(before);
  });

  it('moves a check-in inside the skipped hour forward by the gap, and takes the days named', async () => {
    const outcome = await h.run('stay.create', {
      tourId: tour.id,
      title: 'Night Bus Hotel',
      type: 'RENTAL',
      location: HOTEL,
      timeZone: 'Europe/Berlin',
      checkIn: { date: '2027-03-28', time: '02:30' },
      checkOut: { date: '2027-03-28', time: '23:00' },
      days: ['2027-03-28'],
    });
    // 02:30 does not exist that night: it is 03:30 CEST, 01:30 UTC.
    expect(outcome.output).toMatchObject({ checkIn: '2027-03-28T01:30:00.000Z', checkOut: '2027-03-28T21:00:00.000Z' });
    const stay = rows(h.snapshot(), 'stays').find((row) => row.id === (outcome.output as { id: number }).id);
    expect(stay).toMatchObject({
      type: 'RENTAL',
      isConfirmed: false,
      checkInDate: iso(Date.UTC(2027, 2, 28)),
      dayIdList: [tour.days[1]!.id],
    });
    await h.undo(outcome.undo);
  });

  it('updates check-out and details in the stay’s zone and writes the previous values back on undo', async () => {
    const created = await h.run('stay.create', {
      tourId: tour.id,
      title: 'Hotel Bayerischer Hof',
      location: { address: 'Promenadeplatz 2-6, München', lat: 48.1403, lng: 11.5736 },
      timeZone: 'Europe/Berlin',
      checkIn: { date: '2027-03-29', time: '14:00' },
      checkOut: { date: '2027-03-30', time: '11:00' },
    });
    const stayId = (created.output as { id: number }).id;
    const before = h.snapshot();
    const args = {
      stayId,
      title: 'Bayerischer Hof',
      checkOut: { date: '2027-03-31', time: '12:30' },
      confirmed: true,
      confirmationNumber: 'BH-7',
      notes: 'Quiet rooms',
    };
    const call = h.stepCall('stay.update', args);
    const prepared = await h.prepare(call);
    const outcome = await h.run('stay.update', args, { key: call.idempotencyKey });
    expect(outcome.output).toEqual({ id: stayId });
    const stay = rows(h.snapshot(), 'stays').find((row) => row.id === stayId);
    expect(stay).toMatchObject({
      title: 'Bayerischer Hof',
      checkIn: iso(Date.UTC(2027, 2, 29, 12, 0)),
      checkOut: iso(Date.UTC(2027, 2, 31, 10, 30)),
      checkOutDate: iso(Date.UTC(2027, 2, 31)),
      isConfirmed: true,
      bookingNumber: 'BH-7',
      notes: 'Quiet rooms',
    });
    await h.undo(prepared);
    expect(h.snapshot()).toEqual(before);
    await h.undo(created.undo);
  });
});
