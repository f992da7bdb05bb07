/**
 * Schedule item actions against the sandbox: creation (one, and batches across days), update,
 * delete and confirm-all, each with its undo leaving the store as it was, and repeated calls
 * with the same key creating nothing new.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_ITEMS, batches } from '../../actions/scheduleItem/handlers.ts';
import { attachFile, uploadFileContent } from '../../api/contract/files.ts';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';
import { coversAction } from './write-coverage.ts';

describe('schedule item actions', () => {
  let h: Harness;
  let tourId: string;
  let dayIds: number[];
  beforeAll(async () => {
    h = await startHarness();
    const tour = await h.createTour('Schedule Tour');
    tourId = tour.id;
    dayIds = tour.days.map((day) => day.id);
    await h.run('tag.create', { tourId, name: 'Crew', color: 'Blue' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const items = () => rows(h.snapshot(), 'scheduleItems').filter((item) => item.tourId === tourId);

  it('schedule.item.create writes the item in the day’s zone with names resolved; its undo deletes it', async () => {
    const before = h.snapshot();
    const args = {
      tourId,
      day: '2027-03-28',
      name: 'Soundcheck',
      start: '16:30',
      end: '17:15',
      notes: 'Full band',
      tags: ['crew'],
      confirmed: true,
    };
    const call = h.stepCall('schedule.item.create', args);
    const outcome = await h.run('schedule.item.create', args, { key: call.idempotencyKey });
    const { id, dayId } = outcome.output as { id: number; dayId: number };
    expect(dayId).toBe(dayIds[1]);
    const item = items().find((row) => row.id === id);
    expect(item).toMatchObject({
      dayId: dayIds[1],
      name: 'Soundcheck',
      startTime: '16:30:00',
      endTime: '17:15:00',
      timezoneStart: 'Europe/Berlin',
      timezoneEnd: 'Europe/Berlin',
      notes: 'Full band',
      status: true,
      type: 1,
      audience: { everyone: true },
    });
    expect(item.tagIds).toHaveLength(1);

    await h.run('schedule.item.create', args, { key: call.idempotencyKey });
    expect(items().filter((row) => row.name === 'Soundcheck')).toHaveLength(1);

    await h.undo(outcome.undo);
    expect(h.snapshot()).toEqual(before);
  });

  it('schedule.item.create refuses a travel item without an origin and an unknown tag, before writing', async () => {
    const before = h.snapshot();
    const travel = await failureOf(
      h.run('schedule.item.create', { tourId, day: '2027-03-28', name: 'Flight', start: '08:00', type: 'Flight' }),
    );
    expect(travel.message).toContain('give "origin"');
    const tag = await failureOf(
      h.run('schedule.item.create', { tourId, day: '2027-03-28', name: 'X', start: '08:00', tags: ['Nope'] }),
    );
    expect(tag.type).toBe('UNKNOWN_NAME');
    expect(tag.message).toContain('Crew');
    expect(h.snapshot()).toEqual(before);
  });

  it('schedule.items.create sends batches in order across days; the same key creates nothing new; the undo deletes them', async () => {
    coversAction('schedule.items.create', 'undo');
    const before = h.snapshot();
    const specs = Array.from({ length: 250 }, (_, i) => ({
      day: dayIds[i % 3]!,
      name: `Item ${i}`,
      start: `${String(8 + (i % 12)).padStart(2, '0')}:00`,
    }));
    const call = h.stepCall('schedule.items.create', { tourId, items: specs });
    const outcome = await h.run('schedule.items.create', call.args, { key: call.idempotencyKey });
    const { ids, count } = outcome.output as { ids: number[]; count: number };
    expect(count).toBe(250);
    expect(outcome.undo).toHaveLength(2); // two batches: 200 + 50
    const stored = new Map(items().map((row) => [row.id, row]));
    expect(ids.map((id) => stored.get(id)?.name)).toEqual(specs.map((spec) => spec.name));
    expect(stored.get(ids[1]!)).toMatchObject({ dayId: dayIds[1], startTime: '09:00:00' });

    const again = await h.run('schedule.items.create', call.args, { key: call.idempotencyKey });
    expect((again.output as { ids: number[] }).ids).toEqual(ids);
    expect(items()).toHaveLength(250);

    await h.undo(outcome.undo);
    expect(h.snapshot()).toEqual(before);
  });

  it('a batch whose answer was lost after the commit is not written again by the next attempt', async () => {
    coversAction('schedule.items.create', 'lostAnswer');
    const before = h.snapshot();
    const specs = [0, 1, 2].map((i) => ({ day: '2027-03-29', name: `Lost answer ${i}`, start: '12:00' }));
    const call = h.stepCall('schedule.items.create', { tourId, items: specs });
    h.sandbox.faults.add({
      kind: 'dropAfterCommit',
      match: { method: 'POST', path: '/schedule/items/batch$' },
      times: 1,
    });
    const lost = await failureOf(h.run('schedule.items.create', call.args, { key: call.idempotencyKey }));
    expect(lost.nonRetryable).toBe(false);
    const outcome = await h.run('schedule.items.create', call.args, { key: call.idempotencyKey });
    expect(items().filter((row) => row.name.startsWith('Lost answer'))).toHaveLength(3);
    await h.undo(outcome.undo);
    expect(h.snapshot()).toEqual(before);
  });

  it('the prepared undo of a batch replays it with its keys and deletes what it created', async () => {
    const before = h.snapshot();
    const call = h.stepCall('schedule.items.create', {
      tourId,
      items: [{ day: '2027-03-27', name: 'Doors', start: '19:00' }],
    });
    const prepared = await h.prepare(call);
    await h.run('schedule.items.create', call.args, { key: call.idempotencyKey });
    expect(items()).toHaveLength(1);
    await h.undo(prepared);
    expect(h.snapshot()).toEqual(before);
  });

  it('schedule.item.update renames, confirms and re-tags; the prepared write-back restores it', async () => {
    coversAction('schedule.item.update', 'undo');
    const created = await h.run('schedule.item.create', { tourId, day: '2027-03-27', name: 'Load in', start: '12:00' });
    const { id } = created.output as { id: number };
    const before = h.snapshot();
    const call = h.stepCall('schedule.item.update', {
      tourId,
      day: '2027-03-27',
      itemId: id,
      name: 'Load-in (early)',
      confirmed: true,
      tags: ['Crew'],
    });
    const undo = await h.prepare(call);
    await h.run('schedule.item.update', call.args, { key: call.idempotencyKey });
    const item = items().find((row) => row.id === id);
    expect(item).toMatchObject({ name: 'Load-in (early)', status: true });
    expect(item.tagIds).toHaveLength(1);
    await h.undo(undo);
    expect(h.snapshot()).toEqual(before);
    await h.undo(created.undo);
  });

  it('schedule.item.update removes the named attachments for good and keeps the others', async () => {
    const created = await h.run('schedule.item.create', { tourId, day: '2027-03-27', name: 'Rider', start: '11:00' });
    const itemId = (created.output as { id: number }).id;
    const attach = async (fileName: string) => {
      const body = { fileName, contentType: 'text/plain', contentBase64: Buffer.from(fileName).toString('base64') };
      const { key } = await h.client.call(uploadFileContent, {
        params: { tourId },
        body,
        idempotencyKey: `upload-${itemId}-${fileName}`,
      });
      const attached = await h.client.call(attachFile, {
        params: { tourId },
        body: { key, entityType: 'SCHEDULE_ITEM', entityId: itemId },
        idempotencyKey: `attach-${itemId}-${fileName}`,
      });
      return Number(attached.fileId);
    };
    const [keep, drop] = [await attach('keep.txt'), await attach('drop.txt')];
    await h.run('schedule.item.update', { tourId, day: '2027-03-27', itemId, removeAttachments: [drop] });
    const left = rows(h.snapshot(), 'attachments').filter((row) => row.entityId === itemId);
    expect(left.map((row) => row.id)).toEqual([keep]);
    const unknown = await failureOf(
      h.run('schedule.item.update', { tourId, day: '2027-03-27', itemId, removeAttachments: [drop] }),
    );
    expect(unknown.type).toBe('UNKNOWN_ATTACHMENT');
    await h.undo(created.undo);
  });

  it('schedule.item.delete is undone by a restore', async () => {
    coversAction('schedule.item.delete', 'undo');
    const created = await h.run('schedule.item.create', {
      tourId,
      day: '2027-03-29',
      name: 'Meet and greet',
      start: '18:00',
    });
    const { id } = created.output as { id: number };
    const before = h.snapshot();
    const call = h.stepCall('schedule.item.delete', { itemId: id });
    const undo = await h.prepare(call);
    await h.run('schedule.item.delete', call.args, { key: call.idempotencyKey });
    expect(items().find((row) => row.id === id)).toBeUndefined();
    await h.undo(undo);
    expect(h.snapshot()).toEqual(before);
    await h.undo(created.undo);
  });

  it('schedule.confirmAll confirms the day’s open items; the undo sets each back', async () => {
    const open = await h.run('schedule.items.create', {
      tourId,
      items: [
        { day: '2027-03-29', name: 'Catering', start: '13:00' },
        { day: '2027-03-29', name: 'Show', start: '20:00', confirmed: true, statusType: 'Confirmed' },
        { day: '2027-03-29', name: 'Curfew', start: '23:00', statusType: 'Unconfirmed' },
      ],
    });
    const before = h.snapshot();
    const call = h.stepCall('schedule.confirmAll', { tourId, day: dayIds[2]! });
    const undo = await h.prepare(call);
    const outcome = await h.run('schedule.confirmAll', call.args, { key: call.idempotencyKey });
    expect((outcome.output as { count: number }).count).toBe(2);
    expect(items().every((row) => row.status === true)).toBe(true);
    await h.undo(undo);
    expect(h.snapshot()).toEqual(before);
    await h.undo(open.undo);
  });

  it('batches split by count and by size, the same way every time', () => {
    const small = Array.from({ length: BATCH_ITEMS * 2 + 1 }, (_, i) => ({ i }));
    expect(batches(small).map((b) => b.length)).toEqual([BATCH_ITEMS, BATCH_ITEMS, 1]);
    const big = Array.from({ length: 5 }, () => ({ notes: 'x'.repeat(150_000) }));
    expect(batches(big).map((b) => b.length)).toEqual([2, 2, 1]);
  });
});
