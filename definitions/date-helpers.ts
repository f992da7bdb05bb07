/**
 * Date helpers of expressions, on calendar dates (`2027-03-28`): today and tomorrow in a time
 * zone, days added or taken away, the day of the week, the dates of a range, and a date written
 * out the way a bulletin says it; and on times of day (`19:30`), minutes added and between. "Today" is the
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
  if (!match || Number.isNaN(ms) || dateOf(ms / DAY_MS) !== date)
    throw new RangeError(`"${date}" is not a date like 2027-03-28`);
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
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(new Date(time));
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
  if (last - first + 1 > MAX_RANGE_DAYS)
    throw new RangeError(`dates: at most ${MAX_RANGE_DAYS} days, not ${last - first + 1}`);
  return Array.from({ length: last - first + 1 }, (_, i) => dateOf(first + i));
}

/** The fields `formatDate` knows, longest first: each a run of one letter. */
const DATE_FIELDS = ['EEEE', 'EEE', 'dd', 'd', 'MMMM', 'MMM', 'MM', 'M', 'yyyy', 'yy'];
const FIELD_LIST = 'EEEE, EEE, d, dd, M, MM, MMM, MMMM, yy, yyyy';

/**
 * `date` written out by `pattern` (`EEEE d MMMM`: `Thursday 3 December`), weekday and month
 * names in `locale` (a BCP 47 tag, `en` unless given). Text in single quotes is copied
 * (`''` is a quote); other letters are refused, so a mistyped field is not printed as text.
 * Names come from the Intl data of the Node.js that runs the worker, the same on a replay.
 */
export function formatDate(date: string, pattern: string, locale = 'en'): string {
  const utc = new Date(dayNumber(date) * DAY_MS);
  // the month as a date says it: in some languages not the word alone (Russian "3 декабря")
  const name = (options: Intl.DateTimeFormatOptions, part: 'weekday' | 'month') =>
    namesIn(locale, options)
      .formatToParts(utc)
      .find((p) => p.type === part)?.value ?? '';
  const [year, month, day] = date.split('-') as [string, string, string];
  const values: Record<string, () => string> = {
    EEEE: () => name({ weekday: 'long' }, 'weekday'),
    EEE: () => name({ weekday: 'short' }, 'weekday'),
    dd: () => day,
    d: () => String(Number(day)),
    MMMM: () => name({ month: 'long', day: 'numeric' }, 'month'),
    MMM: () => name({ month: 'short', day: 'numeric' }, 'month'),
    MM: () => month,
    M: () => String(Number(month)),
    yyyy: () => year,
    yy: () => year.slice(2),
  };
  let out = '';
  for (let i = 0; i < pattern.length;) {
    const char = pattern[i]!;
    if (char === "'") {
      const end = pattern.indexOf("'", i + 1);
      out += end === i + 1 ? "'" : pattern.slice(i + 1, end === -1 ? undefined : end);
      i = end === -1 ? pattern.length : end + 1;
    } else if (/\p{L}/u.test(char)) {
      const field = DATE_FIELDS.find((f) => pattern.startsWith(f, i) && pattern[i + f.length] !== char);
      if (!field) {
        const word = /^\p{L}+/u.exec(pattern.slice(i))![0];
        throw new RangeError(
          `formatDate: "${char}" is not a date field (${FIELD_LIST}); put text in single quotes: '${word}'`,
        );
      }
      out += values[field]!();
      i += field.length;
    } else {
      out += char;
      i += 1;
    }
  }
  return out;
}

function namesIn(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    if (Intl.DateTimeFormat.supportedLocalesOf(locale).length > 0)
      return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  } catch {
    // a malformed tag: the error below
  }
  throw new RangeError(`formatDate: "${locale}" is not a locale like "en", "de" or "fr-CA"`);
}

// Times of day, `HH:mm` as schedule items give and take them. A time of day has no date, so
// they go round the clock: `addMinutes("23:45", 30)` is `00:15`, and `minutesBetween(from, to)`
// counts forward from `from`, past midnight when `to` is earlier (0 to 1439), so
// `addMinutes(a, minutesBetween(a, b))` is always `b`.

const DAY_MINUTES = 24 * 60;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of a time of day; a malformed one is an error naming it. */
function minuteOfDay(time: string): number {
  const match = TIME.exec(time);
  if (!match) throw new RangeError(`"${time}" is not a time like 19:30 (HH:mm)`);
  return Number(match[1]) * 60 + Number(match[2]);
}

function timeOf(minutes: number): string {
  const wrapped = ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}

/** `time` plus `minutes` (negative: before), round the clock. */
export function addMinutes(time: string, minutes: number): string {
  return timeOf(minuteOfDay(time) + minutes);
}

/** Minutes from `from` forward to `to`, past midnight when `to` is earlier: 0 to 1439. */
export function minutesBetween(from: string, to: string): number {
  return (((minuteOfDay(to) - minuteOfDay(from)) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
}
