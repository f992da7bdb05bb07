/**
 * Time arithmetic in a playbook on the real dev server: one expression, `addMinutes(item.start,
 * 30)`, moves every "Doors" item of a tour half an hour later, round midnight included; the
 * other items keep their times, read back through the API.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');

describe('moving every Doors item 30 minutes later', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('changes the Doors items only, each by 30 minutes', async () => {
    const days = [
      { date: '2027-05-01', city: 'Berlin', dayType: 'Show' },
      { date: '2027-05-02', city: 'Hamburg', dayType: 'Show' },
    ];
    const created = await stack.run('create-tour.yaml', { name: 'Late Doors', days }, 'late-doors-tour');
    expect(created.result?.status, created.message).toBe('completed');
    const tourId = created.result!.outputs.tourId as string;
    const items = [
      { day: '2027-05-01', name: 'Doors', start: '19:30' },
      { day: '2027-05-01', name: 'Show', start: '20:30' },
      { day: '2027-05-02', name: 'Doors', start: '23:45' },
      { day: '2027-05-02', name: 'Soundcheck', start: '16:00' },
    ];
    const added = await stack.run(path.join(FIXTURES, 'items-of-tour.yaml'), { tourId, items }, 'late-doors-items');
    expect(added.result?.status, added.message).toBe('completed');

    const moved = await stack.run(path.join(FIXTURES, 'move-doors.yaml'), { tourId }, 'late-doors');
    expect(moved.result?.status, moved.message).toBe('completed');
    expect(moved.result!.outputs.items).toEqual(
      expect.arrayContaining([
        '2027-05-01 Doors 20:00',
        '2027-05-01 Show 20:30',
        '2027-05-02 Doors 00:15',
        '2027-05-02 Soundcheck 16:00',
      ]),
    );
    expect(moved.result!.outputs.items).toHaveLength(4);
  }, 120_000);
});
