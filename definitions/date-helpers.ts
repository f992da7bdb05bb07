/**
 * Date helpers of expressions, on calendar dates (`2027-03-28`): today and tomorrow in a time
 * zone, days added or taken away, the day of the week, and the dates of a range. "Today" is the
 * run's logical start (`run.now`), which the run keeps from its start for its whole life (it is
 * in the workflow's input or start event, and carried across continue-as-new), so a replay, a
 * retry and a resumed run all see the same day. Pure and deterministic: bundled into the
 * workflow with `expressions.ts`; no clock is read here.
 */

/** Most dates `dates(from, to)` gives: a year and a half of a tour. */
export const MAX_RANGE_DAYS = 550;

const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch days of a calendar date; an invalid one is an error naming it. */
function dayNumber(date: string): number {
  const match = DATE.exec(date);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(ms) || dateOf(ms / DAY_MS) !== date) throw new RangeError(`"${date}" is not a date like 2027-03-28`);
  return ms / DAY_MS;
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar date of an instant in a time zone. */
export function localDate(instant: string, timeZone: string): string {
  const time = Date.parse(instant);
  if (Number.isNaN(time)) throw new RangeError(`the run's start "${instant}" is not an instant`);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(time));
  } catch {
    throw new RangeError(`"${timeZone}" is not an IANA time zone like "Europe/Berlin"`);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** `date` plus `days` (negative: before). */
export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`addDays takes a whole number of days, got ${days}`);
  return dateOf(dayNumber(date) + days);
}

/** `Monday` ... `Sunday`. */
export function weekday(date: string): string {
  return WEEKDAYS[(((dayNumber(date) + 4) % 7) + 7) % 7]!;
}

/** Every date from `from` to `to`, both included. */
export function dateRange(from: string, to: string): string[] {
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (last < first) throw new RangeError(`dates: "${to}" is before "${from}"`);
  if (last - first + 1 > MAX_RANGE_DAYS) throw new RangeError(`dates: at most ${MAX_RANGE_DAYS} days, not ${last - first + 1}`);
  return Array.from({ length: last - first + 1 }, (_, i) => dateOf(first + i));
}
