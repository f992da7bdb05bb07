/**
 * Tours and their days, as the catalogue gives them: `tour.create`, `tour.update`, `tour.find`,
 * `tour.days`, `tour.delete` and `tour.members` (arguments, outputs, calls, undo). No I/O; the worker's handlers
 * are in `handlers.ts` (`tour.update`'s in `activities/actions/tour-update.ts`).
 */
import { z } from 'zod';
import { ActionKind, defineAction, destroysWhenListed } from '../../definitions/actions/types.ts';
import { dayEntry, outputs, recordIds, text, wholeNumber } from '../../definitions/actions/outputs.ts';
import { dayRef, isoDate, lookupName, timeZone, tourId, unresolved } from '../../definitions/actions/vocabulary.ts';
import { finalDelete } from '../../definitions/actions/by-id.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';

/** One day of a tour, in the compact form: date, place, day type. */
export const tourDaySpec = z
  .strictObject({
    date: isoDate,
    city: z.string().min(1).optional().describe('City; becomes the day’s address and default name.'),
    address: z.string().min(1).optional().describe('Full address, instead of a city.'),
    dayType: lookupName('dayTypes').describe('Show, Travel, Off, ... (a day type name) or its ID.'),
    timeZone: timeZone.optional().describe('The day’s IANA time zone. @default the tour’s'),
    name: z.string().min(1).optional().describe('Name of the day. @default the city or address'),
  })
  .refine((day) => unresolved(day) || day.city !== undefined || day.address !== undefined, 'give "city" or "address"');
export type TourDaySpec = z.infer<typeof tourDaySpec>;

/** What actions that list days return for each day. */
export const DAYS_OUTPUT = 'list of { id, date, name, dayType, timeZone }';

const days = z.array(dayEntry).describe(DAYS_OUTPUT);

const tourOutputs = outputs({
  id: text('tour ID (UUID)'),
  name: text('tour name'),
  orgId: text('organization ID'),
  startDate: z.string().nullable().describe('first day, YYYY-MM-DD'),
  endDate: z.string().nullable().describe('last day, YYYY-MM-DD'),
  timeZone: z.string().nullable().describe('tour time zone'),
  days,
});

export const tourCreateArgs = z.strictObject({
  name: z.string().min(1).max(500),
  org: z.string().min(1).optional().describe('Organization name or ID. @default your only organization'),
  timeZone: timeZone.describe('The tour’s IANA time zone.'),
  days: z.array(tourDaySpec).min(1).describe('The days; start and end dates are derived from them.'),
  avatarColor: lookupName('avatarColors').optional(),
});
export type TourCreateArgs = z.infer<typeof tourCreateArgs>;

export const tourCreate = defineAction({
  name: 'tour.create',
  description: 'Create a tour with its days (start and end dates derived from the days).',
  args: tourCreateArgs,
  outputs: tourOutputs,
  calls: ['GET /v1/organizations', 'GET /v1/day-types', 'POST /v1/tours', 'GET /v1/tours?org_id'],
  kind: ActionKind.create,
  compensation: { describe: 'delete the tour with its days', calls: ['DELETE /v1/tours/{tourId}'] },
});

/** Changes to one existing day; only the fields given change. */
export const tourDayChange = z.strictObject({
  day: dayRef.describe('The day to change: its current date or its ID.'),
  date: isoDate.optional().describe('New date.'),
  city: z.string().min(1).optional(),
  address: z.string().min(1).optional(),
  dayType: lookupName('dayTypes').optional(),
  timeZone: timeZone.optional(),
  name: z.string().min(1).optional(),
});
export type TourDayChange = z.infer<typeof tourDayChange>;

export const tourUpdateArgs = z.strictObject({
  tourId,
  name: z.string().min(1).max(500).optional(),
  timeZone: timeZone.optional(),
  addDays: z.array(tourDaySpec).optional().describe('Days to add.'),
  updateDays: z.array(tourDayChange).optional().describe('Days to change; the others stay as they are.'),
  removeDays: z.array(dayRef).optional().describe('Days to delete with all their content (needs allowDestroy: true).'),
});
export type TourUpdateArgs = z.infer<typeof tourUpdateArgs>;

export const tourUpdate = defineAction({
  name: 'tour.update',
  description:
    'Rename a tour, change its time zone, add or change days. Every existing day is sent back to the API, so no day is dropped by accident; only "removeDays" deletes.',
  args: tourUpdateArgs,
  outputs: outputs({ id: text('tour ID'), days, added: recordIds('IDs of the added days') }),
  calls: ['GET /v1/tours?org_id', 'GET /v1/day-types', 'PUT /v1/tours/{tourId}'],
  kind: ActionKind.update,
  compensation: {
    describe:
      'restore the previous name, time zone and day details and remove the added days (removed days cannot come back)',
    calls: ['PUT /v1/tours/{tourId}'],
  },
  destructive: destroysWhenListed(
    'removeDays',
    (which) => `removes days${which}: their schedule items, guest list entries and links are deleted for good`,
  ),
});

export const tourFindArgs = z
  .strictObject({
    name: z.string().min(1).optional().describe('Tour name (exact, case-insensitive).'),
    tourId: tourId.optional().describe('Or the tour ID.'),
    org: z.string().min(1).optional().describe('Organization name or ID. @default every organization you belong to'),
  })
  .refine(
    (args) => unresolved(args) || (args.name === undefined) !== (args.tourId === undefined),
    'give either "name" or "tourId"',
  );
export type TourFindArgs = z.infer<typeof tourFindArgs>;

export const tourFind = defineAction({
  name: 'tour.find',
  description: 'Find a tour by name (fails when none or several match) or by ID, with its days.',
  args: tourFindArgs,
  outputs: tourOutputs,
  calls: ['GET /v1/organizations', 'GET /v1/tours?org_id'],
  kind: ActionKind.read,
  compensation: null,
});

/** Which days of a tour: every filter given must match. */
export const daySelection = {
  from: isoDate.optional().describe('First date, inclusive.'),
  to: isoDate.optional().describe('Last date, inclusive.'),
  dates: z.array(isoDate).optional().describe('Only these dates.'),
  dayTypes: z.array(lookupName('dayTypes')).optional().describe('Only days of these types (Show, Travel, Off, ...).'),
  names: z.array(z.string().min(1)).optional().describe('Only days with these names.'),
};

export const tourDaysArgs = z.strictObject({ tourId, ...daySelection });
export type TourDaysArgs = z.infer<typeof tourDaysArgs>;

export const tourDays = defineAction({
  name: 'tour.days',
  description: 'Select days of a tour by date range, dates, day type or name.',
  args: tourDaysArgs,
  outputs: outputs({
    days,
    ids: recordIds('list of day IDs'),
    dates: z.array(z.string()).describe('list of dates'),
    count: wholeNumber('number of days'),
  }),
  calls: ['GET /v1/tours/{tourId}/data'],
  kind: ActionKind.read,
  compensation: null,
});

export const tourDeleteArgs = z.strictObject({ tourId });
export type TourDeleteArgs = z.infer<typeof tourDeleteArgs>;
export const tourDelete = finalDelete(
  'tour.delete',
  'tour',
  tourDeleteArgs,
  z.string(),
  '/v1/tours/{tourId}',
  'a whole tour with its days, schedule, venues, stays, guest list and bulletins',
);

const nullableText = z.string().nullable();
/** A tour member as `tour.members` gives it. */
export const personEntry = z.strictObject({
  id: z.string(),
  name: nullableText,
  firstName: nullableText,
  lastName: nullableText,
  email: nullableText,
  role: nullableText,
});
export const PERSON_FIELDS = Object.keys(personEntry.shape).join(', ');

export const tourMembersArgs = z.strictObject({
  tourId,
  role: z.string().min(1).optional().describe('Only members with this role on the tour (Admin, Member, ...).'),
  person: z
    .string()
    .min(1)
    .optional()
    .describe('Only this member or invitee: full name or e-mail (case-insensitive), as steps name people.'),
  invites: z.boolean().default(true).describe('List the pending invites too.'),
});
export type TourMembersArgs = z.infer<typeof tourMembersArgs>;

export const tourMembers = defineAction({
  name: 'tour.members',
  description: 'List the tour’s members (the crew, with their role) and pending invites.',
  args: tourMembersArgs,
  outputs: outputs({
    members: z.array(personEntry).describe(`list of { ${PERSON_FIELDS} }`),
    invites: z
      .array(z.strictObject({ id: z.union([z.int(), z.string()]), email: nullableText }))
      .describe('list of { id, email }'),
    names: z.array(z.string()).describe('the members’ full names'),
    emails: z.array(z.string()).describe('every member’s and invitee’s e-mail'),
    count: wholeNumber('members plus invites'),
  }),
  calls: ['GET /v1/tours/{tourId}/users'],
  kind: ActionKind.read,
  compensation: null,
});

/** The tour actions, in the order the docs list them: `definitions/actions/index.ts` takes them all. */
export const tourActionList = [tourCreate, tourUpdate, tourFind, tourDays, tourDelete, tourMembers] as const;

const exampleTour = '${{ inputs.tourId }}';
/** One example step per tour action (its `with:`), shown in the docs and compiled by a test (`definitions/actions/examples.ts`). */
export const TOUR_EXAMPLES = {
  'tour.create': {
    name: 'Spring Tour 2027',
    timeZone: 'Europe/Berlin',
    days: [
      { date: '2027-03-27', city: 'Berlin', dayType: 'Show' },
      { date: '2027-03-28', city: 'Hamburg', dayType: 'Travel' },
    ],
  },
  'tour.update': {
    tourId: exampleTour,
    name: 'Spring Tour 2027 (extended)',
    addDays: [{ date: '2027-03-30', city: 'Copenhagen', dayType: 'Show', timeZone: 'Europe/Copenhagen' }],
  },
  'tour.find': { name: 'Spring Tour 2027' },
  'tour.days': { tourId: exampleTour, from: '2027-03-27', to: '2027-04-10', dayTypes: ['Show'] },
  'tour.delete': { tourId: exampleTour },
  'tour.members': { tourId: exampleTour, role: 'Admin' },
} satisfies Record<string, JsonObject>;
