/**
 * `tour.update` and its undo. The API's `day_list` is declarative: every existing day missing
 * from it is hard-deleted with its content. So the update always lists every day it keeps, and
 * its undo lists exactly the days from before: added days go, removed days come back as empty
 * shells (their content is gone for good), changed days get their old fields.
 */
import type { JsonObject } from '../../definitions/plan-types.ts';
import {
  tourUpdateArgs,
  type TourDayChange,
  type TourDaySpec,
  type TourUpdateArgs,
} from '../../actions/tour/catalogue.ts';
import { buildDayList, type DayListEntry } from '../../definitions/translate.ts';
import { updateTour, type UpdateTourBody } from '../../api/contract/tours.ts';
import type { ActionContext, ActionHandler } from '../action.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../types.ts';
import { ignoreGone, parseArgs, stepError } from './common.ts';
import { alreadySo, nothingWritten } from './step-support.ts';
import { updatePlan, type CallPlan } from '../plan-call.ts';
import { dayOutput, readTour, resolveDay, sharedDateWarnings, type TourDay, type TourView } from './tour-days.ts';

/** A new day's `day_list` (or `days`) entry from the playbook's compact form. */
export async function newDayEntry(ctx: ActionContext, day: TourDaySpec, tourTimeZone: string | undefined) {
  const zone = day.timeZone ?? tourTimeZone;
  return {
    day_type_id: await ctx.client.lookups.resolve('dayTypes', day.dayType),
    name: day.name ?? day.city ?? day.address ?? day.date,
    formatted_address: day.address ?? day.city ?? '',
    date: day.date,
    ...(zone ? { timeZone: zone } : {}),
  };
}

async function dayChangeEntry(ctx: ActionContext, change: TourDayChange): Promise<Record<string, unknown>> {
  const address = change.address ?? change.city;
  return {
    ...(change.date !== undefined ? { date: change.date } : {}),
    ...(address !== undefined ? { formatted_address: address } : {}),
    ...(change.dayType !== undefined
      ? { day_type_id: await ctx.client.lookups.resolve('dayTypes', change.dayType) }
      : {}),
    ...(change.timeZone !== undefined ? { timeZone: change.timeZone } : {}),
    ...(change.name !== undefined ? { name: change.name } : {}),
  };
}

/** The dates the tour spans once the day list is applied. */
function spanOf(entries: DayListEntry[], tour: TourView): { start_date: string; end_date: string } {
  const dates = entries
    .map((entry) =>
      typeof entry.date === 'string' ? entry.date : tour.days.find((day) => day.id === entry.day_id)?.date,
    )
    .filter((date): date is string => typeof date === 'string')
    .sort();
  if (dates.length === 0)
    throw stepError(`tour.update would leave tour ${tour.name ?? tour.id} without days; a tour keeps at least one.`);
  return { start_date: dates[0]!, end_date: dates[dates.length - 1]! };
}

async function dayListOf(
  ctx: ActionContext,
  tour: TourView,
  args: TourUpdateArgs,
): Promise<DayListEntry[] | undefined> {
  if (!args.addDays?.length && !args.updateDays?.length && !args.removeDays?.length) return undefined;
  const remove = new Set((args.removeDays ?? []).map((ref) => resolveDay(tour, ref).id));
  const update = new Map<number, Record<string, unknown>>();
  for (const change of args.updateDays ?? []) {
    const day = resolveDay(tour, change.day);
    if (remove.has(day.id)) throw stepError(`Day ${day.date} is both in "updateDays" and in "removeDays"; keep one.`);
    update.set(day.id, await dayChangeEntry(ctx, change));
  }
  const add = [];
  for (const day of args.addDays ?? [])
    add.push(await newDayEntry(ctx, day, args.timeZone ?? tour.timeZone ?? undefined));
  return buildDayList(tour.days, { update, add, remove });
}

/** The days a retried or first attempt added: new IDs, or (after a replayed write) the days on the added dates. */
function addedDays(before: TourView, after: TourView, args: TourUpdateArgs): TourDay[] {
  const known = new Set(before.days.map((day) => day.id));
  const fresh = after.days.filter((day) => !known.has(day.id));
  if (fresh.length > 0 || !args.addDays?.length) return fresh;
  const dates = new Set(args.addDays.map((day) => day.date));
  return after.days.filter((day) => dates.has(day.date));
}

/** What tour.update would do (`plan --live`): name and time zone before → after; days added, changed and removed, resolved as the run resolves them. */
async function tourUpdatePlan(call: StepCall, ctx: ActionContext): Promise<CallPlan> {
  const args = parseArgs(call.action, tourUpdateArgs, call.args);
  const before = await readTour(ctx, args.tourId, { tourFields: true });
  const label = `tour ${before.name ?? args.tourId}`;
  const fields = {
    ...(args.name !== undefined ? { name: args.name } : {}),
    ...(args.timeZone !== undefined ? { timeZone: args.timeZone } : {}),
  };
  const plan = updatePlan(label, fields, { name: before.name, timeZone: before.timeZone }, { id: args.tourId });
  if (!(await dayListOf(ctx, before, args))) return plan;
  const removed = args.removeDays?.length
    ? `, ${args.removeDays.length} removed with all their content (a rollback brings back empty days)`
    : '';
  const days = `${args.addDays?.length ?? 0} day(s) added, ${args.updateDays?.length ?? 0} changed${removed}`;
  return {
    ...plan,
    would: plan.would === 'nothing' ? 'update' : plan.would,
    describe: `${plan.would === 'nothing' ? `update ${label}` : plan.describe}: ${days}`,
  };
}

async function tourUpdate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, tourUpdateArgs, call.args);
  const before = await readTour(ctx, args.tourId, { tourFields: true });
  const dayList = await dayListOf(ctx, before, args);
  const body: UpdateTourBody = {
    ...(args.name !== undefined ? { name: args.name } : {}),
    ...(args.timeZone !== undefined ? { timeZone: args.timeZone } : {}),
    ...(dayList ? { day_list: dayList, ...spanOf(dayList, before) } : {}),
  };
  // Without day changes the tour's own name and time zone tell whether there is anything to write.
  if (!dayList && alreadySo(body, { name: before.name, timeZone: before.timeZone })) {
    const label = `tour ${before.name ?? args.tourId}`;
    return {
      output: { id: args.tourId, days: before.days.map((day) => dayOutput(before, day)), added: [] },
      undo: [],
      ...nothingWritten(),
      tourId: args.tourId,
      describe: `${label} already so (${Object.keys(body).join(', ')}): nothing written`,
    };
  }
  // New days make this PUT create records: the key keeps a retry from adding them twice.
  const idempotencyKey = args.addDays?.length ? ctx.key() : undefined;
  await ctx.client.call(updateTour, {
    params: { tourId: args.tourId },
    body,
    ...(idempotencyKey ? { idempotencyKey } : {}),
    signal: ctx.signal,
  });
  const after = await readTour(ctx, args.tourId);
  const added = addedDays(before, after, args);
  const removed = args.removeDays?.length ?? 0;
  const name = args.name ?? before.name ?? args.tourId;
  const moved = (args.updateDays ?? []).flatMap((change) => (change.date !== undefined ? [change.date] : []));
  const shared = sharedDateWarnings({ ...after, name }, [...added.map((day) => day.date), ...moved]);
  const warnings = [
    ...(removed > 0
      ? [
          `${removed} day(s) of tour ${name} were deleted with all their content; an undo can only bring back empty days.`,
        ]
      : []),
    ...shared,
  ];
  return {
    output: {
      id: args.tourId,
      days: after.days.map((day) => dayOutput(after, day)),
      added: added.map((day) => day.id),
    },
    undo: [],
    tourId: args.tourId,
    describe: `updated tour ${name}: ${after.days.length} days (${added.length} added, ${args.updateDays?.length ?? 0} changed, ${removed} removed)`,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** What the write-back needs of a day to put it back as it was. */
function dayState(day: TourDay): JsonObject {
  return {
    id: day.id,
    date: day.date,
    name: day.name,
    dayTypeId: day.dayTypeId,
    address: day.address,
    timeZone: day.timeZone,
    placeId: day.placeId,
    viewport: day.viewport,
  };
}

async function tourUpdatePrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const args = parseArgs(call.action, tourUpdateArgs, call.args);
  const tour = await readTour(ctx, args.tourId, { tourFields: true });
  const removed = (args.removeDays ?? []).map((ref) => resolveDay(tour, ref).date);
  const label = tour.name ?? args.tourId;
  const shells =
    removed.length > 0
      ? `; removed days ${removed.join(', ')} come back as empty days (their content cannot be restored)`
      : '';
  return [
    {
      activity: 'tourWriteBack',
      args: {
        tourId: args.tourId,
        name: tour.name,
        timeZone: tour.timeZone,
        startDate: tour.startDate,
        endDate: tour.endDate,
        days: tour.days.map(dayState),
      },
      describe: `put tour ${label} back as it was (name, time zone, days; added days deleted)${shells}`,
      record: { resource: 'tour', id: args.tourId, label },
    },
  ];
}

export const tourUpdateHandler: ActionHandler = { run: tourUpdate, prepare: tourUpdatePrepare, plan: tourUpdatePlan };

interface SavedDay {
  id: number;
  date: string;
  name: string | null;
  dayTypeId: number | null;
  address: string | null;
  timeZone: string | null;
  placeId: string | null;
  viewport: JsonObject | null;
}

/** A saved day's fields as a `day_list` entry; a day to create gets the required ones even when unknown. */
async function savedDayFields(ctx: ActionContext, day: SavedDay, create: boolean): Promise<Record<string, unknown>> {
  const dayTypeId = day.dayTypeId ?? (create ? (await ctx.client.lookups.entries('dayTypes'))[0]?.id : undefined);
  const address = day.address ?? (create ? '' : undefined);
  return {
    date: day.date,
    ...(day.name || create ? { name: day.name ?? day.date } : {}),
    ...(address !== undefined ? { formatted_address: address } : {}),
    ...(dayTypeId !== undefined ? { day_type_id: dayTypeId } : {}),
    ...(day.timeZone ? { timeZone: day.timeZone } : {}),
    ...(day.placeId ? { place_id: day.placeId } : {}),
    ...(day.viewport ? { viewport: day.viewport } : {}),
  };
}

/**
 * The day list that puts the saved days back. A saved day that is gone is recreated, reusing a
 * day on the same date that the saved list does not know (a shell from an earlier attempt of
 * this undo), so running the undo twice creates nothing twice.
 */
async function writeBackDayList(ctx: ActionContext, current: TourView, saved: SavedDay[]): Promise<DayListEntry[]> {
  const savedIds = new Set(saved.map((day) => day.id));
  const spare = current.days.filter((day) => !savedIds.has(day.id));
  const currentIds = new Set(current.days.map((day) => day.id));
  const list: DayListEntry[] = [];
  for (const day of saved) {
    if (currentIds.has(day.id)) {
      list.push({ day_id: day.id, ...(await savedDayFields(ctx, day, false)) });
      continue;
    }
    const shellIndex = spare.findIndex((candidate) => candidate.date === day.date);
    const shell = shellIndex >= 0 ? spare.splice(shellIndex, 1)[0] : undefined;
    const fields = await savedDayFields(ctx, day, true);
    list.push(shell ? { day_id: shell.id, ...fields } : fields);
  }
  return list;
}

/** Undo of `tour.update`: the tour's fields and days as `prepare` saw them. */
export async function tourWriteBack(args: JsonObject, ctx: ActionContext): Promise<void> {
  const tourId = String(args.tourId);
  await ignoreGone(async () => {
    const current = await readTour(ctx, tourId);
    const saved = (args.days ?? []) as unknown as SavedDay[];
    const text = (key: string) => (typeof args[key] === 'string' ? (args[key] as string) : undefined);
    const body: UpdateTourBody = {
      ...(text('name') ? { name: text('name') } : {}),
      ...(text('timeZone') ? { timeZone: text('timeZone') } : {}),
      ...(text('startDate') ? { start_date: text('startDate') } : {}),
      ...(text('endDate') ? { end_date: text('endDate') } : {}),
      ...(saved.length > 0 ? { day_list: await writeBackDayList(ctx, current, saved) } : {}),
    };
    await ctx.client.call(updateTour, { params: { tourId }, body, signal: ctx.signal });
  });
}
