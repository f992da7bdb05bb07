/** Guest list entries and bulk status changes (pass types: actions/passType/). */
import { z } from 'zod';
import { daySelection } from '../../actions/tour/catalogue.ts';
import { ActionKind, defineAction } from './types.ts';
import {
  dayRef,
  email,
  lookupName,
  nameOrId,
  nameRef,
  numericId,
  personName,
  tourId,
  unresolved,
} from './vocabulary.ts';
import { outputs, recordId, recordIds, wholeNumber } from './outputs.ts';

/** Passes of an entry: pass type by name (or ID) and how many. */
export const passAllocation = z.strictObject({
  type: lookupName('passTypes of the tour').describe('Pass type name (see passType.create) or ID.'),
  count: z.number().int().min(1),
});

const guestFields = {
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  guests: z.number().int().min(1).describe('Party size.'),
  status: lookupName('guestlistStatuses'),
  pickup: lookupName('pickupMethods').describe('How the party picks up passes (a pickup method name) or its ID.'),
  passes: z.array(passAllocation),
  email: email.optional(),
  affiliation: z.string().optional(),
  notes: z.string().optional(),
  requester: personName.optional().describe('The tour member asking: full name or e-mail.'),
};

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

/** Which guest list entries: every filter given must match. */
export const guestSelection = z.strictObject({
  ...daySelection,
  status: z.array(lookupName('guestlistStatuses')).optional().describe('Current status, e.g. [Pending].'),
  passTypes: z
    .array(lookupName('passTypes of the tour'))
    .optional()
    .describe('Entries holding one of these pass types.'),
  requesters: z
    .array(personName)
    .optional()
    .describe('Entries asked for by these tour members (full names or e-mails).'),
  minGuests: z.number().int().min(1).optional().describe('Party size at least.'),
  maxGuests: z.number().int().min(1).optional().describe('Party size at most.'),
});
export type GuestSelection = z.infer<typeof guestSelection>;

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
