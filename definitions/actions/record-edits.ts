/**
 * Guest list entries deleted and restored, and the deletes the API cannot undo:
 * tours (venues, bulletins, pass types, rooms and stays: in actions/<resource>/). Those are
 * destructive: a step needs `allowDestroy: true`, and the plan says it cannot be undone.
 */
import { z } from 'zod';
import { goneId, restoreAction } from './by-id.ts';
import { ActionKind, defineAction } from './types.ts';
import { outputs } from './outputs.ts';
import { dayRef, nameOrId, numericId, tourId, unresolved } from './vocabulary.ts';

const guest = { prefix: 'guest', noun: 'guest list entry', idArg: 'guestId', path: '/v1/guestlist/{guestListId}' };

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

export const guestRestore = restoreAction(guest, 'Bring back a deleted guest list entry with its passes.');
