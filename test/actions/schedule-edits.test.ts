/**
 * schedule.item.restore, schedule.template.rename/delete/restore and tag.update against the
 * sandbox over HTTP: what each leaves in the store, an answer lost after the commit, and the
 * prepared undo back to the snapshot before the step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';
import { checkWrite } from './write-check.ts';
import { coversAction } from './write-coverage.ts';

describe('schedule edits', () => {
  let h: Harness;
  let tourId: string;
  let itemId: number;
  let templateId: number;
  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Schedule Edits')).id;
    itemId = (
      (await h.run('schedule.item.create', { tourId, day: '2027-03-27', name: 'Doors', start: '19:00' })).output as {
        id: number;
      }
    ).id;
    templateId = (
      (await h.run('schedule.template.create', { tourId, name: 'Show Day', items: [itemId] })).output as { id: number }
    ).id;
    await h.run('tag.create', { tourId, name: 'Crew', color: 1 });
  });
  afterAll(async () => {
    await h?.close();
  });

  const live = (table: string, id: number) => rows(h.snapshot(), table).find((row) => row.id === id);

  it('schedule.item.restore brings a deleted item back; its undo deletes it again', async () => {
    coversAction('schedule.item.restore', 'undo', 'lostAnswer');
    await h.run('schedule.item.delete', { itemId });
    expect(live('scheduleItems', itemId)).toBeUndefined();
    await checkWrite(h, 'schedule.item.restore', { itemId }, { method: 'POST', path: '/restore$' }, (snapshot) => {
      expect(rows(snapshot, 'scheduleItems').find((row) => row.id === itemId)).toMatchObject({ name: 'Doors' });
    });
    await h.run('schedule.item.restore', { itemId });
  });

  it('schedule.item.restore of an item that is not deleted is refused and leaves nothing to undo', async () => {
    const failure = await failureOf(h.run('schedule.item.restore', { itemId }));
    expect(failure.nonRetryable).toBe(true);
  });

  it('schedule.template.rename renames by name; its undo puts the name back', async () => {
    coversAction('schedule.template.rename', 'undo', 'lostAnswer');
    const outcome = await checkWrite(
      h,
      'schedule.template.rename',
      { tourId, template: 'show day', name: 'Festival Day' },
      { method: 'PUT', path: '^/v1/schedule-templates/' },
      (snapshot) => {
        expect(rows(snapshot, 'templates').find((row) => row.id === templateId)).toMatchObject({
          name: 'Festival Day',
        });
      },
    );
    expect(outcome.output).toEqual({ id: templateId, name: 'Festival Day' });
  });

  it('schedule.template.delete and .restore each undo to the state before', async () => {
    coversAction('schedule.template.delete', 'lostAnswer');
    coversAction('schedule.template.restore', 'undo', 'lostAnswer');
    await checkWrite(
      h,
      'schedule.template.delete',
      { templateId },
      { method: 'DELETE', path: '^/v1/schedule-templates/' },
      (snapshot) => {
        expect(rows(snapshot, 'templates').find((row) => row.id === templateId)).toBeUndefined();
      },
    );
    await h.run('schedule.template.delete', { templateId });
    await checkWrite(
      h,
      'schedule.template.restore',
      { templateId },
      { method: 'POST', path: '/restore$' },
      (snapshot) => {
        expect(rows(snapshot, 'templates').find((row) => row.id === templateId)).toMatchObject({ name: 'Show Day' });
      },
    );
    await h.run('schedule.template.restore', { templateId });
  });

  it('tag.update renames and recolours; its undo puts both back', async () => {
    coversAction('tag.update', 'undo', 'lostAnswer');
    const tag = rows(h.snapshot(), 'tags').find((row) => row.name === 'Crew');
    await checkWrite(
      h,
      'tag.update',
      { tourId, tag: 'crew', name: 'Crew only', color: 2 },
      { method: 'PUT', path: '/tags/[0-9]+$' },
      (snapshot) => {
        expect(rows(snapshot, 'tags').find((row) => row.id === tag.id)).toMatchObject({
          name: 'Crew only',
          colorId: 2,
        });
      },
    );
  });

  it('tag.update names the tour’s tags when the tag is unknown', async () => {
    const failure = await failureOf(h.run('tag.update', { tourId, tag: 'Band', name: 'Band only' }));
    expect(failure.type).toBe('UNKNOWN_NAME');
    expect(failure.message).toContain('Crew');
  });
});

describe('schedule.item.update: every field the update takes', () => {
  let h: Harness;
  let tourId: string;
  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Item Fields')).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  const item = (id: number) => rows(h.snapshot(), 'scheduleItems').find((row) => row.id === id);

  it('moves an item, sets location, notes, all-day, status type and color; the undo writes every field back', async () => {
    coversAction('schedule.item.update', 'lostAnswer');
    const created = await h.run('schedule.item.create', {
      tourId,
      day: '2027-03-27',
      name: 'Soundcheck',
      start: '16:00',
      end: '17:00',
      notes: 'Full band',
    });
    const id = (created.output as { id: number }).id;
    const args = {
      tourId,
      day: '2027-03-27',
      itemId: id,
      start: '15:30',
      end: null,
      location: 'Tempodrom, Berlin',
      notes: null,
      allDay: false,
      statusType: 'Confirmed',
      color: 2,
      timeZone: 'Europe/London',
    };
    await checkWrite(h, 'schedule.item.update', args, { method: 'PUT', path: '^/v1/schedule/items/[0-9]+$' }, () => {
      expect(item(id)).toMatchObject({
        startTime: '15:30:00',
        endTime: null,
        location: 'Tempodrom, Berlin',
        notes: null,
        timezoneStart: 'Europe/London',
        itemColorId: 2,
      });
    });
    expect(item(id)).toMatchObject({
      startTime: '16:00:00',
      endTime: '17:00:00',
      notes: 'Full band',
      location: null,
      timezoneStart: 'Europe/Berlin',
    });
  });

  it('changes a travel item’s route, provider and booking reference; the undo puts them back', async () => {
    const created = await h.run('schedule.item.create', {
      tourId,
      day: '2027-03-28',
      name: 'Bus to Hamburg',
      start: '09:00',
      type: 2,
      origin: 'Berlin Hbf',
      destination: 'Hamburg Hbf',
    });
    const id = (created.output as { id: number }).id;
    const args = {
      tourId,
      day: '2027-03-28',
      itemId: id,
      destination: 'Hamburg Altona',
      provider: 'FlixBus',
      bookingReference: 'FB-1234',
    };
    await checkWrite(h, 'schedule.item.update', args, { method: 'PUT', path: '^/v1/schedule/items/[0-9]+$' }, () => {
      expect(item(id)).toMatchObject({
        destination: { formatted_address: 'Hamburg Altona' },
        travel: { providerName: 'FlixBus', bookingReference: 'FB-1234' },
      });
    });
    expect(item(id).destination).toMatchObject({ formatted_address: 'Hamburg Hbf' });
  });
});
