/**
 * passType.create against the sandbox: the record, one per key, and an undo that deletes it
 * unless guests still hold it (then it is left in place and reported with the holders).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';

describe('pass type actions', () => {
  let h: Harness;
  let tour: Awaited<ReturnType<Harness['createTour']>>;
  beforeAll(async () => {
    h = await startHarness();
    tour = await h.createTour('Pass Tour');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('creates a pass type once per key; its undo deletes it', async () => {
    const before = h.snapshot();
    const args = { tourId: tour.id, name: 'Laminate AAA', description: 'All areas', material: 'Laminate' };
    const call = h.stepCall('passType.create', args);
    const outcome = await h.run('passType.create', args, { key: call.idempotencyKey });
    const { id } = outcome.output as { id: number };
    expect(outcome.output).toEqual({ id, name: 'Laminate AAA' });
    expect(rows(h.snapshot(), 'passTypes')).toEqual([
      expect.objectContaining({
        id,
        tourId: tour.id,
        name: 'Laminate AAA',
        description: 'All areas',
        passMaterialTypeId: await h.client.lookups.resolve('passMaterialTypes', 'Laminate'),
      }),
    ]);
    await h.run('passType.create', args, { key: call.idempotencyKey });
    expect(rows(h.snapshot(), 'passTypes')).toHaveLength(1);
    await h.undo(outcome.undo);
    expect(h.snapshot()).toEqual(before);
    await h.undo(outcome.undo); // already gone: nothing to do
  });

  it('leaves a pass type that a guest still holds, naming the entry, instead of forcing', async () => {
    const outcome = await h.run('passType.create', { tourId: tour.id, name: 'Photo' });
    const { id } = outcome.output as { id: number };
    const guest = await h.run('guest.create', {
      tourId: tour.id,
      day: '2027-03-27',
      firstName: 'Lee',
      lastName: 'Lens',
      pickup: 'Will Call',
      passes: [{ type: 'Photo', count: 1 }],
    });
    const guestId = (guest.output as { id: number }).id;
    const failure = await failureOf(h.undo(outcome.undo));
    expect(failure.type).toBe('CANNOT_UNDO');
    expect(failure.message).toContain(`entries ${guestId} hold it`);
    expect(rows(h.snapshot(), 'passTypes').map((row) => row.id)).toContain(id);
    // once this run's entry is undone, the pass type goes too
    await h.undo(guest.undo);
    await h.undo(outcome.undo);
    expect(rows(h.snapshot(), 'passTypes').map((row) => row.id)).not.toContain(id);
  });
});
