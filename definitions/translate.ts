/**
 * The playbook's friendly vocabulary translated to the API's shapes, in one place: instants
 * from local date + `HH:mm` + IANA zone (correct across daylight-saving changes), date-only
 * epoch milliseconds, ID field names that differ by resource, visibility fields, and the
 * `day_list` of a tour edit that never drops a day by accident.
 *
 * Uses `Intl`, so it belongs in activities, never in workflow code.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A mistake in a value handed to a translation (a bug upstream: arguments were validated). */
export class TranslateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranslateError';
  }
}

/** True for a 24-hour `HH:mm` time. */
export function isClockTime(text: string): boolean {
  return TIME.test(text);
}

function parseDate(date: string): [number, number, number] {
  const match = DATE.exec(date);
  if (!match) throw new TranslateError(`expected a date like 2027-04-03, got "${date}"`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function parseTime(time: string): [number, number] {
  const match = TIME.exec(time);
  if (!match) throw new TranslateError(`expected a time like "19:30", got "${time}"`);
  return [Number(match[1]), Number(match[2])];
}

/** Midnight UTC of a date, in epoch milliseconds (the API's date-only fields). */
export function dateToEpochMs(date: string): number {
  const [year, month, day] = parseDate(date);
  return Date.UTC(year, month - 1, day);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      throw new TranslateError(`unknown time zone "${timeZone}"`);
    }
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(
  epochMs: number,
  timeZone: string,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(epochMs))
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  );
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** Offset of a zone from UTC at an instant, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const wall = wallClock(epochMs, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/**
 * The instant a local date and `HH:mm` time mean in an IANA zone, in epoch milliseconds.
 * A time that does not exist (skipped when clocks go forward) moves forward by the gap, and
 * a time that exists twice (clocks go back) means the first: the rule of RFC 5545 and of
 * Temporal's `disambiguation: 'compatible'`.
 */
export function localToEpochMs(date: string, time: string, timeZone: string): number {
  const [year, month, day] = parseDate(date);
  const [hour, minute] = parseTime(time);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const before = zoneOffsetMs(wall - 86_400_000, timeZone);
  const after = zoneOffsetMs(wall + 86_400_000, timeZone);
  // try the offset in force before and after any change that day; keep those that read back
  const candidates = [wall - before, wall - after].filter(
    (instant) => instant + zoneOffsetMs(instant, timeZone) === wall,
  );
  if (candidates.length > 0) return Math.min(...candidates);
  // skipped: the clock jumped over this time; the same wall time under the old offset, moved forward
  return wall - before;
}

/** The local date and `HH:mm` time of an instant in a zone. */
export function epochMsToLocal(epochMs: number, timeZone: string): { date: string; time: string } {
  const wall = wallClock(epochMs, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return { date: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`, time: `${pad(wall.hour)}:${pad(wall.minute)}` };
}

/** A date plus (or minus) whole days. */
export function addDays(date: string, days: number): string {
  return new Date(dateToEpochMs(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The date after `now` in a zone: "tomorrow" as the people in that zone see it. */
export function tomorrowIn(timeZone: string, now: Date): string {
  return addDays(epochMsToLocal(now.getTime(), timeZone).date, 1);
}

/** Which spelling of the tour and day ID fields a resource's create body takes. */
export const IdFieldStyle = {
  /** Tours, schedule items, venues, guest list entries: `tour_id`, `day_id`. */
  snake: 'snake',
  /** Accommodation and bulletin creates: `tourId`, `dayId`. */
  camel: 'camel',
} as const;
export type IdFieldStyle = (typeof IdFieldStyle)[keyof typeof IdFieldStyle];

/** The API resources whose create bodies carry tour and day IDs, with their spelling. */
export const ID_FIELD_STYLE = {
  tour: IdFieldStyle.snake,
  scheduleItem: IdFieldStyle.snake,
  venue: IdFieldStyle.snake,
  guest: IdFieldStyle.snake,
  accommodation: IdFieldStyle.camel,
  bulletin: IdFieldStyle.camel,
} as const;

/** `{ tour_id, day_id }` or `{ tourId, dayId }` as the resource wants them; absent IDs are left out. */
export function idFields(
  resource: keyof typeof ID_FIELD_STYLE,
  ids: { tourId?: string; dayId?: number },
): Record<string, string | number> {
  const snake = ID_FIELD_STYLE[resource] === IdFieldStyle.snake;
  const out: Record<string, string | number> = {};
  if (ids.tourId !== undefined) out[snake ? 'tour_id' : 'tourId'] = ids.tourId;
  if (ids.dayId !== undefined) out[snake ? 'day_id' : 'dayId'] = ids.dayId;
  return out;
}

/** Who sees a record, in the playbook's words. */
export type Visibility = 'everyone' | 'admins' | { people: string[] };

/**
 * Visibility fields of a write. The API alone would show an item to admins only; a playbook
 * says `everyone` by default. People are resolved to tour user IDs and pending invite IDs by
 * the caller. Venues spell the list `visibility_list`, the others `visibilityList`.
 */
export function visibilityFields(
  resource: 'scheduleItem' | 'venue' | 'accommodation',
  visibility: Visibility | undefined,
  people: { userIds: string[]; inviteIds: number[] } = { userIds: [], inviteIds: [] },
): Record<string, boolean | string[] | number[]> {
  if (visibility === undefined || visibility === 'everyone') return { isEveryone: true };
  if (visibility === 'admins') return { isEveryone: false, isAdminsOnly: true };
  const list = resource === 'venue' ? 'visibility_list' : 'visibilityList';
  return {
    isEveryone: false,
    [list]: people.userIds,
    ...(resource === 'scheduleItem' && people.inviteIds.length > 0 ? { invitesVisibilityList: people.inviteIds } : {}),
  };
}

/** A day of a tour as the API reads it, for building a `day_list`. */
export interface ExistingDay {
  id: number;
  date: string;
}

/** One entry of a tour edit's `day_list`. */
export type DayListEntry = { day_id?: number } & Record<string, unknown>;

/**
 * The `day_list` of a tour edit. The API hard-deletes every existing day missing from the
 * list, so every existing day is listed (with its changes) unless it is in `remove`.
 */
export function buildDayList(
  existing: readonly ExistingDay[],
  changes: {
    update?: ReadonlyMap<number, Record<string, unknown>>;
    add?: readonly Record<string, unknown>[];
    remove?: ReadonlySet<number>;
  },
): DayListEntry[] {
  const kept = existing
    .filter((day) => !changes.remove?.has(day.id))
    .map((day) => ({ ...(changes.update?.get(day.id) ?? {}), day_id: day.id }));
  return [...kept, ...(changes.add ?? [])];
}
