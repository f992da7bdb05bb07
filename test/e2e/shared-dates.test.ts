/**
 * Two days on one date, on the real dev server: a festival added on an off day's date is
 * reported among the run's warnings; a guest given by that date alone fails the run with both
 * days named, and the rollback leaves the guest list as it was; by date and name, the guest
 * lands on the festival.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderResult } from '../../cli/render.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

type Row = Record<string, unknown>;
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');

describe('days that share a date', () => {
  let stack: TestStack;
  let tourId: string;
  let copenhagen: number;
  const rows = (table: string) =>
    ((stack.sandbox.snapshot({ normalise: true }) as Record<string, Row[]>)[table] ?? []).filter(
      (row) => row.tourId === tourId,
    );
  beforeAll(async () => {
    stack = await startTestStack();
    const days = [
      { date: '2026-12-01', city: 'Aarhus', dayType: 'Show' },
      { date: '2026-12-02', city: 'Copenhagen', dayType: 'Off' },
    ];
    const created = await stack.run(
      'create-tour.yaml',
      { name: 'Shared Date Run', days, timeZone: 'Europe/Copenhagen' },
      'shared-dates-tour',
    );
    expect(created.result?.status, created.message).toBe('completed');
    tourId = created.result!.outputs.tourId as string;
    copenhagen = (rows('days').find((day) => day.name === 'Copenhagen') as { id: number }).id;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('warns of the shared date, refuses a guest by the date alone, and places one by date and name', async () => {
    const added = await stack.run(path.join(FIXTURES, 'festival-day.yaml'), { tourId }, 'shared-dates-festival');
    expect(added.result?.status, added.message).toBe('completed');
    const festival = (rows('days').find((day) => day.name === 'Roskilde Festival') as { id: number }).id;
    const warning =
      `Tour Shared Date Run now has 2 days on 2026-12-02: Copenhagen (Off, ID ${copenhagen}), Roskilde Festival (Show, ID ${festival}); ` +
      'a step that gives one of them by its date alone fails: give { date: 2026-12-02, name: ... } or its ID.';
    expect(renderResult(added.result!).slice(-2)).toEqual(['warnings:', `  - ${warning}`]);

    const refused = await stack.run(
      path.join(FIXTURES, 'festival-guests.yaml'),
      { tourId, byDateAlone: true },
      'shared-dates-refused',
    );
    expect(refused.result?.status, refused.message).toBe('rolledBack');
    expect(refused.result?.error?.message).toContain(
      `Tour Shared Date Run has 2 days on 2026-12-02: Copenhagen (Off, ID ${copenhagen}), Roskilde Festival (Show, ID ${festival}); give { date: 2026-12-02, name: ... } or its ID.`,
    );
    expect(refused.result?.error?.message).not.toMatch(/Zoe|Mueller|Ada|Lind/);
    expect(rows('guests')).toEqual([]);

    const placed = await stack.run(path.join(FIXTURES, 'festival-guests.yaml'), { tourId }, 'shared-dates-placed');
    expect(placed.result?.status, placed.message).toBe('completed');
    expect(placed.result?.outputs.dayId).toBe(festival);
    expect(rows('guests')).toEqual([expect.objectContaining({ dayId: festival })]);
  }, 120_000);
});
