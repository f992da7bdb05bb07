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
import type { StoreSnapshot } from '../../sandbox/index.ts';
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

  /** What a step did: the writes it sent, its `wroteNothing` and text. */
  interface Done {
    writes: number;
    wroteNothing: boolean;
    describe: string;
  }
  const done = (outcome: StepOutcome, writes: number): Done => ({
    writes,
    wroteNothing: outcome.wroteNothing === true,
    describe: outcome.describe ?? '',
  });

  /**
   * Runs the step as the workflow does (undo prepared first), then undoes what the saga keeps of
   * it (nothing when it wrote nothing); returns what it did, the store after it, and whether the
   * store ended as it began.
   */
  async function stepAndRollback(
    action: string,
    args: JsonValue,
  ): Promise<Done & { after: StoreSnapshot; unchanged: boolean }> {
    const before = h.snapshot();
    const call = h.stepCall(action, args);
    const prepared = await h.prepare(call);
    const start = writes();
    const outcome = await h.run(action, args, { key: call.idempotencyKey });
    const after = h.snapshot();
    const sent = writes() - start;
    await h.undo(outcome.wroteNothing ? outcome.undo : prepared);
    return { ...done(outcome, sent), after, unchanged: JSON.stringify(h.snapshot()) === JSON.stringify(before) };
  }

  /**
   * A step whose first attempt wrote and lost its answer, and whose second attempt finds the
   * record so: returns what that attempt did, after running the undo the saga keeps.
   */
  async function lostThenAgain(
    action: string,
    args: JsonValue,
    write: { method: string; path: string },
  ): Promise<Done> {
    const call = h.stepCall(action, args);
    const prepared = await h.prepare(call);
    h.sandbox.faults.add({ kind: 'dropAfterCommit', match: write, times: 1 });
    await failureOf(h.run(action, args, { key: call.idempotencyKey }));
    const start = writes();
    const outcome = await h.secondAttempt(call);
    const sent = writes() - start;
    await h.undo(outcome.wroteNothing ? outcome.undo : prepared);
    return done(outcome, sent);
  }

  /** The row of `table` with ID `id` in `snapshot`. */
  const row = (snapshot: StoreSnapshot, table: string, id: unknown) =>
    rows(snapshot, table).find((entry) => entry.id === id);

  describe('bulletin.update', () => {
    let bulletinId: string;
    beforeAll(async () => {
      const posted = await h.run('bulletin.create', { tourId, day: '2027-03-28', title: 'Bus at 9', body: 'Lobby' });
      bulletinId = (posted.output as { id: string }).id;
    });

    it('with the title, text and pin it has writes nothing, leaves it unedited, and its rollback changes nothing', async () => {
      const args = { tourId, bulletin: 'Bus at 9', title: 'Bus at 9', body: 'Lobby', pinned: false };
      expect(await stepAndRollback('bulletin.update', args)).toMatchObject({
        writes: 0,
        wroteNothing: true,
        describe: `bulletin ${bulletinId} already so (title, body, isPinned): nothing written`,
        unchanged: true,
      });
      expect(row(h.snapshot(), 'bulletins', bulletinId)).toMatchObject({ title: 'Bus at 9', isEdited: false });
    });

    it('a later attempt that finds the bulletin so writes nothing and keeps the undo: the rollback puts it back', async () => {
      const args = { tourId, bulletinId, pinned: true };
      expect(await lostThenAgain('bulletin.update', args, { method: 'PUT', path: '^/v1/bulletins/' })).toEqual({
        writes: 0,
        wroteNothing: false,
        describe: `bulletin ${bulletinId} already so (isPinned): nothing written`,
      });
      expect(row(h.snapshot(), 'bulletins', bulletinId)).toMatchObject({ isPinned: false });
    });

    it('a title that differs only in case is written', async () => {
      const changed = await stepAndRollback('bulletin.update', {
        tourId,
        bulletinId,
        title: 'bus at 9',
        pinned: false,
      });
      expect(changed).toMatchObject({
        writes: 1,
        wroteNothing: false,
        describe: `edited bulletin ${bulletinId} (title, isPinned)`,
      });
      expect(row(changed.after, 'bulletins', bulletinId)).toMatchObject({ title: 'bus at 9' });
    });
  });

  describe('passType.update', () => {
    let passTypeId: number;
    beforeAll(async () => {
      const created = await h.run('passType.create', {
        tourId,
        name: 'VIP',
        description: 'Front row',
        material: 'Laminate',
      });
      passTypeId = (created.output as { id: number }).id;
    });

    it('with the name, description, material and (no) quantity it has writes nothing, and its rollback changes nothing', async () => {
      const args = {
        tourId,
        passType: 'vip',
        name: 'VIP',
        description: 'Front row',
        quantity: null,
        material: 'Laminate',
      };
      expect(await stepAndRollback('passType.update', args)).toMatchObject({
        writes: 0,
        wroteNothing: true,
        describe: 'pass type VIP already so (name, description, quantity, passMaterialTypeId): nothing written',
        unchanged: true,
      });
    });

    it('a later attempt that finds the pass type so writes nothing and keeps the undo: the rollback puts it back', async () => {
      const args = { tourId, passType: passTypeId, quantity: 40 };
      expect(await lostThenAgain('passType.update', args, { method: 'PUT', path: '^/v1/passTypes/' })).toEqual({
        writes: 0,
        wroteNothing: false,
        describe: 'pass type VIP already so (quantity): nothing written',
      });
      expect(row(h.snapshot(), 'passTypes', passTypeId)).toMatchObject({ quantity: null });
    });

    it('a name that differs only in case is written', async () => {
      const changed = await stepAndRollback('passType.update', {
        tourId,
        passType: 'VIP',
        name: 'vip',
        quantity: null,
      });
      expect(changed).toMatchObject({
        writes: 1,
        wroteNothing: false,
        describe: 'updated pass type VIP (name, quantity)',
      });
      expect(row(changed.after, 'passTypes', passTypeId)).toMatchObject({ name: 'vip', quantity: null });
    });
  });

  describe('contact.update', () => {
    let contactId: number;
    beforeAll(async () => {
      const created = await h.run('contact.create', {
        tourId,
        firstName: 'Lena',
        lastName: 'Vogt',
        email: 'lena@promoter.example',
        role: 'Promoter',
        phone: { country: 49, number: '30 1234567' },
      });
      contactId = (created.output as { id: number }).id;
    });

    it('with the e-mail, role, phone and (no) city it has writes nothing, and its rollback changes nothing', async () => {
      const phone = { country: 49, number: '30 1234567' };
      const args = {
        tourId,
        contact: 'LENA@promoter.example',
        email: 'lena@promoter.example',
        role: 'Promoter',
        city: null,
        phone,
      };
      expect(await stepAndRollback('contact.update', args)).toMatchObject({
        writes: 0,
        wroteNothing: true,
        describe: `key contact ${contactId} already so (email, role, city, number, country): nothing written`,
        unchanged: true,
      });
    });

    it('a later attempt that finds the contact so writes nothing and keeps the undo: the rollback puts it back', async () => {
      const args = { tourId, contact: contactId, role: 'Promoter (Berlin)' };
      expect(await lostThenAgain('contact.update', args, { method: 'PUT', path: '^/v1/key-contacts/[0-9]+$' })).toEqual(
        {
          writes: 0,
          wroteNothing: false,
          describe: `key contact ${contactId} already so (role): nothing written`,
        },
      );
      expect(row(h.snapshot(), 'keyContacts', contactId)).toMatchObject({ role: 'Promoter' });
    });

    it('an e-mail that differs only in case is written', async () => {
      const changed = await stepAndRollback('contact.update', {
        tourId,
        contact: contactId,
        email: 'Lena@Promoter.example',
      });
      expect(changed).toMatchObject({
        writes: 1,
        wroteNothing: false,
        describe: `edited key contact ${contactId} (email)`,
      });
      expect(row(changed.after, 'keyContacts', contactId)).toMatchObject({ email: 'Lena@Promoter.example' });
    });
  });
});
