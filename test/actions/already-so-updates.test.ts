/**
 * bulletin.update, passType.update and contact.update that find their record as asked already:
 * they send no write, say "already so", and mark their outcome `wroteNothing`, so the saga drops
 * their undo and a rollback leaves the record alone. A later attempt that finds it so (its first
 * attempt's answer lost) keeps the prepared undo; a value that differs, even only in form, is
 * written. Writes are counted at the sandbox (every request that is not a GET).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepOutcome } from '../../activities/types.ts';
import type { JsonValue } from '../../definitions/plan-types.ts';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';
import { countWrites } from '../support/write-counter.ts';

describe('updates of bulletins, pass types and key contacts that are already so', () => {
  let h: Harness;
  let tourId: string;
  let writes: () => number;
  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Already So Records')).id;
    writes = countWrites(h.sandbox);
  });
  afterAll(async () => {
    await h?.close();
  });

  /**
   * Runs the step as the workflow does (undo prepared first), then undoes what the saga keeps of
   * it (nothing when it wrote nothing); returns its outcome, the writes the step sent and whether
   * the store ended as it began.
   */
  async function stepAndRollback(
    action: string,
    args: JsonValue,
  ): Promise<{ outcome: StepOutcome; writes: number; unchanged: boolean }> {
    const before = h.snapshot();
    const call = h.stepCall(action, args);
    const prepared = await h.prepare(call);
    const start = writes();
    const outcome = await h.run(action, args, { key: call.idempotencyKey });
    const sent = writes() - start;
    await h.undo(outcome.wroteNothing ? outcome.undo : prepared);
    return { outcome, writes: sent, unchanged: JSON.stringify(h.snapshot()) === JSON.stringify(before) };
  }

  /**
   * A step whose first attempt wrote and lost its answer, and whose second attempt finds the
   * record so: returns that attempt's outcome and writes, after running the undo the saga keeps.
   */
  async function lostThenAgain(
    action: string,
    args: JsonValue,
    write: { method: string; path: string },
  ): Promise<{ outcome: StepOutcome; writes: number }> {
    const call = h.stepCall(action, args);
    const prepared = await h.prepare(call);
    h.sandbox.faults.add({ kind: 'dropAfterCommit', match: write, times: 1 });
    await failureOf(h.run(action, args, { key: call.idempotencyKey }));
    const start = writes();
    const outcome = await h.secondAttempt(call);
    const sent = writes() - start;
    await h.undo(outcome.wroteNothing ? outcome.undo : prepared);
    return { outcome, writes: sent };
  }

  describe('bulletin.update', () => {
    let bulletinId: string;
    const bulletin = () => rows(h.snapshot(), 'bulletins').find((row) => row.id === bulletinId);
    beforeAll(async () => {
      const posted = await h.run('bulletin.create', { tourId, day: '2027-03-28', title: 'Bus at 9', body: 'Lobby' });
      bulletinId = (posted.output as { id: string }).id;
    });

    it('with the title, text and pin it has writes nothing, leaves it unedited, and its rollback changes nothing', async () => {
      const same = await stepAndRollback('bulletin.update', {
        tourId,
        bulletin: 'Bus at 9',
        title: 'Bus at 9',
        body: 'Lobby',
        pinned: false,
      });
      expect(same.writes).toBe(0);
      expect(same.outcome.wroteNothing).toBe(true);
      expect(same.outcome.describe).toBe(`bulletin ${bulletinId} already so (title, body, isPinned): nothing written`);
      expect(same.unchanged).toBe(true);
      expect(bulletin()).toMatchObject({ title: 'Bus at 9', isEdited: false });
    });

    it('a later attempt that finds the bulletin so writes nothing and keeps the undo: the rollback puts it back', async () => {
      const again = await lostThenAgain(
        'bulletin.update',
        { tourId, bulletinId, pinned: true },
        { method: 'PUT', path: '^/v1/bulletins/' },
      );
      expect([again.writes, again.outcome.wroteNothing]).toEqual([0, undefined]);
      expect(again.outcome.describe).toBe(`bulletin ${bulletinId} already so (isPinned): nothing written`);
      expect(bulletin()).toMatchObject({ isPinned: false });
    });

    it('a title that differs only in case is written', async () => {
      const changed = await stepAndRollback('bulletin.update', {
        tourId,
        bulletinId,
        title: 'bus at 9',
        pinned: false,
      });
      expect([changed.writes, changed.outcome.wroteNothing]).toEqual([1, undefined]);
      expect(changed.outcome.describe).toBe(`edited bulletin ${bulletinId} (title, isPinned)`);
      await h.run('bulletin.update', { tourId, bulletinId, title: 'bus at 9' });
      expect(bulletin()).toMatchObject({ title: 'bus at 9' });
    });
  });
});
