/**
 * Triggers on schedule items, venues, stays and rooms, on the dev server and the sandbox over
 * HTTP: one playbook of six triggers (`fixtures/triggers-places.yaml`) on one watcher sees
 * records created, changed in a watched field (the event carries each changed field before and
 * after), changed in a field it does not watch (skipped, and `explain` says why), confirmed
 * (`statusChanged`) and deleted through the public API, a room gone with its deleted stay,
 * and starts exactly one run per event, which reads it as `event.*`. Polls every second; every
 * wait polls with a deadline.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client/index.ts';
import { createAccommodation, deleteAccommodation, updateAccommodation } from '../../api/contract/accommodation.ts';
import { createRoom, updateRoom } from '../../api/contract/rooms.ts';
import {
  confirmAllScheduleItems,
  createScheduleItem,
  deleteScheduleItem,
  updateScheduleItem,
} from '../../api/contract/schedule.ts';
import { createVenue, deleteVenue, updateVenue } from '../../api/contract/venues.ts';
import { pollUntil } from '../support/poll.ts';
import type { TestStack } from '../support/stack.ts';
import { startTriggerStack, type TriggerStack } from '../support/trigger-stack.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/triggers-places.yaml');
const DATE = '2027-03-27';

interface RunOutputs {
  trigger: string;
  kind: string;
  resource: string;
  recordId: string;
  dayId: number | null;
  date: string | null;
  record: Record<string, unknown>;
  changes: Record<string, { before: unknown; after: unknown }>;
}

const at = (hour: number, day = 27) => Date.UTC(2027, 2, day, hour);

describe('triggers on schedule items, venues, stays and rooms', () => {
  let triggers: TriggerStack;
  let stack: TestStack;
  let api: ApiClient;
  beforeAll(async () => {
    triggers = await startTriggerStack();
    ({ stack, api } = triggers);
  }, 60_000);
  afterAll(async () => {
    await triggers?.close();
  });

  it('starts one run per created, changed, confirmed and deleted record, each reading its event', async () => {
    const { tourId, dayId } = await triggers.oneDayTour('Places Trigger Tour', 'places-trigger-tour');
    const run = triggers.tourflow;
    const applied = await run(['triggers', 'apply', FIXTURE, '--input', `tourId=${tourId}`, '--poll', '1s']);
    expect(applied.err).toBe('');
    expect(applied.code).toBe(0);

    /** The outputs of the runs the triggers started, once each has ended. */
    const runsOf = async (): Promise<RunOutputs[]> => {
      const out: RunOutputs[] = [];
      for await (const info of stack.client.workflow.list({ query: `WorkflowId STARTS_WITH 'trigger/${tourId}/'` })) {
        const result = await stack.client.workflow.getHandle(info.workflowId).result();
        expect(result.status, JSON.stringify(result.error)).toBe('completed');
        out.push(result.outputs as unknown as RunOutputs);
      }
      return out;
    };
    /** Waits until `count` runs in all have ended; returns the new ones by `trigger:kind`. */
    const known = new Set<string>();
    const nextRuns = async (count: number, what: string): Promise<Record<string, RunOutputs>> => {
      const runs = await pollUntil(
        async () => {
          const all = await runsOf();
          return all.length >= count ? all : undefined;
        },
        what,
        30_000,
        250,
      );
      expect(runs).toHaveLength(count);
      const fresh = runs.filter((r) => !known.has(`${r.trigger}:${r.kind}`));
      for (const r of fresh) known.add(`${r.trigger}:${r.kind}`);
      return Object.fromEntries(fresh.map((r) => [`${r.trigger}:${r.kind}`, r]));
    };
    const decisions = async () =>
      JSON.parse((await run(['triggers', 'explain', tourId, '--json'])).out) as {
        trigger: string;
        kind: string;
        resource: string;
        recordId: string;
        outcome: string;
        reason?: string;
      }[];

    // created: a schedule item, a venue, a stay and a room of it
    const item = await api.call(createScheduleItem, {
      body: {
        tour_id: tourId,
        day_id: dayId,
        name: 'Soundcheck',
        startTime: '16:00',
        startTimeTypeId: 1,
        timeZoneStart: 'UTC',
        isEveryone: true,
      },
      idempotencyKey: `places-item-${tourId}`,
    });
    const venue = await api.call(createVenue, {
      body: { tour_id: tourId, day_id: dayId, title: 'Columbiahalle', venueCategoryId: 2, capacity: 3500 },
      idempotencyKey: `places-venue-${tourId}`,
    });
    const stay = await api.call(createAccommodation, {
      body: {
        tourId,
        dayId,
        title: 'Hotel Adlon',
        formatted_address: {
          formatted_address: 'Unter den Linden 77, 10117 Berlin',
          timeZone: 'Europe/Berlin',
          geometry: {
            location: { lat: 52.5163, lng: 13.3805 },
            viewport: { northeast: { lat: 52.52, lng: 13.39 }, southwest: { lat: 52.51, lng: 13.37 } },
          },
        },
        checkInDate: at(0),
        checkOutDate: at(0, 28),
        checkInTime: at(15),
        checkOutTime: at(11, 28),
        reservationStatus: false,
        type: 'HOTEL',
      },
      idempotencyKey: `places-stay-${tourId}`,
    });
    const room = await api.call(createRoom, {
      params: { accommodationId: stay.id },
      body: {
        roomType: 2,
        roomNumber: 412,
        checkInDate: at(0),
        checkOutDate: at(0, 28),
        checkInTime: at(15),
        checkOutTime: at(11, 28),
        smoking: false,
        generalNotes: '',
        confirmationNumber: '',
      },
      idempotencyKey: `places-room-${tourId}`,
    });
    const created = await nextRuns(4, 'the runs of the four created records');
    const common = { kind: 'created', dayId, date: DATE, changes: {} };
    expect(created['item:created']).toMatchObject({
      ...common,
      resource: 'scheduleItems',
      recordId: String(item.id),
      record: { name: 'Soundcheck', startTime: '16:00', dayId },
    });
    expect(created['venue:created']).toMatchObject({
      ...common,
      resource: 'venues',
      recordId: String(venue.id),
      record: { title: 'Columbiahalle', capacity: 3500, dayId },
    });
    expect(created['stay:created']).toMatchObject({
      ...common,
      resource: 'stays',
      recordId: String(stay.id),
      record: { title: 'Hotel Adlon', confirmed: false, checkIn: new Date(at(15)).toISOString(), dayIds: [dayId] },
    });
    expect(created['room:created']).toMatchObject({
      ...common,
      resource: 'rooms',
      recordId: String(room.id),
      record: { roomNumber: 412, stayId: String(stay.id), confirmed: false },
    });

    // changed in a field no trigger watches: skipped, and explain says why
    await api.call(updateScheduleItem, { params: { itemId: item.id }, body: { notes: 'bring the in-ears' } });
    await api.call(updateVenue, { params: { venueId: venue.id }, body: { notes: 'dock B' } });
    await pollUntil(async () => {
      const skipped = (await decisions()).filter((d) => d.reason === 'field not watched (notes)');
      return ['triggers-places/item', 'triggers-places/venue'].every((t) => skipped.some((d) => d.trigger === t));
    }, 'the notes changes skipped');
    expect(await runsOf()).toHaveLength(4);

    // changed in a watched field: the event carries the field before and after
    await api.call(updateScheduleItem, { params: { itemId: item.id }, body: { startTime: '16:30' } });
    await api.call(updateVenue, { params: { venueId: venue.id }, body: { capacity: 3600 } });
    await api.call(updateAccommodation, { params: { accommodationId: stay.id }, body: { checkInTime: at(14) } });
    await api.call(updateRoom, { params: { roomAssignmentId: room.id }, body: { roomNumber: 413 } });
    const changed = await nextRuns(8, 'the runs of the four changes');
    expect(Object.keys(changed).sort()).toEqual(['item:changed', 'room:changed', 'stay:changed', 'venue:changed']);
    expect(changed['item:changed']!.changes).toEqual({ startTime: { before: '16:00', after: '16:30' } });
    expect(changed['venue:changed']!.changes).toEqual({ capacity: { before: 3500, after: 3600 } });
    expect(changed['stay:changed']!.changes).toEqual({
      checkIn: { before: new Date(at(15)).toISOString(), after: new Date(at(14)).toISOString() },
    });
    expect(changed['room:changed']!.changes).toEqual({ roomNumber: { before: 412, after: 413 } });
    expect(changed['item:changed']).toMatchObject({ dayId, date: DATE, record: { startTime: '16:30' } });

    // status changed: the item confirmed with the day's "confirm all", the venue, the stay's reservation and the room
    await api.call(confirmAllScheduleItems, { params: { tourId, dayId }, idempotencyKey: `places-confirm-${tourId}` });
    await api.call(updateVenue, { params: { venueId: venue.id }, body: { status: true } });
    await api.call(updateAccommodation, { params: { accommodationId: stay.id }, body: { reservationStatus: true } });
    await api.call(updateRoom, { params: { roomAssignmentId: room.id }, body: { is_confirmed: true } });
    const confirmed = await nextRuns(12, 'the runs of the four confirmations');
    expect(Object.keys(confirmed).sort()).toEqual([
      'item_status:statusChanged',
      'room:statusChanged',
      'stay_confirmed:statusChanged',
      'venue:statusChanged',
    ]);
    expect(confirmed['item_status:statusChanged']).toMatchObject({
      resource: 'scheduleItems',
      recordId: String(item.id),
    });
    expect(confirmed['item_status:statusChanged']!.changes).toEqual({
      status: { before: false, after: true },
      statusType: { before: null, after: 'Confirmed' },
    });
    expect(confirmed['stay_confirmed:statusChanged']!.changes).toEqual({ confirmed: { before: false, after: true } });
    expect(confirmed['venue:statusChanged']!.changes).toEqual({ status: { before: false, after: true } });
    expect(confirmed['room:statusChanged']!.changes).toEqual({ confirmed: { before: false, after: true } });
    // the item's trigger of name and start time, and the stay's of check-in, skipped the confirmations
    const skips = (await decisions()).filter((d) => d.outcome === 'skipped' && d.kind === 'changed');
    expect(skips.filter((d) => d.trigger === 'triggers-places/item').map((d) => d.reason)).toEqual([
      'field not watched (notes)',
      'field not watched (status, statusType)',
    ]);
    expect(skips.find((d) => d.trigger === 'triggers-places/stay')).toMatchObject({
      reason: 'field not watched (confirmed)',
    });

    // deleted: the item, the venue and the stay; the room is gone with its stay
    await api.call(deleteScheduleItem, { params: { itemId: item.id } });
    await api.call(deleteVenue, { params: { venueId: venue.id } });
    await api.call(deleteAccommodation, { params: { accommodationId: stay.id } });
    const deleted = await nextRuns(16, 'the runs of the four deletions');
    expect(Object.keys(deleted).sort()).toEqual(['item:deleted', 'room:deleted', 'stay:deleted', 'venue:deleted']);
    expect(deleted['item:deleted']).toMatchObject({ recordId: String(item.id), record: { name: 'Soundcheck' } });
    expect(deleted['room:deleted']).toMatchObject({ recordId: String(room.id), record: { roomNumber: 413 } });
    expect(deleted['stay:deleted']).toMatchObject({ recordId: String(stay.id), dayId, date: DATE });

    // a few more polls start nothing more: one run per event, none twice
    const polls = async () =>
      (JSON.parse((await run(['triggers', 'status', tourId, '--json'])).out) as { stats: { polls: number } }).stats
        .polls;
    const before = await polls();
    await pollUntil(async () => (await polls()) >= before + 3, 'three more polls');
    expect(await runsOf()).toHaveLength(16);
    expect((await run(['triggers', 'delete', tourId, '--playbook', 'triggers-places'])).code).toBe(0);
  }, 120_000);
});
