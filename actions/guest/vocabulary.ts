/**
 * The guest actions' own argument vocabulary, shared by their catalogue entries (`catalogue.ts`)
 * and the worker's handlers: an entry's fields and passes, which entries a selection takes, a
 * day's guest list settings and the entry a delete names. Declarations only, no I/O.
 */
import { z } from 'zod';
import { daySelection } from '../tour/catalogue.ts';
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
} from '../../definitions/actions/vocabulary.ts';

/** Passes of an entry: pass type by name (or ID) and how many. */
export const passAllocation = z.strictObject({
  type: lookupName('passTypes of the tour').describe('Pass type name (see passType.create) or ID.'),
  count: z.number().int().min(1),
});

/** The fields of an entry, as `guest.create` takes them and `guest.update` changes them. */
export const guestFields = {
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

const SETTINGS = ['cap', 'locked', 'cutoff', 'venue', 'passCaps'] as const;

export const guestsConfigureDayArgs = z
  .strictObject({
    tourId,
    day: dayRef,
    cap: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .optional()
      .describe(
        'Most guests the day takes: the party sizes of its entries not declined, pending ones included; null lifts the cap.',
      ),
    locked: z
      .boolean()
      .optional()
      .describe(
        'true: no entry of the day can be added or changed, nor approved or declined (deletes still go through).',
      ),
    cutoff: z.iso
      .datetime({ offset: true, message: 'expected an ISO 8601 instant like 2027-03-27T12:00:00+01:00' })
      .nullable()
      .optional()
      .describe('When the day’s guest list closes (afterwards as if locked); null: no cut-off. The day needs a venue.'),
    venue: nameRef('The venue the day’s guest list belongs to')
      .nullable()
      .optional()
      .describe('The venue the guest list belongs to (name or ID); null: the day’s first venue.'),
    passCaps: z
      .array(z.strictObject({ type: nameRef('The pass type'), cap: z.number().int().nonnegative() }))
      .optional()
      .describe('Most passes of each listed type for the day; replaces the day’s whole list ([] clears it).'),
  })
  .refine(
    (args) => unresolved(args) || SETTINGS.some((key) => key in args),
    `give at least one of ${SETTINGS.join(', ')}`,
  );
export type GuestsConfigureDayArgs = z.infer<typeof guestsConfigureDayArgs>;

export const guestDeleteArgs = z
  .strictObject({
    tourId: tourId.optional().describe('The entry’s tour: needed when "guest" is a name.'),
    day: dayRef.optional().describe('The entry’s day: needed when "guest" is a name.'),
    guest: z
      .union([z.string().min(1), numericId])
      .optional()
      .describe('The entry: the guest’s full name or e-mail, or its ID. Errors never repeat a guest’s name.'),
    guestId: numericId.optional().describe('Or the entry’s ID.'),
  })
  .superRefine(nameOrId('guest', 'guestId'))
  .refine((args) => unresolved(args) || typeof args.guest !== 'string' || args.day !== undefined, {
    message: '"guest" by name needs "day"',
    path: ['day'],
  });
export type GuestDeleteArgs = z.infer<typeof guestDeleteArgs>;
