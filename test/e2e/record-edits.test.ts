/**
 * Pass types, guest list entries, rooms and the deletes that cannot be undone, on the real dev
 * server: a run edits a pass type and a guest list entry and deletes and restores a pass type, an
 * entry and a room; a failing last step rolls every write back (the whole store equal to before);
 * the same run without the failure makes them. A last run with `allowDestroy` deletes a bulletin,
 * the venue, the stay and the tour itself, none of which the API can restore.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { coversGroup } from '../actions/write-coverage.ts';

type Row = Record<string, unknown>;
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const DAY = '2027-03-27';
const HOTEL = {
  title: 'Hotel Adlon',
  location: { address: 'Unter den Linden 77, Berlin', lat: 52.5163, lng: 13.3805 },
  timeZone: 'Europe/Berlin',
  checkIn: { date: DAY, time: '15:00' },
  checkOut: { date: '2027-03-28', time: '11:00' },
};

describe('pass types, guest list entries, rooms and destroying deletes', () => {
  let stack: TestStack;
  let tourId: string;
  const rows = (table: string) => (stack.sandbox.snapshot({ normalise: true }) as Record<string, Row[]>)[table] ?? [];
  beforeAll(async () => {
    stack = await startTestStack();
    const inputs = {
      name: 'Record Edits',
      days: [
        { date: DAY, city: 'Berlin', dayType: 'Show' },
        { date: '2027-03-28', city: 'Berlin', dayType: 'Off' },
      ],
      venues: [{ date: DAY, title: 'Tempodrom', category: 'Arena' }],
      stays: [HOTEL],
    };
    const created = await stack.run('create-tour.yaml', inputs, 'records-tour');
    expect(created.result?.status, created.message).toBe('completed');
    tourId = created.result!.outputs.tourId as string;
    const setup = await stack.run(path.join(FIXTURES, 'records-setup.yaml'), { tourId, day: DAY }, 'records-setup');
    expect(setup.result?.status, setup.message).toBe('completed');
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('a failing last step undoes the pass type, guest list and room edits, deletes and restores: the store is as before', async () => {
    coversGroup('rooms');
    coversGroup('guest list');
    coversGroup('pass types');
    const before = stack.sandbox.snapshot({ normalise: true });
    stack.sandbox.faults.add({
      match: { method: 'POST', path: '^/v1/bulletins$' },
      kind: 'status',
      status: 409,
      times: 1,
    });
    const failed = await stack.run(path.join(FIXTURES, 'records-run.yaml'), { tourId, day: DAY }, 'records-fail');
    stack.sandbox.faults.clear();
    expect(failed.result?.status, failed.message).toBe('rolledBack');
    const states = Object.fromEntries(failed.result!.steps.map((step) => [step.id, step.state]));
    expect(states).toEqual({
      editPass: 'undone',
      dropPass: 'undone',
      restorePass: 'undone',
      editGuest: 'undone',
      dropGuest: 'undone',
      restoreGuest: 'undone',
      dropRoom: 'undone',
      restoreRoom: 'undone',
      post: 'failed',
    });
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);
  });

  it('makes the edits once per run key, and the deleted records are back', async () => {
    const outcome = await stack.run(path.join(FIXTURES, 'records-run.yaml'), { tourId, day: DAY }, 'records');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(
      rows('passTypes')
        .map((row) => [row.name, row.quantity ?? null])
        .sort(),
    ).toEqual([
      ['Photo', null],
      ['VIP Lounge', 40],
    ]);
    expect(
      rows('guests')
        .map((row) => [row.firstName, row.numberOfGuests])
        .sort(),
    ).toEqual([
      ['Ada', 3],
      ['Ben', 1],
    ]);
    expect(rows('rooms')).toEqual([expect.objectContaining({ roomNumber: 101, isDeleted: false })]);
    const after = stack.sandbox.snapshot({ normalise: true });
    await stack.run(path.join(FIXTURES, 'records-run.yaml'), { tourId, day: DAY }, 'records');
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(after);
  });

  it('with allowDestroy deletes the bulletin, the venue, the stay and the tour', async () => {
    coversGroup('tours');
    const titles = () => ({
      bulletins: rows('bulletins').map((row) => row.title),
      venues: rows('venues').map((row) => row.title),
      stays: rows('stays').map((row) => row.title),
      tour: rows('tours').some((row) => row.id === tourId),
    });
    expect(titles()).toEqual({
      bulletins: ['Bus call', 'Passes updated'],
      venues: ['Tempodrom'],
      stays: ['Hotel Adlon'],
      tour: true,
    });
    const outcome = await stack.run(path.join(FIXTURES, 'records-destroy.yaml'), { tourId }, 'records-destroy');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(titles()).toEqual({ bulletins: [], venues: [], stays: [], tour: false });
  });
});
