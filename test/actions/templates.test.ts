/**
 * Schedule template actions against the sandbox: saving from a day or from items, applying in
 * MERGE and REPLACE mode, undo-apply, each with its undo leaving the store as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickRetry } from '../support/batch-calls.ts';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';
import { checkWrite } from './write-check.ts';
import { coversAction } from './write-coverage.ts';

describe('schedule template actions', () => {
  let h: Harness;
  let tourId: string;
  let dayIds: number[];
  let templateId: number;
  beforeAll(async () => {
    h = await startHarness();
    const tour = await h.createTour('Template Tour');
    tourId = tour.id;
    dayIds = tour.days.map((day) => day.id);
    await h.run('schedule.items.create', {
      tourId,
      items: [
        { day: '2027-03-27', name: 'Load in', start: '10:00' },
        { day: '2027-03-27', name: 'Soundcheck', start: '16:00', notes: 'Line check first' },
        { day: '2027-03-27', name: 'Show', start: '20:00', end: '22:00' },
      ],
    });
    const saved = await h.run('schedule.template.create', { tourId, name: 'Show Day', fromDay: '2027-03-27' });
    templateId = (saved.output as { id: number }).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  const live = (dayId: number) =>
    rows(h.snapshot(), 'scheduleItems')
      .filter((item) => item.dayId === dayId)
      .map((item) => item.name)
      .sort();

  it('schedule.template.create saves all items of a day; the same key saves nothing new; its undo deletes it', async () => {
    const before = h.snapshot();
    const args = { tourId, name: 'Copy of Show Day', fromDay: dayIds[0]!, includeNotes: false };
    const call = h.stepCall('schedule.template.create', args);
    const outcome = await h.run('schedule.template.create', args, { key: call.idempotencyKey });
    expect(outcome.output).toMatchObject({ name: 'Copy of Show Day', itemCount: 3 });
    const { id } = outcome.output as { id: number };
    expect(rows(h.snapshot(), 'templates').find((t) => t.id === id)).toMatchObject({
      name: 'Copy of Show Day',
      tourId,
    });
    expect(rows(h.snapshot(), 'templateItems').filter((t) => t.templateId === id)).toHaveLength(3);
    await h.run('schedule.template.create', args, { key: call.idempotencyKey });
    expect(rows(h.snapshot(), 'templates').filter((t) => t.name === 'Copy of Show Day')).toHaveLength(1);
    await h.undo(outcome.undo);
    expect(h.snapshot()).toEqual(before);
  });

  it('schedule.template.create refuses an empty day', async () => {
    const failure = await failureOf(
      h.run('schedule.template.create', { tourId, name: 'Empty', fromDay: '2027-03-28' }),
    );
    expect(failure.type).toBe('EMPTY_SELECTION');
  });

  it('MERGE apply adds the template’s items; the undo removes exactly those', async () => {
    coversAction('schedule.template.apply', 'undo');
    await h.run('schedule.item.create', { tourId, day: '2027-03-29', name: 'Hand-made', start: '09:00' });
    const before = h.snapshot();
    const call = h.stepCall('schedule.template.apply', { tourId, template: 'show day', day: '2027-03-29' });
    const outcome = await h.run('schedule.template.apply', call.args, { key: call.idempotencyKey });
    expect(outcome.output).toMatchObject({ dayId: dayIds[2], date: '2027-03-29', templateId, replaced: [] });
    expect((outcome.output as { ids: number[] }).ids).toHaveLength(3);
    expect(live(dayIds[2]!)).toEqual(['Hand-made', 'Load in', 'Show', 'Soundcheck']);
    await h.run('schedule.template.apply', call.args, { key: call.idempotencyKey });
    expect(live(dayIds[2]!)).toHaveLength(4);
    await h.undo(outcome.undo);
    expect(h.snapshot()).toEqual(before);
  });

  it('REPLACE apply deletes the visible items first; the undo removes the template’s items and restores them', async () => {
    await h.run('schedule.item.create', { tourId, day: '2027-03-28', name: 'Bus call', start: '08:00' });
    await h.run('schedule.item.create', { tourId, day: '2027-03-28', name: 'Ferry', start: '11:00' });
    const before = h.snapshot();
    const args = { tourId, template: templateId, day: '2027-03-28', mode: 'REPLACE' };
    const call = h.stepCall('schedule.template.apply', args);
    const outcome = await h.run('schedule.template.apply', call.args, { key: call.idempotencyKey });
    expect((outcome.output as { replaced: number[] }).replaced).toHaveLength(2);
    expect(live(dayIds[1]!)).toEqual(['Load in', 'Show', 'Soundcheck']);
    expect(outcome.undo.map((record) => record.activity)).toEqual([
      'scheduleItemsRestoreMissing',
      'scheduleTemplateUnapply',
    ]);
    await h.undo(outcome.undo);
    expect(h.snapshot()).toEqual(before);

    // records prepared before the call undo it just as well
    const second = h.stepCall('schedule.template.apply', args);
    const prepared = await h.prepare(second);
    await h.run('schedule.template.apply', args, { key: second.idempotencyKey });
    await h.undo(prepared);
    expect(h.snapshot()).toEqual(before);
  });

  it('schedule.template.undoApply removes the template’s items; its prepared undo restores them', async () => {
    coversAction('schedule.template.undoApply', 'undo');
    await h.run('schedule.template.apply', { tourId, template: 'Show Day', day: '2027-03-29' });
    const before = h.snapshot();
    const call = h.stepCall('schedule.template.undoApply', { tourId, template: 'Show Day', day: '2027-03-29' });
    const undo = await h.prepare(call);
    const outcome = await h.run('schedule.template.undoApply', call.args, { key: call.idempotencyKey });
    expect((outcome.output as { removed: number[] }).removed).toHaveLength(3);
    expect(live(dayIds[2]!)).toEqual(['Hand-made']);
    await h.undo(undo);
    expect(h.snapshot()).toEqual(before);
  });

  it('schedule.template.undoApply whose answer was lost removes the items once; its prepared undo restores them', async () => {
    coversAction('schedule.template.undoApply', 'lostAnswer');
    await h.run('schedule.template.apply', { tourId, template: 'Show Day', day: '2027-03-29' });
    await checkWrite(
      h,
      'schedule.template.undoApply',
      { tourId, template: 'Show Day', day: '2027-03-29' },
      { method: 'POST', path: '/undo-apply$' },
      () => {
        expect(live(dayIds[2]!)).toEqual(['Hand-made']);
      },
    );
    await h.run('schedule.template.undoApply', { tourId, template: 'Show Day', day: '2027-03-29' });
  });

  it('REPLACE whose answer was lost is sent again with its key, and reports and undoes the items it replaced', async () => {
    coversAction('schedule.template.apply', 'lostAnswer');
    await h.run('schedule.item.create', { tourId, day: '2027-03-28', name: 'Ferry (late)', start: '18:00' });
    const before = h.snapshot();
    const replacedIds = rows(before, 'scheduleItems')
      .filter((item) => item.dayId === dayIds[1])
      .map((item) => item.id);
    const args = { tourId, template: 'Show Day', day: '2027-03-28', mode: 'REPLACE' };
    h.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'POST', path: '/apply$' }, times: 1 });
    // With the step's retries, as the workflow runs it: the API answers the repeat with the first result.
    const outcome = await h.run('schedule.template.apply', args, { retry: quickRetry(3) });
    expect((outcome.output as { replaced: number[] }).replaced.sort()).toEqual(replacedIds.sort());
    expect(live(dayIds[1]!)).toEqual(['Load in', 'Show', 'Soundcheck']);
    await h.undo(outcome.undo);
    expect(h.snapshot()).toEqual(before);
  });

  it('REPLACE whose first attempt was lost still restores the replaced items, with the undo prepared before the call', async () => {
    await h.run('schedule.item.create', { tourId, day: '2027-03-28', name: 'Night ferry', start: '23:00' });
    const before = h.snapshot();
    const call = h.stepCall('schedule.template.apply', {
      tourId,
      template: 'Show Day',
      day: '2027-03-28',
      mode: 'REPLACE',
    });
    // A bulk step's undo is read before its first attempt, and recorded, as the workflow does.
    const undo = await h.prepare(call);
    h.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'POST', path: '/apply$' }, times: 1 });
    await failureOf(h.run('schedule.template.apply', call.args, { key: call.idempotencyKey }));
    // The next attempt no longer sees the items the first one deleted; the prepared undo does.
    await h.run('schedule.template.apply', call.args, { key: call.idempotencyKey });
    expect(live(dayIds[1]!)).toEqual(['Load in', 'Show', 'Soundcheck']);
    await h.undo(undo);
    expect(h.snapshot()).toEqual(before);
  });

  it('an unknown template is refused with the names of the caller’s templates', async () => {
    const failure = await failureOf(
      h.run('schedule.template.apply', { tourId, template: 'Festival Day', day: '2027-03-29' }),
    );
    expect(failure.type).toBe('UNKNOWN_NAME');
    expect(failure.message).toContain('Show Day');
  });
});
