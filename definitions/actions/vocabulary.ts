/**
 * The playbook's friendly vocabulary as zod schemas, shared by every action: calendar dates,
 * `HH:mm` times, IANA time zones, lookup names. Pure validation, no transforms: the API's
 * shapes are produced by `definitions/translate.ts` in the activities.
 */
import { z } from 'zod';
import { holdsTemplate } from '../expressions.ts';

/** A calendar date, `2027-04-03`. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date like 2027-04-03')
  .refine(isCalendarDate, 'not a calendar date')
  .meta({ id: 'date' });

/** A 24-hour time of day, `19:30`. */
export const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a 24-hour time like "19:30" (HH:mm)')
  .meta({ id: 'time' });

/** An IANA time zone name, `Europe/Berlin`. */
export const timeZone = z
  .string()
  .refine(isTimeZone, { message: 'expected an IANA time zone like "Europe/Berlin"', params: { suggest: 'timeZone' } });

/** Every IANA zone name this runtime knows, for "did you mean". */
export function timeZoneNames(): string[] {
  return Intl.supportedValuesOf('timeZone');
}

/** A tour: its UUID (usually `${{ steps.tour.outputs.id }}`). */
export const tourId = z.guid('expected a tour ID (UUID)').meta({ id: 'tourId' });

/** An e-mail address. */
export const email = z.email('expected an e-mail address');

/** A positive integer ID of a day, item, venue, stay, room, ... */
export const numericId = z.number().int().positive();

/**
 * A day by its date and name, for a date several days share (an off day and a festival):
 * `{ date: 2026-12-02, name: Roskilde Festival }`. The name compares as every name does,
 * without case and extra spaces.
 */
export const datedDayName = z.strictObject({
  date: isoDate,
  name: z.string().min(1).describe('The day’s name, among the days of that date.'),
});

/**
 * A day of the tour: its date (`2027-04-03`), its numeric ID, or `{ date, name }`. A date that
 * several days share fails the step listing them, so a playbook never lands on one by chance.
 */
export const dayRef = z.union([isoDate, numericId, datedDayName]).meta({
  id: 'day',
  description: 'The day: its date (2027-04-03), its ID, or { date, name } for a date several days share.',
});
export type DayRef = z.infer<typeof dayRef>;

/**
 * A value from one of the API's lookup tables, by name (`Show`, `Double`, `Approved`) or by
 * numeric ID. Names are resolved at run time against the live tables.
 */
export function lookupName(table: string) {
  return z.union([z.string().min(1), numericId]).describe(`A name from the ${table} lookup, or its ID.`);
}

/** A tour member or pending invitee: their full name (`Sam Rivera`) or e-mail. */
export const personName = z.string().min(1).describe('A tour member or invitee: full name or e-mail.');

/**
 * Who sees an item, venue or stay: everyone, admins, or people of the tour by full name or
 * e-mail. @default everyone (the API alone would default to admins).
 */
export const visibility = z
  .union([z.enum(['everyone', 'admins']), z.strictObject({ people: z.array(personName).min(1) })])
  .describe('everyone, admins, or { people: [full name or e-mail, ...] }');

/** A place: an address with its coordinates (the API needs a map position for stays). */
export const location = z.strictObject({
  address: z.string().min(1),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  placeId: z.string().optional(),
});

/** A local date and time, interpreted in the time zone of the thing it belongs to. */
export const localDateTime = z.strictObject({ date: isoDate, time: clockTime });

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `YYYY-MM-DD` names a day of the proleptic Gregorian calendar (every call's dates go through here). */
function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return true; // the format check reports it
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

const zoneCache = new Map<string, boolean>();

/** True for IANA zone names Intl knows (`UTC` included); offsets like `+02:00` are not zones. */
export function isTimeZone(name: string): boolean {
  let known = zoneCache.get(name);
  if (known === undefined) {
    known = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name) && zoneExists(name);
    zoneCache.set(name, known);
  }
  return known;
}

function zoneExists(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * True while a value still holds a `${{ }}` expression. Checks across several fields pass then
 * (at compile time a field may even be an expression that leaves it out) and run for real on
 * the evaluated arguments.
 */
export const unresolved: (value: unknown) => boolean = holdsTemplate;

/**
 * A record of the tour by name or ID (`Hotel Adlon` or `42`). Names compare without case and
 * extra spaces; a name several records share fails the step listing them with their IDs.
 */
export function nameRef(what: string) {
  return z.union([z.string().min(1), numericId]).describe(`${what}: its name or ID.`);
}

/**
 * The check of a record given by `name` (its name or ID) or by `idField` (the older spelling,
 * an ID): exactly one of them, and a tour to look a name up in.
 */
export function nameOrId(name: string, idField: string) {
  return (args: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    if (unresolved(args)) return;
    if ((args[name] === undefined) === (args[idField] === undefined)) {
      ctx.addIssue({ code: 'custom', message: `give "${name}" (its name or ID) or "${idField}"`, input: args });
    } else if (typeof args[name] === 'string' && args.tourId === undefined) {
      ctx.addIssue({ code: 'custom', message: `"${name}" by name needs "tourId"`, path: ['tourId'], input: args });
    }
  };
}
