/**
 * Tag actions against the sandbox: create (undone by delete), the final delete (no undo, a
 * warning with the usage), and setting an item's tags (undone by a write-back).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, startHarness, type Harness } from './activity-harness.ts';

describe('tag actions', () => {
  let h: Harness;
  let tourId: string;
  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Tag Tour')).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  const tags = () => rows(h.snapshot(), 'tags').filter((tag) => tag.tourId === tourId);

  it('tag.create resolves the color by name; the same key creates one tag; its undo deletes it', async () => {
    const before = h.snapshot();
    const args = { tourId, name: 'Production', color: 'green' };
    const call = h.stepCall('tag.create', args);
    const outcome = await h.run('tag.create', args, { key: call.idempotencyKey });
    const { id } = outcome.output as { id: number };
    const green = (await h.client.lookups.entries('avatarColors')).find((entry) => entry.name === 'Green')!.id;
    expect(tags()).toEqual([expect.objectContaining({ id, name: 'Production', colorId: green })]);
    await h.run('tag.create', args, { key: call.idempotencyKey });
    expect(tags()).toHaveLength(1);
    await h.undo(outcome.undo);
    expect(h.snapshot()).toEqual(before);
  });

  it('schedule.item.setTags replaces the set and reports the previous one; the write-back restores it', async () => {
    const a = await h.run('tag.create', { tourId, name: 'Band', color: 'Red' });
    const b = await h.run('tag.create', { tourId, name: 'Crew', color: 'Blue' });
    const [bandId, crewId] = [(a.output as { id: number }).id, (b.output as { id: number }).id];
    const item = await h.run('schedule.item.create', {
      tourId,
      day: '2027-03-27',
      name: 'Lunch',
      start: '13:00',
      tags: ['Band'],
    });
    const itemId = (item.output as { id: number }).id;
    const before = h.snapshot();
    const call = h.stepCall('schedule.item.setTags', { tourId, day: '2027-03-27', itemId, tags: ['crew', bandId] });
    const undo = await h.prepare(call);
    const outcome = await h.run('schedule.item.setTags', call.args, { key: call.idempotencyKey });
    expect(outcome.output).toEqual({ tagIds: [crewId, bandId], previous: [bandId] });
    expect(rows(h.snapshot(), 'scheduleItems').find((row) => row.id === itemId).tagIds).toEqual([crewId, bandId]);
    await h.undo(undo);
    expect(h.snapshot()).toEqual(before);
  });

  it('tag.delete removes the tag from every item for good and says how many carried it', async () => {
    await h.run('tag.create', { tourId, name: 'Press', color: 'Yellow' });
    await h.run('schedule.item.create', {
      tourId,
      day: '2027-03-28',
      name: 'Interview',
      start: '11:00',
      tags: ['Press'],
    });
    const call = h.stepCall('tag.delete', { tourId, tag: 'press' });
    expect(await h.prepare(call)).toEqual([]);
    const outcome = await h.run('tag.delete', call.args, { key: call.idempotencyKey });
    expect(outcome.output).toMatchObject({ usageCount: 1 });
    expect(outcome.undo).toEqual([]);
    expect(outcome.warnings?.[0]).toContain('cannot be undone');
    expect(tags().map((tag) => tag.name)).not.toContain('Press');
    expect(rows(h.snapshot(), 'scheduleItems').find((row) => row.name === 'Interview').tagIds).toEqual([]);
  });
});
