/**
 * Schedule items in the playbook's vocabulary turned into API create bodies, with everything
 * they need (the tour's days, its tags, its people) read once per call; and the undo records and
 * tag write-back the schedule item, tag and template actions share (the undo handlers are the
 * schedule item's, in `actions/scheduleItem/handlers.ts`).
 */
import type { ScheduleItemSpec } from '../../actions/scheduleItem/vocabulary.ts';
import { visibilityFields } from '../../definitions/translate.ts';
import type { CreateScheduleItemBody } from '../../api/contract/schedule.ts';
import { listTags, setScheduleItemTags, type Tag } from '../../api/contract/tags.ts';
import type { ActionContext } from '../action.ts';
import { pickPerson, pickTag, readTourPeople, type TourPerson } from '../names/index.ts';
import type { UndoRecord } from '../types.ts';
import { ignoreGone, stepError } from './common.ts';
import { lookupTour, resolveDay, zoneOf, type TourView } from './tour-days.ts';

/** The API's `type` of a regular item; 2-6 are travel and need an origin. */
const REGULAR_ITEM_TYPE = 1;

/** How many undo writes run at once: enough to be quick, few enough not to flood the API. */
export const UNDO_CONCURRENCY = 8;

/** Reads a tour's days, tags and people at most once per call. */
export interface TourCache {
  tourId: string;
  tour(): Promise<TourView>;
  tags(): Promise<Tag[]>;
  /** Its members and pending invites (`activities/names/people.ts`). */
  people(): Promise<TourPerson[]>;
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
}

/** A per-call cache of what schedule writes look up. */
export function tourCache(ctx: ActionContext, tourId: string): TourCache {
  return {
    tourId,
    tour: once(() => lookupTour(ctx, tourId)),
    tags: once(() => ctx.client.call(listTags, { params: { tourId }, signal: ctx.signal })),
    people: once(() => readTourPeople(ctx, tourId)),
  };
}

/** Tag IDs for names or IDs (the rules of `activities/names`); an unknown one fails with the nearest names. */
export async function resolveTagIds(cache: TourCache, refs: ReadonlyArray<string | number>): Promise<number[]> {
  if (refs.length === 0) return [];
  const tags = await cache.tags();
  return refs.map((ref) => pickTag(tags, ref, cache.tourId).id);
}

/** Who sees an item: members by user ID, pending invitees by invite ID; a name or e-mail not on the tour fails the step with the nearest. */
async function visibilityOf(cache: TourCache, visibility: ScheduleItemSpec['visibility']) {
  if (visibility === undefined || typeof visibility === 'string') return visibilityFields('scheduleItem', visibility);
  const people = await cache.people();
  const userIds: string[] = [];
  const inviteIds: number[] = [];
  for (const ref of visibility.people) {
    const person = pickPerson(people, ref, cache.tourId);
    if (person.kind === 'member') userIds.push(String(person.id));
    else inviteIds.push(Number(person.id));
  }
  return visibilityFields('scheduleItem', visibility, { userIds, inviteIds });
}

async function firstId(ctx: ActionContext, group: string): Promise<number> {
  const first = (await ctx.client.lookups.entries(group))[0];
  if (!first) throw stepError(`The ${group} lookup is empty; name a value explicitly.`);
  return first.id;
}

async function typeFields(ctx: ActionContext, spec: ScheduleItemSpec, zone: string) {
  const type = spec.type === undefined ? undefined : await ctx.client.lookups.resolve('scheduleItemTypes', spec.type);
  if (type !== undefined && type !== REGULAR_ITEM_TYPE && !spec.origin) {
    throw stepError(`Schedule item "${spec.name}" is a travel item: give "origin" (where from).`);
  }
  return {
    ...(type !== undefined ? { type } : {}),
    ...(spec.origin ? { origin: { formatted_address: spec.origin, timeZone: zone } } : {}),
    ...(spec.destination ? { destination: { formatted_address: spec.destination, timeZone: zone } } : {}),
  };
}

/** The create body of one item: times `HH:mm` in the day's zone (or the item's), names resolved to IDs. */
export async function itemBody(
  ctx: ActionContext,
  cache: TourCache,
  spec: ScheduleItemSpec,
): Promise<CreateScheduleItemBody & { day_id: number }> {
  const tour = await cache.tour();
  const day = resolveDay(tour, spec.day);
  const zone = spec.timeZone ?? zoneOf(tour, day);
  const lookups = ctx.client.lookups;
  const startType =
    spec.startType === undefined
      ? await firstId(ctx, 'scheduleItemTimeTypes')
      : await lookups.resolve('scheduleItemTimeTypes', spec.startType);
  const endType = spec.endType === undefined ? startType : await lookups.resolve('scheduleItemTimeTypes', spec.endType);
  return {
    tour_id: cache.tourId,
    day_id: day.id,
    name: spec.name,
    startTime: spec.start,
    startTimeTypeId: startType,
    timeZoneStart: zone,
    ...(spec.end !== undefined ? { endTime: spec.end, endTimeTypeId: endType, timeZoneEnd: zone } : {}),
    ...(spec.allDay !== undefined ? { allDay: spec.allDay } : {}),
    status: spec.confirmed ?? false,
    ...(spec.statusType !== undefined ? { statusTypeId: await lookups.resolve('statusTypes', spec.statusType) } : {}),
    ...(spec.location !== undefined ? { location: spec.location } : {}),
    ...(spec.notes !== undefined ? { notes: spec.notes } : {}),
    ...(await typeFields(ctx, spec, zone)),
    ...(spec.tags?.length ? { tagIds: await resolveTagIds(cache, spec.tags) } : {}),
    ...(await visibilityOf(cache, spec.visibility)),
  };
}

/** The undo of created items: delete them, one record per write however many items it made. */
export function deleteItemsUndo(ids: number[], what: string): UndoRecord {
  const label = ids.length === 1 ? `schedule item ${ids[0]}` : `${ids.length} schedule items`;
  return {
    activity: 'scheduleItemsDelete',
    args: { itemIds: ids },
    describe: `delete ${label} (${what})`,
    record: { resource: 'scheduleItem', id: ids.join(','), label: what },
  };
}

/**
 * The undo that brings back items a call may delete: restore each of `itemIds` that is no longer
 * visible on the day. `by` (the call's key) keeps the restore keys apart from other runs'.
 */
export function restoreMissingUndo(
  tourId: string,
  dayId: number,
  itemIds: number[],
  by: string,
  describe: string,
): UndoRecord {
  return {
    activity: 'scheduleItemsRestoreMissing',
    args: { tourId, dayId, itemIds, by },
    describe,
    record: { resource: 'scheduleItem', id: itemIds.join(','), label: `day ${dayId}` },
  };
}

/**
 * Puts an item's tag set back. Tags deleted since are left out (a deleted tag cannot come back),
 * and an item that is gone is left alone.
 */
export async function putBackTags(ctx: ActionContext, tourId: string, itemId: number, tagIds: number[]): Promise<void> {
  await ignoreGone(async () => {
    const existing = new Set(
      (await ctx.client.call(listTags, { params: { tourId }, signal: ctx.signal })).map((tag) => tag.id),
    );
    const body = { tourId, tagIds: tagIds.filter((id) => existing.has(id)) };
    await ctx.client.call(setScheduleItemTags, { params: { itemId }, body, signal: ctx.signal });
  });
}
