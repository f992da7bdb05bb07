/**
 * customField.add, customField.update and customField.remove on schedule items, venues and
 * stays, against the sandbox over HTTP: what each leaves in the store, an answer lost after the
 * commit (exactly one field, one change), and the undo that writes the field list back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesBackTo, type SavedField } from '../../activities/actions/field-lists.ts';
import {
  customFieldAddArgs,
  customFieldRemoveArgs,
  customFieldUpdateArgs,
} from '../../actions/customField/catalogue.ts';
import type { StoreSnapshot } from '../../sandbox/index.ts';
import { quickRetry } from '../support/batch-calls.ts';
import { failureOf, rows, startHarness, type Harness } from './activity-harness.ts';
import { checkWrite, createVenueAndStay } from './write-check.ts';
import { coversAction } from './write-coverage.ts';

const TOUR = '6f1c1a52-8f1e-4a5e-9a49-3c1f0b7d2e11';
const field = (
  id: number | null,
  title: string,
  description: string | null = null,
  sortOrder = 0,
  templateKey: string | null = null,
): SavedField => ({
  id,
  title,
  description,
  sortOrder,
  templateKey,
});

describe('custom field arguments and undo changes', () => {
  it.each([
    [customFieldAddArgs, { tourId: TOUR, item: 'Soundcheck', title: 'Backline' }, '"item" needs "day"'],
    [
      customFieldAddArgs,
      { tourId: TOUR, day: '2027-03-27', item: 'Soundcheck', template: 'parking' },
      'premade fields ("template") exist only on venues and stays',
    ],
    [
      customFieldAddArgs,
      { tourId: TOUR, venue: 'Arena', stay: 'Adlon', title: 'x' },
      'give one of "item" (with "day"), "venue" or "stay"',
    ],
    [customFieldAddArgs, { tourId: TOUR, venue: 'Arena' }, 'give "title", "template" or both'],
    [
      customFieldUpdateArgs,
      { tourId: TOUR, venue: 'Arena', field: 'Parking' },
      'give at least one of title, value, sortOrder',
    ],
    [
      customFieldUpdateArgs,
      { tourId: TOUR, venue: 'Arena', value: 'x' },
      'give "field" (its title or ID) or "template"',
    ],
    [
      customFieldRemoveArgs,
      { tourId: TOUR, venue: 'Arena', field: 'Parking', template: 'parking' },
      'give "field" (its title or ID) or "template"',
    ],
  ] as const)('refuses %#', (schema, args, message) => {
    const parsed = schema.safeParse(args);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('turns the list now back into the saved one: added removed, changed put back, removed added again, booking number set back', () => {
    const saved = [
      field(null, 'Confirmation number', 'ABC', 0, 'confirmation_number'),
      field(1, 'Parking', 'Bay 2', 1, 'parking'),
      field(2, 'Wi-Fi', 'guest', 2),
    ];
    const now = [field(1, 'Parking', 'Bay 7', 1, 'parking'), field(3, 'Breakfast', '7-10', 3)];
    expect(changesBackTo(saved, now)).toEqual([
      { operation: 'REMOVE', id: 3 },
      { operation: 'UPDATE', id: 1, title: 'Parking', description: 'Bay 2', sortOrder: 1 },
      { operation: 'ADD', title: 'Wi-Fi', description: 'guest', sortOrder: 2 },
      { operation: 'ADD', templateKey: 'confirmation_number', description: 'ABC' },
    ]);
    expect(changesBackTo(saved, saved)).toEqual([]);
  });
});

describe('custom field actions', () => {
  let h: Harness;
  let tourId: string;
  let itemId: number;
  let venueId: number;
  let stayId: number;
  const venue = () => rows(h.snapshot(), 'venues').find((row) => row.id === venueId);
  const item = () => rows(h.snapshot(), 'scheduleItems').find((row) => row.id === itemId);
  const stay = () => rows(h.snapshot(), 'stays').find((row) => row.id === stayId);
  /** A field removed and added back by the undo has a new ID: the one difference it leaves. */
  const withoutFieldIds = (snapshot: StoreSnapshot): StoreSnapshot => ({
    ...snapshot,
    venues: rows(snapshot, 'venues').map((row) => ({
      ...row,
      customFields: row.customFields.map(({ id: _id, ...rest }: { id: number }) => rest),
    })),
  });

  beforeAll(async () => {
    h = await startHarness();
    tourId = (await h.createTour('Custom Fields')).id;
    itemId = (
      (await h.run('schedule.item.create', { tourId, day: '2027-03-27', name: 'Soundcheck', start: '16:00' }))
        .output as { id: number }
    ).id;
    ({ venueId, stayId } = await createVenueAndStay(h, tourId));
  });
  afterAll(async () => {
    await h?.close();
  });

  it('customField.add puts a premade field on a venue by its label, once after a lost answer; the undo removes it', async () => {
    coversAction('customField.add', 'undo', 'lostAnswer');
    const args = { tourId, venue: 'uber arena', template: 'Parking', value: 'Two bus bays' };
    const outcome = await checkWrite(h, 'customField.add', args, { method: 'PUT', path: '/custom-fields$' }, () => {
      expect(venue().customFields).toEqual([
        expect.objectContaining({ templateKey: 'parking', title: 'Parking', description: 'Two bus bays' }),
      ]);
    });
    expect(outcome.output).toEqual({ id: expect.any(Number), owner: `venue ${venueId}` });
    expect(venue().customFields).toEqual([]);
  });

  it('customField.add puts a free field on a schedule item named by day and name; the output names its ID', async () => {
    const args = {
      tourId,
      day: '2027-03-27',
      item: 'Soundcheck',
      title: 'Backline',
      value: 'Drum riser',
      sortOrder: 2,
    };
    const outcome = await checkWrite(
      h,
      'customField.add',
      args,
      { method: 'PUT', path: '^/v1/schedule/items/[0-9]+/custom-fields$' },
      () => {
        expect(item().customFields).toEqual([
          expect.objectContaining({ title: 'Backline', description: 'Drum riser', sortOrder: 2, templateKey: null }),
        ]);
      },
    );
    expect((outcome.output as { id: number }).id).toBeGreaterThan(0);
  });

  it('customField.update renames a field and changes its value; the undo puts both back', async () => {
    coversAction('customField.update', 'undo', 'lostAnswer');
    await h.run('customField.add', { tourId, day: '2027-03-27', item: itemId, title: 'Backline', value: 'Drum riser' });
    const fieldId = item().customFields[0].id as number;
    const args = {
      tourId,
      day: '2027-03-27',
      item: 'Soundcheck',
      field: 'backline',
      title: 'Backline (Berlin)',
      value: null,
    };
    const outcome = await checkWrite(h, 'customField.update', args, { method: 'PUT', path: '/custom-fields$' }, () => {
      expect(item().customFields).toEqual([
        expect.objectContaining({ id: fieldId, title: 'Backline (Berlin)', description: null }),
      ]);
    });
    expect(outcome.output).toEqual({ id: fieldId, owner: `schedule item ${itemId}` });
    expect(item().customFields).toEqual([
      expect.objectContaining({ id: fieldId, title: 'Backline', description: 'Drum riser' }),
    ]);
  });

  it('customField.update of an unknown field names the fields there are and changes nothing', async () => {
    const before = h.snapshot();
    const failure = await failureOf(
      h.run('customField.update', { tourId, day: '2027-03-27', item: 'Soundcheck', field: 'Catering', value: 'x' }),
    );
    expect(failure.message).toContain(`No custom field "Catering" on schedule item ${itemId}`);
    expect(failure.message).toContain('Backline');
    expect(h.snapshot()).toEqual(before);
  });

  it('customField.remove takes a field off once, also when its answer was lost; the undo adds it back under a new ID', async () => {
    coversAction('customField.remove', 'undo', 'lostAnswer');
    await h.run('customField.add', { tourId, venue: venueId, title: 'Catering', value: 'Hot meal at 18:00' });
    const before = h.snapshot();
    const args = { tourId, venue: 'Uber Arena', field: 'Catering' };
    const call = h.stepCall('customField.remove', args);
    const undo = await h.prepare(call);
    h.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'PUT', path: '/custom-fields$' }, times: 1 });
    await h.run('customField.remove', args, { key: call.idempotencyKey, retry: quickRetry(3) });
    expect(h.sandbox.faults.list()).toEqual([]);
    expect(venue().customFields).toEqual([]);

    // Another attempt of the activity finds the field gone: the earlier one removed it.
    const again = await h.secondAttempt(call);
    expect(again.output).toEqual({ id: null, owner: `venue ${venueId}` });

    await h.undo(undo);
    expect(venue().customFields).toEqual([
      expect.objectContaining({ title: 'Catering', description: 'Hot meal at 18:00' }),
    ]);
    expect(withoutFieldIds(h.snapshot())).toEqual(withoutFieldIds(before));
    await h.run('customField.remove', args);
  });

  it("the stay's premade confirmation number sets its booking number; the undo clears it again", async () => {
    const args = { tourId, stay: 'Hotel Adlon', template: 'confirmation_number', value: 'ADL-4711' };
    const outcome = await checkWrite(
      h,
      'customField.add',
      args,
      { method: 'PUT', path: '^/v1/accommodation/[0-9]+/custom-fields$' },
      () => {
        expect(stay()).toMatchObject({ bookingNumber: 'ADL-4711', customFields: [] });
      },
    );
    expect(outcome.output).toEqual({ id: null, owner: `stay ${stayId}` });
    expect(stay().bookingNumber).toBeNull();

    await h.run('customField.add', args);
    await checkWrite(
      h,
      'customField.update',
      { tourId, stay: stayId, template: 'Confirmation number', value: 'ADL-4712' },
      { method: 'PUT', path: '/custom-fields$' },
      () => {
        expect(stay().bookingNumber).toBe('ADL-4712');
      },
    );
    expect(stay().bookingNumber).toBe('ADL-4711');
  });

  it('in a forEach batch, each venue gets its field once and each call its own undo', async () => {
    const other = (
      (await h.run('venue.create', { tourId, day: '2027-03-28', title: 'Docks', category: 'Club' })).output as {
        id: number;
      }
    ).id;
    const before = h.snapshot();
    const calls = [venueId, other].map((venue, index) => ({
      ...h.stepCall('customField.add', { tourId, venue, template: 'wifi', value: `net-${index}` }, { stepId: 'wifi' }),
      itemKey: String(index),
    }));
    const undo = (await Promise.all(calls.map((call) => h.prepare(call)))).flat();
    h.sandbox.faults.add({ kind: 'dropAfterCommit', match: { method: 'PUT', path: '/custom-fields$' }, times: 2 });
    const { results } = await h.batch(calls, quickRetry(3));
    expect(results.map((result) => result?.outcome?.output)).toEqual([
      { id: expect.any(Number), owner: `venue ${venueId}` },
      { id: expect.any(Number), owner: `venue ${other}` },
    ]);
    const fields = rows(h.snapshot(), 'venues').map((row) =>
      row.customFields.map((entry: { description: string }) => entry.description),
    );
    expect(fields).toEqual([['net-0'], ['net-1']]);
    await h.undo(undo);
    expect(h.snapshot()).toEqual(before);
  });

  it("a venue's age restriction takes a value of the age restrictions lookup, by label or ID, written as its label", async () => {
    await checkWrite(
      h,
      'customField.add',
      { tourId, venue: venueId, template: 'age_restriction', value: 'all ages' },
      { method: 'PUT', path: '/custom-fields$' },
      () => {
        expect(venue().customFields).toEqual([
          expect.objectContaining({ templateKey: 'age_restriction', description: 'All ages' }),
        ]);
      },
    );
    await h.run('customField.add', { tourId, venue: venueId, template: 'age_restriction', value: 'all ages' });
    await h.run('customField.update', { tourId, venue: venueId, field: 'Age restriction', value: '3' });
    expect(venue().customFields).toEqual([
      expect.objectContaining({ templateKey: 'age_restriction', description: '18+' }),
    ]);
    const before = h.snapshot();
    const failure = await failureOf(
      h.run('customField.update', { tourId, venue: venueId, template: 'age_restriction', value: 'Adults only' }),
    );
    expect(failure.message).toMatch(/All ages.*16\+.*18\+.*21\+/);
    expect(h.snapshot()).toEqual(before);
    await h.run('customField.remove', { tourId, venue: venueId, template: 'age_restriction' });
  });

  it('a premade field the templates do not have fails with the valid keys', async () => {
    const failure = await failureOf(h.run('customField.add', { tourId, venue: venueId, template: 'catering' }));
    expect(failure.message).toMatch(/load_in.*parking.*wifi/);
  });
});
