/**
 * Guest list entries, as the catalogue gives them: `guest.create`, `guest.update`, `guest.delete`
 * and `guest.restore`, `guests.select` (read), `guests.setStatus` (many at once) and
 * `guests.configureDay` (a day's cap, lock, cut-off, venue and pass caps); pass types are in
 * `actions/passType/`. Their shared arguments are in `vocabulary.ts`. No I/O; the worker's handlers
 * are in `handlers.ts` and the `*-handlers.ts` files beside it.
 */
import { z } from 'zod';
import { guestFields, guestSelection, guestsConfigureDayArgs, guestDeleteArgs } from './vocabulary.ts';
import { goneId, restoreAction } from '../../definitions/actions/by-id.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { ActionKind, defineAction } from '../../definitions/actions/types.ts';
import { dayRef, nameOrId, nameRef, numericId, tourId, unresolved } from '../../definitions/actions/vocabulary.ts';
import { outputs, recordId, recordIds, text, wholeNumber } from '../../definitions/actions/outputs.ts';

export * from './vocabulary.ts';

export const guestCreateArgs = z.strictObject({
  tourId,
  day: dayRef,
  ...guestFields,
  guests: guestFields.guests.default(1),
  status: guestFields.status.default('Pending'),
  passes: guestFields.passes.default([]),
  venue: nameRef('The venue').optional(),
  venueId: numericId.optional().describe('Or the venue’s ID.'),
});
export type GuestCreateArgs = z.infer<typeof guestCreateArgs>;

export const guestCreate = defineAction({
  name: 'guest.create',
  description: 'Add a guest list entry to a day.',
  args: guestCreateArgs,
  outputs: outputs({ id: recordId('guest list entry ID'), dayId: recordId('day ID') }),
  calls: [
    'GET /v1/tours/{tourId}/data',
    'GET /v1/reference/types',
    'GET /v1/tours/{tourId}/passTypes',
    'POST /v1/guestlist',
  ],
  kind: ActionKind.create,
  compensation: { describe: 'delete the entry', calls: ['DELETE /v1/guestlist/{guestListId}'] },
});

export const guestUpdateArgs = z
  .strictObject({
    tourId,
    day: dayRef.describe('The entry’s day (to find it by name and read its current state).'),
    guest: z
      .union([z.string().min(1), numericId])
      .optional()
      .describe('The entry: the guest’s full name or e-mail, or its ID. Errors never repeat a guest’s name.'),
    guestId: numericId.optional().describe('Or the entry’s ID.'),
    firstName: guestFields.firstName.optional(),
    lastName: guestFields.lastName.optional(),
    guests: guestFields.guests.optional(),
    status: guestFields.status.optional(),
    pickup: guestFields.pickup.optional(),
    passes: guestFields.passes.optional(),
    email: guestFields.email,
    affiliation: guestFields.affiliation,
    notes: guestFields.notes,
  })
  .superRefine(nameOrId('guest', 'guestId'));
export type GuestUpdateArgs = z.infer<typeof guestUpdateArgs>;

export const guestUpdate = defineAction({
  name: 'guest.update',
  description: 'Change a guest list entry, named by the guest’s name or e-mail or by ID; only the fields given change.',
  args: guestUpdateArgs,
  outputs: outputs({ id: recordId('guest list entry ID') }),
  calls: [
    'GET /v1/tours/{tourId}/days/{dayId}/guestlist',
    'GET /v1/reference/types',
    'PUT /v1/guestlist/{guestListId}',
  ],
  kind: ActionKind.update,
  compensation: { describe: 'restore the previous values', calls: ['PUT /v1/guestlist/{guestListId}'] },
});

export const guestsSelectArgs = z.strictObject({ tourId, select: guestSelection.default({}) });
export type GuestsSelectArgs = z.infer<typeof guestsSelectArgs>;

const entry = { id: z.int(), dayId: z.int(), date: z.string(), status: z.string().nullable(), guests: z.int() };

export const guestsSelect = defineAction({
  name: 'guests.select',
  description: 'Select guest list entries by days, status, pass type, requester and party size.',
  args: guestsSelectArgs,
  outputs: outputs({
    ids: recordIds('entry IDs'),
    count: wholeNumber('number of entries'),
    totalGuests: wholeNumber('sum of party sizes'),
    entries: z.array(z.strictObject(entry)).describe('list of { id, dayId, date, status, guests } (no names)'),
  }),
  calls: [
    'GET /v1/tours/{tourId}/data',
    'GET /v1/tours/{tourId}/days/{dayId}/guestlist',
    'GET /v1/tours/{tourId}/requesters',
  ],
  kind: ActionKind.read,
  compensation: null,
});

export const GuestDecision = { approved: 'Approved', declined: 'Declined' } as const;
export type GuestDecision = (typeof GuestDecision)[keyof typeof GuestDecision];

export const guestsSetStatusArgs = z
  .strictObject({
    tourId,
    status: z.enum([GuestDecision.approved, GuestDecision.declined]),
    ids: z.array(numericId).optional().describe('The entries, e.g. ${{ steps.select.outputs.ids }}.'),
    select: guestSelection.optional().describe('Or a selection, made when the step runs.'),
  })
  .refine(
    (args) => unresolved(args) || (args.ids === undefined) !== (args.select === undefined),
    'give either "ids" or "select"',
  );
export type GuestsSetStatusArgs = z.infer<typeof guestsSetStatusArgs>;

export const guestsSetStatus = defineAction({
  name: 'guests.setStatus',
  description:
    'Approve or decline guest list entries with the bulk all-or-nothing call (one call per tour). Approvals that would take a day past its cap (the guests of every entry not declined) fail before anything changes; a day that is locked or past its cut-off fails the step with the API’s refusal, and none of that day’s entries change.',
  args: guestsSetStatusArgs,
  outputs: outputs({
    entries: z
      .array(z.strictObject({ ...entry, previousStatus: z.string().nullable(), status: z.string() }))
      .describe('list of { id, dayId, date, previousStatus, status, guests }'),
    count: wholeNumber('number of entries changed'),
    totalGuests: wholeNumber('sum of their party sizes'),
    approvedPerDay: z.record(z.string(), z.int()).describe('map date -> approved party total after the change'),
  }),
  calls: [
    'GET /v1/tours/{tourId}/days/{dayId}/guestlist',
    'GET /v1/tours/{tourId}/days/{dayId}/guestlist/config',
    'GET /v1/tours/{tourId}/days/{dayId}/guestlist/approved-total',
    'PUT /v1/tours/{tourId}/guestlist/status',
  ],
  kind: ActionKind.bulk,
  compensation: {
    describe: 'set every entry back to its previous status',
    calls: ['PUT /v1/tours/{tourId}/guestlist/status'],
  },
});

export const guestsConfigureDay = defineAction({
  name: 'guests.configureDay',
  description:
    'Set a day’s guest list cap, lock, cut-off, venue or per-pass-type caps; settings not given stay as they are.',
  args: guestsConfigureDayArgs,
  outputs: outputs({
    dayId: recordId('the day’s ID'),
    date: text('the day’s date'),
    cap: z.int().nullable().describe('the day’s cap after the change'),
    locked: z.boolean().describe('whether the day is locked after the change'),
    cutoff: text('the cut-off after the change (ISO 8601)').nullable(),
  }),
  calls: [
    'GET /v1/tours/{tourId}/data',
    'GET /v1/tours/{tourId}/venues',
    'GET /v1/tours/{tourId}/passTypes',
    'GET /v1/tours/{tourId}/days/{dayId}/guestlist/config',
    'PUT /v1/tours/{tourId}/days/{dayId}/guestlist/config',
  ],
  kind: ActionKind.update,
  compensation: {
    describe: 'write the day’s previous configuration back (cap, lock, cut-off, venue, pass caps)',
    calls: ['PUT /v1/tours/{tourId}/days/{dayId}/guestlist/config'],
  },
});

export const guestDelete = defineAction({
  name: 'guest.delete',
  description:
    'Delete a guest list entry, named by the guest’s name or e-mail on a day, or by ID (it can be restored with its passes).',
  args: guestDeleteArgs,
  outputs: outputs({ id: goneId('guest list entry') }),
  calls: [
    'GET /v1/tours/{tourId}/data',
    'GET /v1/tours/{tourId}/days/{dayId}/guestlist',
    'DELETE /v1/guestlist/{guestListId}',
  ],
  kind: ActionKind.delete,
  compensation: { describe: 'restore the guest list entry', calls: ['POST /v1/guestlist/{guestListId}/restore'] },
});

const guest = { prefix: 'guest', noun: 'guest list entry', idArg: 'guestId', path: '/v1/guestlist/{guestListId}' };

export const guestRestore = restoreAction(guest, 'Bring back a deleted guest list entry with its passes.');

/** The guest actions, in the order the docs list them: `definitions/actions/index.ts` takes them all. */
export const guestActionList = [
  guestCreate,
  guestUpdate,
  guestDelete,
  guestRestore,
  guestsSelect,
  guestsSetStatus,
  guestsConfigureDay,
] as const;

const exampleTour = '${{ inputs.tourId }}';
/** One example step per guest action (its `with:`), shown in the docs and compiled by a test (`definitions/actions/examples.ts`). */
export const GUEST_EXAMPLES = {
  'guest.create': {
    tourId: exampleTour,
    day: '2027-03-27',
    firstName: 'Ada',
    lastName: 'Lindholm',
    guests: 2,
    pickup: 'Will Call',
    passes: [{ type: 'VIP', count: 2 }],
    requester: 'Sam Rivera',
  },
  'guest.update': {
    tourId: exampleTour,
    day: '2027-03-27',
    guest: 'Ada Lindholm',
    guests: 3,
    pickup: 'Will Call',
    passes: [{ type: 'VIP', count: 3 }],
  },
  'guest.delete': { tourId: exampleTour, day: '2027-03-27', guest: 'Ada Lindholm' },
  'guest.restore': { guestId: 2204 },
  'guests.select': { tourId: exampleTour, select: { from: '2027-03-27', to: '2027-03-29', status: ['Pending'] } },
  'guests.setStatus': { tourId: exampleTour, status: 'Approved', select: { status: ['Pending'], maxGuests: 4 } },
  'guests.configureDay': {
    tourId: exampleTour,
    day: '2027-03-27',
    cap: 150,
    cutoff: '2027-03-27T12:00:00+01:00',
    passCaps: [{ type: 'VIP', cap: 20 }],
  },
} satisfies Record<string, JsonObject>;
