/**
 * Tour days: the day entries of tour creation, and the declarative `day_list` of tour edits
 * (listed days are updated, new entries created, every other day hard-deleted with its content).
 */
import type { z } from 'zod';
import { dayEntry, type dayListEntry } from '../../api/contract/tours.ts';
import { validationError } from '../errors.ts';
import { parseWith } from '../pipeline/validate.ts';
import { destroyDay } from '../store/cascade.ts';
import type { DayRecord, TourRecord } from '../store/records.ts';
import type { Store } from '../store/store.ts';

export type DayEntry = z.output<typeof dayEntry>;
type DayListEntry = z.output<typeof dayListEntry>;

/** Stores a new day of a tour. */
export function insertDay(store: Store, tourId: string, entry: DayEntry): DayRecord {
  const now = new Date().toISOString();
  return store.days.put({
    id: store.nextId('day'),
    tourId,
    dayTypeId: entry.day_type_id,
    name: entry.name,
    date: new Date(entry.date).toISOString(),
    formattedAddress: entry.formatted_address,
    placeId: entry.place_id ?? null,
    timeZone: entry.timeZone ?? null,
    viewport: entry.viewport ?? null,
    createdAt: now,
    updatedAt: now,
  });
}

function updateDay(day: DayRecord, entry: DayListEntry): void {
  if (entry.day_type_id !== undefined) day.dayTypeId = entry.day_type_id;
  if (entry.name !== undefined) day.name = entry.name;
  if (entry.formatted_address !== undefined) day.formattedAddress = entry.formatted_address;
  if (entry.date !== undefined) day.date = new Date(entry.date).toISOString();
  if (entry.place_id !== undefined) day.placeId = entry.place_id;
  if (entry.timeZone !== undefined) day.timeZone = entry.timeZone;
  if (entry.viewport !== undefined) day.viewport = entry.viewport;
  day.updatedAt = new Date().toISOString();
}

/** Checks the whole list before anything changes, so a bad entry leaves the tour untouched. */
function checkDayList(store: Store, tour: TourRecord, list: DayListEntry[]): DayEntry[] {
  if (list.length === 0) throw validationError('day_list: a tour keeps at least one day');
  const seen = new Set<number>();
  const created: DayEntry[] = [];
  list.forEach((entry, index) => {
    if (entry.day_id === undefined) {
      created.push(parseWith(dayEntry, entry, `day_list[${index}]`));
      return;
    }
    if (store.days.get(entry.day_id)?.tourId !== tour.id)
      throw validationError(`day_list[${index}].day_id: ${entry.day_id} is not a day of this tour`);
    if (seen.has(entry.day_id)) throw validationError(`day_list[${index}].day_id: ${entry.day_id} is listed twice`);
    seen.add(entry.day_id);
  });
  return created;
}

/** Applies a declarative day list to a tour. */
export function applyDayList(store: Store, tour: TourRecord, list: DayListEntry[]): void {
  const created = checkDayList(store, tour, list);
  const kept = new Set(list.flatMap((entry) => (entry.day_id === undefined ? [] : [entry.day_id])));
  for (const day of store.days.filter((row) => row.tourId === tour.id && !kept.has(row.id))) destroyDay(store, day.id);
  for (const entry of list) {
    const day = entry.day_id === undefined ? undefined : store.days.get(entry.day_id);
    if (day) updateDay(day, entry);
  }
  for (const entry of created) insertDay(store, tour.id, entry);
}
