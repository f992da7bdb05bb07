/**
 * The watcher's one activity: reads a tour for its triggers and returns what they compare
 * (`TourSnapshot`): every day, and the watched fields of each record of the watched kinds. One
 * whole-tour read for up to 10 days (a tour of more days: one read of its days, then the days in
 * groups, so that the reads number one per 10 days: `dayGroups`), each per-resource limit at its
 * 500 maximum; a day the read cut short
 * (`truncated`) has its schedule and guest list paged with the day's list reads, and stays
 * `truncated` in the snapshot when other lists of it may still be cut (its absent records are
 * then not taken for deleted). Rooms are read per stay, only when a trigger watches them.
 * The moments of time triggers are computed here (they need `Intl`, which workflow code
 * avoids), in each day's own zone, else the tour's, else UTC.
 *
 * Shared by the watcher's activity (`activities/triggers/activities.ts`) and `tourflow triggers
 * apply --dry-run`, which reads the tour exactly as the watcher does.
 */
import { getTourData } from '../contract/tours.ts';
import { listGuestlist } from '../contract/guestlist.ts';
import { listScheduleItems } from '../contract/schedule.ts';
import { listRooms } from '../contract/rooms.ts';
import { TOUR_DATA_LIMIT, TourDataLimitParam } from '../contract/assumptions.ts';
import type { ApiClient } from '../client/index.ts';
import { localToEpochMs } from '../../definitions/translate.ts';
import {
  momentKey,
  recordKey,
  TriggerResource,
  type SeenDay,
  type SeenRecord,
  type SnapshotRequest,
  type TourSnapshot,
} from '../../definitions/trigger-types.ts';
import { DAY_LISTS, dayFields, projectRoom, projectRow } from './project.ts';

type Row = Record<string, unknown>;
const DAYS_PER_READ = 10;
const FULL = TOUR_DATA_LIMIT.max;

/** Reads the tour once for the watcher. */
export async function readTourSnapshot(
  client: ApiClient,
  request: SnapshotRequest,
  signal?: AbortSignal,
): Promise<TourSnapshot> {
  let calls = 0;
  const read = async (dayIds?: number[], full = true) => {
    calls++;
    const limits = Object.fromEntries(Object.values(TourDataLimitParam).map((name) => [name, full ? FULL : 1]));
    const data = await client.call(getTourData, {
      params: { tourId: request.tourId },
      query: { ...limits, ...(dayIds ? { dayIds } : {}) },
      signal,
    });
    return { tour: data.tour as Row | undefined, days: data.days as Row[] };
  };
  let first = await read(undefined, request.knownDays <= DAYS_PER_READ);
  const tourZone = typeof first.tour?.time_zone === 'string' ? first.tour.time_zone : undefined;
  let dayRows = first.days;
  if (request.knownDays > DAYS_PER_READ) {
    dayRows = [];
    for (const ids of dayGroups(first.days.map((day) => day.id as number))) dayRows.push(...(await read(ids)).days);
    first = { tour: first.tour, days: dayRows };
  }
  const records = new Map<string, SeenRecord>();
  const add = (record: SeenRecord | undefined) => {
    if (!record) return;
    const known = records.get(recordKey(record));
    // a stay is listed under each of its days: keep it once, on its first day
    if (!known) records.set(recordKey(record), record);
  };
  const days: SeenDay[] = [];
  const watched = new Set(request.resources);
  for (const day of dayRows) {
    const id = day.id as number;
    let truncated = day.truncated === true;
    if (watched.has(TriggerResource.days)) add({ r: TriggerResource.days, id: String(id), day: id, f: dayFields(day) });
    for (const [resource, list] of Object.entries(DAY_LISTS) as [keyof typeof DAY_LISTS, string][]) {
      if (!watched.has(resource) && !(resource === TriggerResource.stays && watched.has(TriggerResource.rooms)))
        continue;
      for (const row of (day[list] as Row[] | undefined) ?? []) add(projectRow(resource, row, id));
    }
    if (truncated) {
      const paged = await pageDay(client, request, id, add, signal);
      calls += paged.calls;
      truncated = !paged.complete;
    }
    const zone = (typeof day.time_zone === 'string' && day.time_zone) || tourZone || 'UTC';
    days.push({
      id,
      name: (day.name as string | null) ?? null,
      date: typeof day.date === 'string' ? day.date.slice(0, 10) : null,
      zone,
      type: (dayFields(day).type as string | null) ?? null,
      truncated,
      moments: moments(day.date, zone, request),
    });
  }
  if (watched.has(TriggerResource.rooms)) {
    const stays = [...records.values()].filter((record) => record.r === TriggerResource.stays);
    for (const stay of stays) {
      calls++;
      const rooms = await client.call(listRooms, { params: { accommodationId: Number(stay.id) }, signal });
      for (const entry of rooms as Row[]) add(projectRoom(entry, stay.id, stay.day));
    }
    if (!watched.has(TriggerResource.stays)) for (const stay of stays) records.delete(recordKey(stay));
  }
  return { days, records: [...records.values()], calls };
}

/**
 * The days of a long tour in groups, one whole-tour read each: the read of its days counts as
 * one of the tour's reads per 10 days, so N days go into ceil(N / 10) - 1 groups of nearly equal
 * size (a tour of 11 to 20 days in one, of 60 days in five of 12).
 */
export function dayGroups(ids: number[]): number[][] {
  const groups = Math.max(1, Math.ceil(ids.length / DAYS_PER_READ) - 1);
  const size = Math.ceil(ids.length / groups);
  const out: number[][] = [];
  for (let at = 0; at < ids.length; at += size) out.push(ids.slice(at, at + size));
  return out;
}

/** Pages a truncated day's schedule and guest list; complete when nothing else of it can be cut. */
async function pageDay(
  client: ApiClient,
  request: SnapshotRequest,
  dayId: number,
  add: (record: SeenRecord | undefined) => void,
  signal?: AbortSignal,
): Promise<{ calls: number; complete: boolean }> {
  let calls = 0;
  const watched = new Set(request.resources);
  if (watched.has(TriggerResource.scheduleItems)) {
    calls++;
    for await (const row of client.paginate(listScheduleItems, { params: { tourId: request.tourId, dayId }, signal }))
      add(projectRow(TriggerResource.scheduleItems, row as Row, dayId));
  }
  if (watched.has(TriggerResource.guests)) {
    calls++;
    for await (const row of client.paginate(listGuestlist, { params: { tourId: request.tourId, dayId }, signal }))
      add(projectRow(TriggerResource.guests, row as Row, dayId));
  }
  const others = [TriggerResource.venues, TriggerResource.stays, TriggerResource.bulletins, TriggerResource.rooms].some(
    (resource) => watched.has(resource),
  );
  return { calls, complete: !others };
}

/** Each time trigger's moment for a day dated `date` in `zone`. */
function moments(date: unknown, zone: string, request: SnapshotRequest): Record<string, number> {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(date)) return {};
  const day = date.slice(0, 10);
  const out: Record<string, number> = {};
  for (const before of request.befores) {
    if ('ms' in before) out[momentKey(before)] = localToEpochMs(day, '00:00', zone) - before.ms;
    else out[momentKey(before)] = localToEpochMs(shiftDate(day, -before.days), before.at, zone);
  }
  return out;
}

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
