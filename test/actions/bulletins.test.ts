/** bulletin.create against the sandbox: the record field by field, one bulletin per key, undo by delete. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';

describe('bulletin actions', () => {
  let h: Harness;
  let tour: Awaited<ReturnType<Harness['createTour']>>;
  beforeAll(async () => {
    h = await startHarness();
    tour = await h.createTour('Bulletin Tour');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('posts a pinned bulletin on a day; the same key posts it once; its undo deletes it', async () => {
    const before = h.snapshot();
    const args = {
      tourId: tour.id,
      day: '2027-03-28',
      title: 'Bus leaves at 9',
      body: 'Lobby call 8:45.',
      pinned: true,
    };
    const call = h.stepCall('bulletin.create', args);
    const outcome = await h.run('bulletin.create', args, { key: call.idempotencyKey });
    const { id } = outcome.output as { id: string };
    expect(typeof id).toBe('string');
    const stored = rows(h.snapshot(), 'bulletins');
    expect(stored).toEqual([
      expect.objectContaining({
        id,
        tourId: tour.id,
        dayId: tour.days[1]!.id,
        title: 'Bus leaves at 9',
        body: 'Lobby call 8:45.',
        isPinned: true,
        hasNotification: false,
      }),
    ]);
    await h.run('bulletin.create', args, { key: call.idempotencyKey });
    expect(rows(h.snapshot(), 'bulletins')).toHaveLength(1);
    await h.undo(outcome.undo);
    expect(h.snapshot()).toEqual(before);
  });

  it('says in the undo that a sent notification stays sent', async () => {
    const outcome = await h.run('bulletin.create', {
      tourId: tour.id,
      day: tour.days[0]!.id,
      title: 'Welcome',
      body: 'Hi all',
      notify: true,
    });
    expect(outcome.undo[0]!.describe).toContain('notification stays sent');
    await h.undo(outcome.undo);
  });

  it('refuses a day that is not in the tour', async () => {
    const failure = await failureOf(
      h.run('bulletin.create', { tourId: tour.id, day: '2027-05-01', title: 'T', body: 'B' }),
    );
    expect(failure.type).toBe('UNKNOWN_DAY');
  });
});
