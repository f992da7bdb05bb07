/**
 * The whole-tour read: every day with its content counts and child resources. Optional `dayIds`
 * (comma-separated; a day of another tour is simply absent), `skipEmptyDays`, and one limit per
 * resource, each a positive integer clamped to 500. A field a day lacks is an explicit null.
 */
import type { FastifyInstance } from 'fastify';
import { TOUR_DATA_LIMIT, TourDataLimitParam } from '../../api/contract/assumptions.ts';
import { canSee, requireTour, tourDays } from '../access.ts';
import type { SandboxContext } from '../context.ts';
import { validationError } from '../errors.ts';
import { readIntParam } from '../pipeline/pagination.ts';
import { defineRoute } from '../pipeline/route.ts';
import type { DayRecord, TourRecord } from '../store/records.ts';
import { lookup } from '../store/reference-data.ts';
import type { Store } from '../store/store.ts';
import { byStartTime, scheduleItemView } from '../views/schedule.ts';
import { stayView, venueView } from '../views/venues.ts';
import { bulletinOrder, bulletinView } from './bulletins.ts';
import { guestView } from './guestlist/index.ts';

type Limits = Record<keyof typeof TourDataLimitParam, number>;

function readLimits(query: Record<string, string | undefined>): Limits {
  const limits = {} as Limits;
  for (const [resource, name] of Object.entries(TourDataLimitParam) as Array<[keyof Limits, string]>) {
    limits[resource] = Math.min(readIntParam(query, name, { min: 1 }) ?? TOUR_DATA_LIMIT.default, TOUR_DATA_LIMIT.max);
  }
  return limits;
}

function readDayIds(raw: string | undefined): Set<number> | undefined {
  if (raw === undefined) return undefined;
  if (!/^\s*[1-9]\d{0,9}\s*(,\s*[1-9]\d{0,9}\s*)*$/.test(raw))
    throw validationError('dayIds: must be comma-separated positive integers');
  return new Set(raw.split(',').map((id) => Number(id.trim())));
}

const readFlag = (raw: string | undefined): boolean => raw === 'true' || raw === '1';

/** Rows by the days they belong to, in table order. */
function byDay<T>(rows: T[], days: (row: T) => number[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    for (const dayId of days(row)) {
      const group = groups.get(dayId);
      if (group) group.push(row);
      else groups.set(dayId, [row]);
    }
  }
  return groups;
}

/** The live content the caller can see, grouped by day once per read (not scanned per day). */
function tourContent(store: Store, tour: TourRecord, userId: string) {
  return {
    schedule: byDay(
      store.scheduleItems.filter((item) => !item.isDeleted && canSee(item, userId)),
      (item) => [item.dayId],
    ),
    venues: byDay(
      store.venues.filter((venue) => !venue.isDeleted && canSee(venue, userId)),
      (venue) => [venue.dayId],
    ),
    stays: byDay(
      store.stays.filter((stay) => !stay.isDeleted && canSee(stay, userId)),
      (stay) => [...new Set([...(stay.dayId === null ? [] : [stay.dayId]), ...stay.dayIdList])],
    ),
    guests: byDay(
      store.guests.filter((guest) => !guest.isDeleted),
      (guest) => [guest.dayId],
    ),
    bulletins: byDay(
      store.bulletins.filter((bulletin) => !bulletin.isDeleted),
      (bulletin) => [bulletin.dayId],
    ),
    passTypeCount: store.passTypes.filter((pass) => pass.tourId === tour.id && !pass.isDeleted).length,
  };
}

type TourContent = ReturnType<typeof tourContent>;

function dayData(store: Store, content: TourContent, day: DayRecord, limits: Limits): Record<string, unknown> {
  const schedule = [...(content.schedule.get(day.id) ?? [])].sort(byStartTime);
  const venues = content.venues.get(day.id) ?? [];
  const stays = content.stays.get(day.id) ?? [];
  const guests = content.guests.get(day.id) ?? [];
  const bulletins = [...(content.bulletins.get(day.id) ?? [])].sort(bulletinOrder);
  const type = lookup('dayTypes', day.dayTypeId);
  const truncated =
    schedule.length > limits.schedule ||
    venues.length > limits.venues ||
    stays.length > limits.accommodation ||
    guests.length > limits.guestlist ||
    bulletins.length > limits.bulletins;
  return {
    id: day.id,
    name: day.name,
    date: day.date,
    time_zone: day.timeZone,
    type_id: type ? { ...type } : null,
    formattedAddress: day.formattedAddress,
    placeFormattedAddress: day.placeId ? day.formattedAddress : null,
    place_id: day.placeId,
    viewport: day.viewport,
    scheduleCount: schedule.length,
    guestlistCount: guests.length,
    accommodationCount: stays.length,
    bulletinCount: bulletins.length,
    venueCount: venues.length,
    passTypeCount: content.passTypeCount,
    truncated,
    schedule: schedule.slice(0, limits.schedule).map((item) => scheduleItemView(store, item)),
    venues: venues.slice(0, limits.venues).map((venue) => venueView(store, venue)),
    accommodation: stays.slice(0, limits.accommodation).map((stay) => stayView(store, stay)),
    guestlist: guests.slice(0, limits.guestlist).map((guest) => guestView(store, guest)),
    bulletins: bulletins.slice(0, limits.bulletins).map((bulletin) => bulletinView(store, bulletin)),
  };
}

const isEmpty = (day: Record<string, unknown>): boolean =>
  ['scheduleCount', 'guestlistCount', 'accommodationCount', 'bulletinCount', 'venueCount'].every(
    (key) => day[key] === 0,
  );

/** Registers the tour data endpoints. */
export function registerTourDataRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  defineRoute(app, ctx, 'getTourData', ({ store, caller, params, query }) => {
    const tour = requireTour(store, params.tourId as string, caller.userId);
    const wanted = readDayIds(query.dayIds);
    const limits = readLimits(query);
    const skipEmpty = readFlag(query.skipEmptyDays);
    const content = tourContent(store, tour, caller.userId);
    const days = tourDays(store, tour.id)
      .filter((day) => !wanted || wanted.has(day.id))
      .map((day) => dayData(store, content, day, limits))
      .filter((day) => !skipEmpty || !isEmpty(day));
    return {
      data: {
        tour: {
          id: tour.id,
          name: tour.name,
          org_id: tour.orgId,
          start_date: tour.startDate,
          end_date: tour.endDate,
          time_zone: tour.timeZone,
        },
        days,
      },
    };
  });
}
