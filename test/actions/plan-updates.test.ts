/**
 * `plan --live` of bulletin.update, passType.update, contact.update and tag.update against the
 * sandbox over HTTP: a record that holds every value given is `nothing` to do (as the run then
 * writes nothing: "already so"), one differing value is a `change` of that field alone, before
 * → after, and the plans send not one write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWrites } from '../support/write-counter.ts';
import { startHarness, type Harness } from './activity-harness.ts';

describe('plan of an update that may be already so', () => {
  let h: Harness;
  let tourId: string;
  let writes: () => number;
  let before: string;
  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Plans Of Updates')).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Counts writes from the end of a block's setup; its plans must leave the store as it was. */
  const startCounting = () => {
    writes = countWrites(h.sandbox);
    before = JSON.stringify(h.snapshot());
  };
  const expectNothingWritten = () => {
    expect(writes()).toBe(0);
    expect(JSON.stringify(h.snapshot())).toBe(before);
  };

  it('bulletin.update: nothing to do with the title, text and pin it has; a new pin is a change of isPinned', async () => {
    const posted = await h.run('bulletin.create', { tourId, day: '2027-03-28', title: 'Bus at 9', body: 'Lobby' });
    const id = (posted.output as { id: string }).id;
    startCounting();
    const same = { tourId, bulletin: 'Bus at 9', title: 'Bus at 9', body: 'Lobby', pinned: false };
    expect(await h.plan('bulletin.update', same)).toEqual({
      would: 'nothing',
      describe: `bulletin ${id} is already as asked (title, body, isPinned)`,
      output: { id },
    });
    expect(await h.plan('bulletin.update', { ...same, pinned: true })).toEqual({
      would: 'change',
      describe: `change bulletin ${id} (isPinned)`,
      changes: [{ field: 'isPinned', before: false, after: true }],
      output: { id },
    });
    expectNothingWritten();
  });

  it('passType.update: nothing to do with the name and description it has; a quantity is a change from none', async () => {
    const created = await h.run('passType.create', { tourId, name: 'VIP', description: 'Front row' });
    const id = (created.output as { id: number }).id;
    startCounting();
    const same = { tourId, passType: 'vip', name: 'VIP', description: 'Front row', quantity: null };
    expect(await h.plan('passType.update', same)).toEqual({
      would: 'nothing',
      describe: 'pass type VIP is already as asked (name, description, quantity)',
      output: { id },
    });
    expect(await h.plan('passType.update', { ...same, quantity: 40 })).toEqual({
      would: 'change',
      describe: 'change pass type VIP (quantity)',
      changes: [{ field: 'quantity', before: null, after: 40 }],
      output: { id },
    });
    expectNothingWritten();
  });

  it('contact.update: nothing to do with the e-mail, role and phone it has; a new role is a change of role', async () => {
    const phone = { country: 49, number: '30 1234567' };
    const created = await h.run('contact.create', {
      tourId,
      firstName: 'Lena',
      lastName: 'Vogt',
      email: 'lena@promoter.example',
      role: 'Promoter',
      phone,
    });
    const id = (created.output as { id: number }).id;
    startCounting();
    const same = { tourId, contact: 'LENA@promoter.example', email: 'lena@promoter.example', role: 'Promoter', phone };
    expect(await h.plan('contact.update', same)).toEqual({
      would: 'nothing',
      describe: `key contact ${id} is already as asked (email, role, number, country)`,
      output: { id },
    });
    expect(await h.plan('contact.update', { ...same, role: 'Booker' })).toEqual({
      would: 'change',
      describe: `change key contact ${id} (role)`,
      changes: [{ field: 'role', before: 'Promoter', after: 'Booker' }],
      output: { id },
    });
    expectNothingWritten();
  });

  it('tag.update: nothing to do with the name and color it has; a new name is a change of name', async () => {
    const created = await h.run('tag.create', { tourId, name: 'Band', color: 'Blue' });
    const id = (created.output as { id: number }).id;
    startCounting();
    const same = { tourId, tag: 'band', name: 'Band', color: 'Blue' };
    expect(await h.plan('tag.update', same)).toEqual({
      would: 'nothing',
      describe: 'tag Band is already as asked (name, colorId)',
      output: { id, name: 'Band' },
    });
    expect(await h.plan('tag.update', { ...same, name: 'Band and crew' })).toEqual({
      would: 'change',
      describe: 'change tag Band (name)',
      changes: [{ field: 'name', before: 'Band', after: 'Band and crew' }],
      output: { id, name: 'Band and crew' },
    });
    expectNothingWritten();
  });
});
