/**
 * create-tour on its own: the records it leaves in the sandbox field by field (a stay across
 * the March 2027 clock change included), its rollback, and a repeated run key changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { coversGroup } from '../actions/write-coverage.ts';

type Row = Record<string, unknown>;
const rows = (stack: TestStack, table: string) =>
  (stack.sandbox.snapshot({ normalise: true }) as Record<string, Row[]>)[table] ?? [];

const inputs = {
  name: 'DST Run',
  timeZone: 'Europe/Berlin',
  days: [
    { date: '2027-03-27', city: 'Berlin', dayType: 'Show' },
    { date: '2027-03-28', city: 'Hamburg', dayType: 'Travel' },
    { date: '2027-03-29', city: 'Copenhagen', dayType: 'Show', timeZone: 'Europe/Copenhagen' },
  ],
  venues: [
    {
      date: '2027-03-27',
      title: 'Velodrom',
      category: 'Arena',
      capacity: 12000,
      location: { address: 'Paul-Heyse-Straße 26, 10407 Berlin', lat: 52.5334, lng: 13.4445 },
    },
  ],
  stays: [
    {
      title: 'Hotel Across The Change',
      location: { address: 'Oranienburger Straße 52, 10117 Berlin', lat: 52.5246, lng: 13.3933 },
      timeZone: 'Europe/Berlin',
      checkIn: { date: '2027-03-27', time: '15:00' },
      checkOut: { date: '2027-03-28', time: '11:00' },
    },
  ],
};

describe('create-tour', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('leaves nothing behind when a later write fails', async () => {
    coversGroup('tours');
    const before = stack.sandbox.snapshot({ normalise: true });
    stack.sandbox.faults.add({
      match: { method: 'POST', path: '^/v1/accommodation$' },
      kind: 'status',
      status: 409,
      times: 1,
    });
    const outcome = await stack.run('create-tour.yaml', inputs, 'dst-fail');
    stack.sandbox.faults.clear();
    expect(outcome.exitCode).toBe(3);
    expect(outcome.result?.undone.map((u) => u.describe)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^delete tour DST Run/)]),
    );
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
  });

  it('creates the tour, its days, venue and stay field by field; the same run key changes nothing', async () => {
    const outcome = await stack.run('create-tour.yaml', inputs, 'dst');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    const tourId = outcome.result!.outputs.tourId as string;

    const tour = rows(stack, 'tours').find((t) => t.id === tourId)!;
    expect(tour).toMatchObject({
      name: 'DST Run',
      timeZone: 'Europe/Berlin',
      startDate: '2027-03-27T00:00:00.000Z',
      endDate: '2027-03-29T00:00:00.000Z',
      isDeleted: false,
    });

    const days = (outcome.result!.outputs.days as Row[]).map((d) => [d.date, d.name, d.dayType, d.timeZone]);
    expect(days).toEqual([
      ['2027-03-27', 'Berlin', 'Show', 'Europe/Berlin'],
      ['2027-03-28', 'Hamburg', 'Travel', 'Europe/Berlin'],
      ['2027-03-29', 'Copenhagen', 'Show', 'Europe/Copenhagen'],
    ]);

    const venue = rows(stack, 'venues').find((v) => v.title === 'Velodrom')!;
    expect(venue).toMatchObject({ capacity: 12000, tourId, isDeleted: false });

    // 15:00 CET on the 27th is 14:00 UTC; 11:00 CEST on the 28th, after the clocks went forward, is 09:00 UTC
    expect(rows(stack, 'stays').find((s) => s.title === 'Hotel Across The Change')).toMatchObject({
      tourId,
      type: 'HOTEL',
      checkIn: '2027-03-27T14:00:00.000Z',
      checkOut: '2027-03-28T09:00:00.000Z',
      checkInDate: '2027-03-27T00:00:00.000Z',
      checkOutDate: '2027-03-28T00:00:00.000Z',
      location: expect.objectContaining({
        formatted_address: 'Oranienburger Straße 52, 10117 Berlin',
        timeZone: 'Europe/Berlin',
      }),
    });

    const after = stack.sandbox.snapshot({ normalise: true });
    const again = await stack.run('create-tour.yaml', inputs, 'dst');
    expect(again.result?.outputs.tourId).toBe(tourId);
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(after);
  });
});
