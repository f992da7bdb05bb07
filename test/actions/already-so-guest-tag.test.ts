/**
 * tag.update and guest.update with the values the record holds already. tag.update reads the tag
 * first: when its name and color are as given it sends no write, says `already so`, marks its
 * outcome `wroteNothing` (the saga drops its undo, so a rollback leaves the tag alone); a later
 * attempt that finds it so keeps its prepared undo, for an earlier attempt may have written.
 * guest.update always writes: every edit sends pickup method and passes, which the guest list
 * read does not show, so an entry is never known to hold them already. Writes are counted at the
 * sandbox (every request that is not a GET).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepOutcome, UndoRecord } from '../../activities/types.ts';
import type { JsonValue } from '../../definitions/plan-types.ts';
import { countWrites } from '../support/write-counter.ts';
import { rows, startHarness, type Harness } from './activity-harness.ts';

describe('tag.update and guest.update of what is already so', () => {
  let h: Harness;
  let tourId: string;
  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Already So Tags')).id;
    await h.run('tag.create', { tourId, name: 'Band', color: 'Blue' });
    await h.run('tag.create', { tourId, name: 'Crew', color: 'Red' });
    await h.run('passType.create', { tourId, name: 'VIP' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const tagNamed = (name: string) => rows(h.snapshot(), 'tags').find((tag) => tag.name === name);

  /**
   * Runs the step as the workflow does (undo prepared first), then rolls it back as the saga
   * would: the prepared undo, or nothing when the outcome wrote nothing. Returns the outcome, the
   * writes of the step and of the rollback, and whether the rollback changed the store.
   */
  async function runAndRollBack(action: string, args: JsonValue) {
    const call = h.stepCall(action, args);
    const prepared = await h.prepare(call);
    const stepWrites = countWrites(h.sandbox);
    const outcome = await h.run(action, args, { key: call.idempotencyKey });
    const writes = stepWrites();
    const after = h.snapshot();
    const rollbackWrites = countWrites(h.sandbox);
    await h.undo(kept(outcome, prepared));
    return { outcome, writes, rollbackWrites: rollbackWrites(), rollbackChanged: !equalStores(after, h.snapshot()) };
  }

  /** The undo the saga keeps for a step: none when it wrote nothing, else the prepared one. */
  const kept = (outcome: StepOutcome, prepared: UndoRecord[]) =>
    outcome.wroteNothing ? outcome.undo : prepared.length > 0 ? prepared : outcome.undo;
  const equalStores = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

  it('tag.update with the name and color the tag has writes nothing and says so; its rollback writes nothing', async () => {
    const before = tagNamed('Band');
    const same = await runAndRollBack('tag.update', { tourId, tag: 'band', name: 'Band', color: 'Blue' });
    expect(same.outcome.describe).toBe('tag Band already so (name, colorId): nothing written');
    expect(same.outcome.wroteNothing).toBe(true);
    expect(same.outcome.output).toEqual({ id: before.id, name: 'Band' });
    expect([same.writes, same.rollbackWrites, same.rollbackChanged]).toEqual([0, 0, false]);
    expect(tagNamed('Band')).toEqual(before);
  });

  it('tag.update with another color, or the name in other capitals, writes it; its rollback puts the tag back', async () => {
    const before = tagNamed('Band');
    const changed = await runAndRollBack('tag.update', { tourId, tag: 'Band', name: 'Band', color: 'Green' });
    expect(changed.outcome.describe).toBe('updated tag Band (name, colorId)');
    expect(changed.outcome.wroteNothing).toBeUndefined();
    expect([changed.writes, changed.rollbackWrites, changed.rollbackChanged]).toEqual([1, 1, true]);
    expect(tagNamed('Band')).toEqual(before);
    const recased = await runAndRollBack('tag.update', { tourId, tag: 'Band', name: 'BAND' });
    expect([recased.outcome.describe, recased.writes]).toEqual(['updated tag Band (name)', 1]);
  });

  it('tag.update in a later attempt that finds the rename made writes nothing but keeps its undo: the earlier attempt made it', async () => {
    const before = tagNamed('Crew');
    const args = { tourId, tag: 'Crew', name: 'Crew only' };
    const call = h.stepCall('tag.update', args);
    const prepared = await h.prepare(call);
    // The first attempt's write lands; its answer is lost, so the activity runs again.
    await h.run('tag.update', args, { key: call.idempotencyKey });
    const writes = countWrites(h.sandbox);
    const again = await h.secondAttempt(call);
    expect(writes()).toBe(0);
    expect(again.describe).toBe('tag Crew only already so (name): nothing written');
    expect(again.wroteNothing).toBeUndefined();
    await h.undo(kept(again, prepared));
    expect(tagNamed('Crew')).toEqual(before);
  });

  it('guest.update with the entry’s own values still writes: pickup method and passes cannot be read to compare', async () => {
    const entry = { tourId, day: '2027-03-27', lastName: 'Same', guests: 2, status: 'Pending', pickup: 'Will Call' };
    const created = await h.run('guest.create', { ...entry, firstName: 'Pat', notes: 'Aisle' });
    const { id } = created.output as { id: number };
    const update = { ...entry, guestId: id, notes: 'Aisle' };
    const same = await runAndRollBack('guest.update', { ...update, passes: [] });
    expect([same.writes, same.outcome.wroteNothing]).toEqual([1, undefined]);
    expect(same.outcome.describe).toBe(
      `updated guest list entry ${id} on 2027-03-27 (lastName, numberOfGuests, statusId, notes)`,
    );
    const passes = await runAndRollBack('guest.update', { ...update, passes: [{ type: 'VIP', count: 2 }] });
    expect(passes.writes).toBe(1);
    expect(rows(h.snapshot(), 'guests').find((guest) => guest.id === id).passes).toHaveLength(1);
  });
});
