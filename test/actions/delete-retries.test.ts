/**
 * A delete tried again after an earlier try whose answer was lost, against the sandbox over
 * HTTP: one rule (`isRetry` in activities/actions/attempts.ts) for both layers that try again.
 * A 404 is the earlier try's delete when the client sent the request before or when an earlier
 * attempt of the activity ran; on a first try it stays the playbook's mistake.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';

describe('a delete tried again after a lost answer', () => {
  let h: Harness;
  let tourId: string;
  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Delete Retry Tour')).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  const items = () => rows(h.snapshot(), 'scheduleItems').filter((item) => item.tourId === tourId);

  it('a second attempt of the activity whose item an earlier attempt deleted by ID is done; a first attempt fails', async () => {
    const created = await h.run('schedule.item.create', { tourId, day: '2027-03-27', name: 'Doors', start: '19:00' });
    const { id } = created.output as { id: number };
    const call = h.stepCall('schedule.item.delete', { itemId: id });
    // The first attempt ran elsewhere and deleted it; its answer was lost.
    await h.run('schedule.item.delete', call.args, { key: call.idempotencyKey });
    expect(items().find((row) => row.id === id)).toBeUndefined();

    const second = await h.secondAttempt(call);
    expect(second).toMatchObject({ output: { id }, undo: [] });
    expect((await failureOf(h.run('schedule.item.delete', call.args))).message).toMatch(/404|not found/i);
  });
});
