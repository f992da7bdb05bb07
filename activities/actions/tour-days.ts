/**
 * A tour and its days as the actions see them: read once per call from the whole-tour read,
 * then looked up by date, ID, or date and name, and filtered by the playbook's day selections.
 */
import type { JsonObject } from '../../definitions/plan-types.ts';
import { listOrganizations } from '../../api/contract/organizations.ts';
import { getTourData, listTours, type TourData, type TourMembership } from '../../api/contract/tours.ts';
import type { ActionContext } from '../action.ts';
import type { ApplicationFailure } from '@temporalio/activity';
import type { DayRef } from '../../definitions/actions/vocabulary.ts';
import { stepError } from './common.ts';
import { foldName } from '../names/pick.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** One day of a tour. */
export interface TourDay {
  id: number;
  /** `YYYY-MM-DD`. */
  date: string;
  name: string | null;
  /** Name of the day type (Show, Travel, Off, ...). */
  dayType: string | null;
  dayTypeId: number | null;
  timeZone: string | null;
  address: string | null;
  placeId: string | null;
  viewport: JsonObject | null;
}

/** A tour with its days, sorted by date. */
export interface TourView {
  id: string;
  name: string | null;
  timeZone: string | null;
  startDate: string | null;
  endDate: string | null;
  days: TourDay[];
}

type Loose = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
const record = (value: unknown): Loose | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : null;

/** `2027-03-27T00:00:00.000Z` -> `2027-03-27`. */
export function dateOnly(value: string | null | undefined): string | null {
  return value ? value.slice(0, 10) : null;
}

async function toTourDay(ctx: ActionContext, day: TourData['days'][number]): Promise<TourDay> {
  const loose = day as Loose;
  const typeId = day.type_id?.id ?? null;
  const typeName =
    text(day.type_id?.type) ??
    (typeId === null ? null : ((await ctx.client.lookups.nameOf('dayTypes', typeId)) ?? null));
  return {
    id: day.id,
    date: dateOnly(day.date) ?? '',
    name: day.name,
    dayType: typeName,
    dayTypeId: typeId,
    timeZone: day.time_zone,
    address: text(loose.formattedAddress) ?? text(loose.placeFormattedAddress),
    placeId: text(loose.place_id),
    viewport: record(loose.viewport) as JsonObject | null,
  };
}

/** The tour's own fields, wherever the whole-tour read carries them (the contract leaves them open). */
function tourFields(data: TourData): Pick<TourView, 'name' | 'timeZone' | 'startDate' | 'endDate'> {
  const outer = data as Loose;
  const inner = record(outer.tour) ?? {};
  const pick = (...keys: string[]) =>
    keys.map((key) => text(inner[key]) ?? text(outer[key])).find((value) => value !== null) ?? null;
  return {
    name: pick('name'),
    timeZone: pick('timeZone', 'time_zone'),
    startDate: dateOnly(pick('start_date', 'startDate')),
    endDate: dateOnly(pick('end_date', 'endDate')),
  };
}

/** Fills the tour fields still missing from a row of the caller's tour list. */
export function fillFromMembership(
  fields: Pick<TourView, 'name' | 'timeZone' | 'startDate' | 'endDate'>,
  tour: TourMembership['tour'],
): void {
  const loose = tour as Loose;
  fields.name ??= text(loose.name);
  fields.timeZone ??= text(loose.timeZone) ?? text(loose.time_zone);
  fields.startDate ??= dateOnly(text(loose.start_date));
  fields.endDate ??= dateOnly(text(loose.end_date));
}

/** The caller's membership row of a tour, searched across their organizations. */
export async function findMembership(ctx: ActionContext, tourId: string) {
  const orgs = await ctx.client.call(listOrganizations, { signal: ctx.signal });
  for (const org of orgs) {
    const tours = await ctx.client.call(listTours, { query: { org_id: org.id }, signal: ctx.signal });
    const found = tours.find((membership) => membership.tour.id === tourId);
    if (found) return { orgId: org.id, tour: found.tour };
  }
  return undefined;
}

/**
 * Reads a tour with all its days. Content is not needed, so every per-resource limit of the
 * whole-tour read is 1. With `tourFields`, the tour's own fields that the read lacks come from
 * the caller's tour list (a few more calls, so only when the name or dates are needed).
 */
export async function readTour(
  ctx: ActionContext,
  tourId: string,
  options: { tourFields?: boolean } = {},
): Promise<TourView> {
  const data = await ctx.client.call(getTourData, {
    params: { tourId },
    query: { scheduleLimit: 1, venuesLimit: 1, accommodationLimit: 1, guestlistLimit: 1, bulletinsLimit: 1 },
    signal: ctx.signal,
  });
  const days: TourDay[] = [];
  for (const day of data.days) days.push(await toTourDay(ctx, day));
  days.sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const fields = tourFields(data);
  if (options.tourFields && (fields.name === null || fields.timeZone === null || fields.startDate === null)) {
    const membership = await findMembership(ctx, tourId);
    if (membership) fillFromMembership(fields, membership.tour);
  }
  return { id: tourId, ...fields, days };
}

/**
 * The tour read once for all the calls of a step in this worker (its `forEach` batches), for
 * calls that only look its days up and never change them.
 */
export function lookupTour(ctx: ActionContext, tourId: string): Promise<TourView> {
  return ctx.stepShared(`tour:${tourId}`, () => readTour(ctx, tourId));
}

/** The time zone a day's local times are in: the day's, else the tour's, else the first day's. */
export function zoneOf(tour: TourView, day?: TourDay): string {
  const zone = day?.timeZone ?? tour.timeZone ?? tour.days.find((d) => d.timeZone)?.timeZone;
  if (!zone) throw stepError(`Tour ${tour.id} has no time zone on record; give "timeZone" in the step.`);
  return zone;
}

/** A day as failures and warnings list it: `Copenhagen (Off, ID 12)`; day names are no one's personal data. */
export function shownDay(day: TourDay): string {
  return `${day.name ?? '(no name)'} (${day.dayType ? `${day.dayType}, ` : ''}ID ${day.id})`;
}

function unknownDay(tour: TourView, what: string, listing: string): ApplicationFailure {
  return stepError(`Tour ${tour.name ?? tour.id} has no day ${what}; ${listing}.`, FailureType.UNKNOWN_DAY);
}

/** `its days are: 2027-03-27 (12), ...`: every day of the tour, for a day it does not have. */
function allDays(tour: TourView): string {
  return `its days are: ${tour.days.map((d) => `${d.date} (${d.id})`).join(', ') || 'none'}`;
}

/**
 * The day a playbook means by a date, an ID, or a date and a name. A date several days share
 * names none of them: the step fails listing each with its type and ID, before it writes.
 */
export function resolveDay(tour: TourView, ref: DayRef): TourDay {
  if (typeof ref === 'number') {
    const day = tour.days.find((d) => d.id === ref);
    if (day) return day;
    throw unknownDay(tour, `with ID ${ref}`, allDays(tour));
  }
  return typeof ref === 'string' ? onlyDayOn(tour, ref) : namedDayOn(tour, ref);
}

/** The days on `date`; none fails the step listing the tour's days. */
function daysOn(tour: TourView, date: string): TourDay[] {
  const days = tour.days.filter((d) => d.date === date);
  if (days.length === 0) throw unknownDay(tour, `on ${date}`, allDays(tour));
  return days;
}

function ambiguousDay(tour: TourView, which: string, days: TourDay[], instead: string): ApplicationFailure {
  return stepError(
    `Tour ${tour.name ?? tour.id} has ${days.length} days ${which}: ${days.map(shownDay).join(', ')}; give ${instead}.`,
    FailureType.AMBIGUOUS_DAY,
  );
}

function onlyDayOn(tour: TourView, date: string): TourDay {
  const days = daysOn(tour, date);
  if (days.length === 1) return days[0]!;
  throw ambiguousDay(tour, `on ${date}`, days, `{ date: ${date}, name: ... } or its ID`);
}

function namedDayOn(tour: TourView, ref: { date: string; name: string }): TourDay {
  const onDate = daysOn(tour, ref.date);
  const named = onDate.filter((d) => d.name !== null && foldName(d.name) === foldName(ref.name));
  if (named.length === 1) return named[0]!;
  if (named.length > 1) throw ambiguousDay(tour, `named "${ref.name}" on ${ref.date}`, named, 'its ID');
  throw unknownDay(
    tour,
    `"${ref.name}" on ${ref.date}`,
    `the days on ${ref.date} are: ${onDate.map(shownDay).join(', ')}`,
  );
}

/**
 * Warnings for the given dates that several days of the tour now share (after a step added or
 * moved a day there): a later step that gives one of those days by its date alone fails.
 */
export function sharedDateWarnings(tour: TourView, dates: Iterable<string>): string[] {
  return [...new Set(dates)].sort().flatMap((date) => {
    const onDate = tour.days.filter((d) => d.date === date);
    if (onDate.length < 2) return [];
    return [
      `Tour ${tour.name ?? tour.id} now has ${onDate.length} days on ${date}: ${onDate.map(shownDay).join(', ')}; ` +
        `a step that gives one of them by its date alone fails: give { date: ${date}, name: ... } or its ID.`,
    ];
  });
}

/** The playbook's day filters; every filter given must match. */
export interface DaySelection {
  from?: string | undefined;
  to?: string | undefined;
  dates?: string[] | undefined;
  dayTypes?: Array<string | number> | undefined;
  names?: string[] | undefined;
}

/** The days that pass every filter, in date order. Day types are matched by ID, so names and IDs both work. */
export async function selectDays(ctx: ActionContext, tour: TourView, selection: DaySelection): Promise<TourDay[]> {
  const typeIds = selection.dayTypes
    ? new Set(await Promise.all(selection.dayTypes.map((type) => ctx.client.lookups.resolve('dayTypes', type))))
    : undefined;
  const names = selection.names ? new Set(selection.names.map((name) => name.toLowerCase())) : undefined;
  const dates = selection.dates ? new Set(selection.dates) : undefined;
  return tour.days.filter(
    (day) =>
      (selection.from === undefined || day.date >= selection.from) &&
      (selection.to === undefined || day.date <= selection.to) &&
      (dates === undefined || dates.has(day.date)) &&
      (typeIds === undefined || (day.dayTypeId !== null && typeIds.has(day.dayTypeId))) &&
      (names === undefined || (day.name !== null && names.has(day.name.toLowerCase()))),
  );
}

/** A day as the outputs list it: `{ id, date, name, dayType, timeZone }`. */
export function dayOutput(tour: TourView, day: TourDay): JsonObject {
  return { id: day.id, date: day.date, name: day.name, dayType: day.dayType, timeZone: day.timeZone ?? tour.timeZone };
}
