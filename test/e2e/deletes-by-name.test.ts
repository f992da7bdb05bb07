/**
 * Deletes and edits that name their records, on the real dev server: a guest entry by the
 * guest's name on a day, a pass type and a template by name, a room by its stay and number, a
 * bulletin by title. A failing last step rolls every delete back (the store as it was); run
 * again, the records are gone.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADLON_STAY } from '../support/tour-data.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

type Row = Record<string, unknown>;
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');

describe('deletes by name', () => {
  let stack: TestStack;
  let tourId: string;
  const rows = (table: string) =>
    ((stack.sandbox.snapshot({ normalise: true }) as Record<string, Row[]>)[table] ?? []).filter(
      (row) => !('tourId' in row) || row.tourId === tourId,
    );
  beforeAll(async () => {
    stack = await startTestStack();
    const created = await stack.run(
      'create-tour.yaml',
      {
        name: 'Deletes By Name',
        days: [{ date: '2027-03-27', city: 'Berlin', dayType: 'Show' }],
        stays: [ADLON_STAY],
      },
      'deletes-by-name-tour',
    );
    expect(created.result?.status, created.message).toBe('completed');
    tourId = created.result!.outputs.tourId as string;
    const setup = await stack.run(path.join(FIXTURES, 'named-records.yaml'), { tourId }, 'deletes-by-name-setup');
    expect(setup.result?.status, setup.message).toBe('completed');
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('rolls every delete back when the last step fails, and deletes them all when it does not', async () => {
    for (const table of ['guests', 'passTypes', 'rooms', 'templates', 'bulletins'])
      expect(rows(table), table).toHaveLength(1);
    const before = stack.sandbox.snapshot({ normalise: true });
    stack.sandbox.faults.add({
      match: { method: 'PUT', path: '^/v1/bulletins/' },
      kind: 'status',
      status: 409,
      times: 1,
    });
    const failed = await stack.run(path.join(FIXTURES, 'delete-by-name.yaml'), { tourId }, 'deletes-by-name-fail');
    stack.sandbox.faults.clear();
    expect(failed.result?.status, failed.message).not.toBe('completed');
    expect(stack.sandbox.snapshot({ normalise: true })).toEqual(before);

    const outcome = await stack.run(path.join(FIXTURES, 'delete-by-name.yaml'), { tourId }, 'deletes-by-name');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    expect(outcome.result?.outputs.deleted).toEqual([
      expect.any(Number),
      expect.any(Number),
      expect.any(Number),
      expect.any(Number),
    ]);
    expect(rows('guests')).toEqual([]);
    expect(rows('passTypes')).toEqual([]);
    expect(rows('rooms')).toEqual([]);
    expect(rows('templates')).toEqual([]);
    expect(rows('bulletins')).toEqual([expect.objectContaining({ title: 'Bus call', body: 'Lobby at 9:15' })]);
  }, 120_000);
});
