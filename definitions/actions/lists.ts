/**
 * What the read actions (declared in `actions/<resource>/catalogue.ts`) share: `defineRead`, the
 * outputs of a list, and the entries more than one resource lists. Reads take every page of each
 * list and run as local activities (see workflows/ARCHITECTURE.md): reads change nothing, so
 * a retry is harmless and nothing needs to reach the task queue.
 */
import { z } from 'zod';
import { outputs, recordIds, wholeNumber } from './outputs.ts';
import { ActionKind, defineAction, type ActionDefinition } from './types.ts';
import { nameRef } from './vocabulary.ts';

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
