/**
 * An update that finds its record already so writes nothing, and so a rollback has nothing to
 * put back there: a run whose venue update is already so and whose later step fails rolls
 * back without touching that venue (its `updatedAt` as before, no write request to it), and
 * its report lists as restored only the venue that was changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { startTestStack, uniqueSeed, type TestStack } from '../support/stack.ts';

const PLAYBOOK = path.resolve(import.meta.dirname, 'fixtures/already-so-rollback.yaml');

interface StoredVenue {
  id: number;
  title: string;
  tourId?: string;
  notes?: string | null;
  updatedAt: string;
}

describe('a rollback after an update that was already so', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ sandbox: { seed: uniqueSeed() } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const venuesOf = (tourId: string): StoredVenue[] =>
    ((stack.sandbox.snapshot().venues ?? []) as StoredVenue[]).filter((venue) => venue.tourId === tourId);

  it('leaves the already-so venue untouched and does not report it restored', async () => {
    const tour = await stack.run('create-tour.yaml', {
      name: 'Already So Rollback',
      days: [
        { date: '2027-03-26', city: 'Berlin', dayType: 'Show' },
        { date: '2027-03-28', city: 'Hamburg', dayType: 'Show' },
      ],
      venues: [
        { date: '2027-03-26', title: 'Uber Arena', category: 'Arena', capacity: 12000 },
        { date: '2027-03-28', title: 'Docks', category: 'Club', capacity: 1500 },
      ],
      stays: [],
    });
    expect(tour.result?.status, tour.message).toBe('completed');
    const tourId = tour.result!.outputs.tourId as string;
    const before = new Map(venuesOf(tourId).map((venue) => [venue.title, venue]));
    const arena = before.get('Uber Arena')!;
    const writesToArena = stack.sandbox.faults.add({
      kind: 'latency',
      ms: 0,
      times: 1_000,
      match: { method: 'PUT', path: `^/v1/venues/${arena.id}$` },
    });

    const run = await stack.run(PLAYBOOK, { tourId });
    expect(run.result?.status, run.message).toBe('rolledBack');
    expect(run.result?.error?.stepId).toBe('missing_day');
    expect(run.result?.done).toContain('capacity: venue Uber Arena already so (capacity): nothing written');

    const after = new Map(venuesOf(tourId).map((venue) => [venue.title, venue]));
    expect(after.get('Uber Arena')).toEqual(arena);
    expect(stack.sandbox.faults.list().find((rule) => rule.id === writesToArena)?.times, 'writes to the arena').toBe(
      1_000,
    );
    // The venue that was changed is put back, and it alone is reported restored.
    expect(after.get('Docks')?.notes ?? null).toBe(before.get('Docks')?.notes ?? null);
    expect(run.result?.undone.map((undo) => undo.stepId)).toEqual(['notes']);
    expect(run.result?.leftBehind).toEqual([]);
  }, 120_000);
});
