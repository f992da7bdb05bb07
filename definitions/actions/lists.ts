/**
 * Read actions that list the tour's places and their details, every page of each
 * list. They run as local activities (see workflows/ARCHITECTURE.md): reads change nothing, so
 * a retry is harmless and nothing needs to reach the task queue.
 */
import { z } from 'zod';
import { outputs, recordIds, wholeNumber } from './outputs.ts';
import { ActionKind, defineAction, type ActionDefinition } from './types.ts';
import { nameRef, tourId, unresolved } from './vocabulary.ts';

/** Declares a read action: nothing to undo, runs as a local activity. */
export function defineRead<Args extends z.ZodType>(
  definition: Omit<ActionDefinition<Args>, 'activity' | 'kind' | 'compensation'>,
): ActionDefinition<Args> {
  return defineAction({ ...definition, kind: ActionKind.read, compensation: null });
}

/** The outputs of a list action: the entries (described by their fields), their IDs and how many. */
export const listOutputs = (what: string, entry: z.ZodObject, fields = Object.keys(entry.shape).join(', ')) =>
  outputs({
    [what]: z.array(entry).describe(`list of { ${fields} }`),
    ids: recordIds('their IDs'),
    count: wholeNumber(`number of ${what}`),
  });

export const nullableText = z.string().nullable();
export const nullableInt = z.int().nullable();

/** A local date and time (`{ date, time }`) in a stay's zone. */
const localDateTime = z.strictObject({ date: z.string(), time: z.string() });

/** A room assignment as the list actions give it. */
export const roomEntry = z.strictObject({
  id: z.int(),
  stayId: z.int(),
  stay: nullableText,
  name: nullableText,
  roomNumber: nullableInt,
  roomType: nullableText,
  checkIn: localDateTime.nullable(),
  checkOut: localDateTime.nullable(),
  occupants: z.array(z.string()),
  userIds: z.array(z.string()),
  inviteIds: z.array(z.union([z.int(), z.string()])),
  smoking: z.boolean(),
  confirmed: z.boolean(),
});
export const ROOM_FIELDS = Object.keys(roomEntry.shape).join(', ');

/** A venue or a stay, by title or ID: the owner of contacts and custom fields. */
export const placeOf = {
  venue: nameRef('The venue').optional(),
  stay: nameRef('The stay').optional(),
};
const onePlace = (args: { venue?: unknown; stay?: unknown }) =>
  unresolved(args) || (args.venue === undefined) !== (args.stay === undefined);

/** An organization's key contact as the list actions give it. */
export const keyContactEntry = z.strictObject({
  id: z.int(),
  name: nullableText,
  firstName: nullableText,
  lastName: nullableText,
  email: nullableText,
  phone: nullableText,
  role: nullableText,
  company: nullableText,
  city: nullableText,
  url: nullableText,
});
export const KEY_CONTACT_FIELDS = Object.keys(keyContactEntry.shape).join(', ');

export const contactListArgs = z
  .strictObject({
    tourId,
    ...placeOf,
    name: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Only key contacts with this full name (First Last) or e-mail (case-insensitive); the place’s own e-mail, phone and web rows are then left out.',
      ),
  })
  .refine(onePlace, 'give either "venue" or "stay"');
export type ContactListArgs = z.infer<typeof contactListArgs>;

export const contactList = defineRead({
  name: 'contact.list',
  description: 'List a venue’s or stay’s contacts: its linked key contacts and its own e-mail, phone and web rows.',
  args: contactListArgs,
  outputs: outputs({
    keyContacts: z.array(keyContactEntry).describe(`list of { ${KEY_CONTACT_FIELDS} }`),
    emails: z
      .array(z.strictObject({ id: z.int(), label: nullableText, email: z.string() }))
      .describe('list of { id, label, email }'),
    phones: z
      .array(z.strictObject({ id: z.int(), label: nullableText, phone: z.string() }))
      .describe('list of { id, label, phone }'),
    urls: z
      .array(z.strictObject({ id: z.int(), label: nullableText, url: z.string() }))
      .describe('list of { id, label, url }'),
    count: wholeNumber('number of contacts of every kind'),
  }),
  calls: [
    'GET /v1/tours/{tourId}/venues',
    'GET /v1/tours/{tourId}/accommodation',
    'GET /v1/venues/{venueId}/key-contacts',
    'GET /v1/venues/{venueId}/contacts',
    'GET /v1/accommodation/{accommodationId}/key-contacts',
    'GET /v1/accommodation/{accommodationId}/contacts',
  ],
});
