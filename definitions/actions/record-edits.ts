/**
 * Guest list entries deleted and restored, rooms restored, pass types edited, deleted and
 * restored, and the deletes the API cannot undo: stays and tours (venues and bulletins: in
 * actions/venue/ and actions/bulletin/). Those are destructive: a step needs `allowDestroy:
 * true`, and the plan says it cannot be undone.
 */
import { z } from 'zod';
import { finalDelete, goneId, namedRecordArgs, restoreAction } from './by-id.ts';
import { ActionKind, defineAction } from './types.ts';
import { outputs, recordId } from './outputs.ts';
import { dayRef, lookupName, nameOrId, numericId, tourId, unresolved } from './vocabulary.ts';

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
  .refine((args) => unresolved(args) || typeof args.guest !== 'string' || args.day !== undefined, { message: '"guest" by name needs "day"', path: ['day'] });
export type GuestDeleteArgs = z.infer<typeof guestDeleteArgs>;

export const guestDelete = defineAction({
  name: 'guest.delete',
  description: 'Delete a guest list entry, named by the guest’s name or e-mail on a day, or by ID (it can be restored with its passes).',
  args: guestDeleteArgs,
  outputs: outputs({ id: goneId('guest list entry') }),
  calls: ['GET /v1/tours/{tourId}/data', 'GET /v1/tours/{tourId}/days/{dayId}/guestlist', 'DELETE /v1/guestlist/{guestListId}'],
  kind: ActionKind.delete,
  compensation: { describe: 'restore the guest list entry', calls: ['POST /v1/guestlist/{guestListId}/restore'] },
});

export const guestRestore = restoreAction(guest, 'Bring back a deleted guest list entry with its passes.');

export const roomRestore = restoreAction({ prefix: 'room', noun: 'room assignment', idArg: 'roomId', path: '/v1/rooms/{roomAssignmentId}' });

/** A pass type of the tour by name or ID. */
const passTypeRef = lookupName('passTypes of the tour').describe('Pass type name or ID.');

export const passTypeUpdateArgs = z
  .strictObject({
    tourId,
    passType: passTypeRef,
    name: z.string().min(1).max(255).optional(),
    description: z.string().max(2000).nullable().optional().describe('null clears it.'),
    quantity: z.number().int().nonnegative().nullable().optional().describe('How many passes there are; null clears it.'),
    material: lookupName('passMaterialTypes').nullable().optional().describe('null clears it.'),
  })
  .refine((args) => unresolved(args) || ['name', 'description', 'quantity', 'material'].some((key) => key in args), 'give at least one of name, description, quantity, material');
export type PassTypeUpdateArgs = z.infer<typeof passTypeUpdateArgs>;

export const passTypeUpdate = defineAction({
  name: 'passType.update',
  description: 'Rename a pass type or change its description, quantity or material.',
  args: passTypeUpdateArgs,
  outputs: outputs({ id: recordId('pass type ID') }),
  calls: ['GET /v1/tours/{tourId}/passTypes', 'GET /v1/reference/types', 'PUT /v1/passTypes/{passTypeId}'],
  kind: ActionKind.update,
  compensation: { describe: 'put the previous name, description, quantity and material back', calls: ['PUT /v1/passTypes/{passTypeId}'] },
});

/** A pass type named by `passType` (name or ID) or `passTypeId`. */
const namedPassType = { nameArg: 'passType', idArg: 'passTypeId', noun: 'pass type' } as const;

export const passTypeDeleteArgs = namedRecordArgs(namedPassType, {
  force: z.boolean().default(false).describe('Delete even while guest list entries hold the pass (needs allowDestroy: true).'),
});
export type PassTypeDeleteArgs = z.infer<typeof passTypeDeleteArgs>;

export const passTypeDelete = defineAction({
  name: 'passType.delete',
  description: 'Delete a pass type, named by its name or ID (it can be restored). The API refuses while guest list entries hold it; the step then names them.',
  args: passTypeDeleteArgs,
  outputs: outputs({ id: goneId('pass type') }),
  calls: ['GET /v1/tours/{tourId}/passTypes', 'DELETE /v1/passTypes/{passTypeId}'],
  kind: ActionKind.delete,
  compensation: { describe: 'restore the pass type', calls: ['POST /v1/passTypes/{passTypeId}/restore'] },
  destructive: (args) =>
    args.force === undefined || args.force === false
      ? null
      : 'deletes the pass type even though guest list entries hold it (force); what the entries show for it meanwhile is not shown by the API',
});

export const passTypeRestore = restoreAction({ prefix: 'passType', noun: 'pass type', idArg: 'passTypeId', path: '/v1/passTypes/{passTypeId}' });

export const stayDeleteArgs = namedRecordArgs({ nameArg: 'stay', idArg: 'stayId', noun: 'stay', by: 'title' });
export type StayDeleteArgs = z.infer<typeof stayDeleteArgs>;
export const stayDelete = finalDelete(
  'stay.delete',
  'stay',
  stayDeleteArgs,
  z.int(),
  '/v1/accommodation/{accommodationId}',
  'a stay (accommodation) with its rooms',
  { by: 'title', list: '/v1/tours/{tourId}/accommodation' },
);

export const tourDeleteArgs = z.strictObject({ tourId });
export type TourDeleteArgs = z.infer<typeof tourDeleteArgs>;
export const tourDelete = finalDelete('tour.delete', 'tour', tourDeleteArgs, z.string(), '/v1/tours/{tourId}', 'a whole tour with its days, schedule, venues, stays, guest list and bulletins');
