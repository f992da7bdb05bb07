/**
 * Rooms of a stay (room assignments), as the catalogue gives them: `room.list`, `room.assign`
 * (create, or update the room with the same number or name), `room.delete` and `room.restore`
 * (arguments, outputs, calls, undo). No I/O; the worker's handlers are in `handlers.ts`.
 */
import { z } from 'zod';
import { ActionKind, defineAction } from '../../definitions/actions/types.ts';
import { outputs, recordId, wholeNumber } from '../../definitions/actions/outputs.ts';
import {
  email,
  localDateTime,
  lookupName,
  nameOrId,
  nameRef,
  numericId,
  personName,
  tourId,
  unresolved,
} from '../../definitions/actions/vocabulary.ts';
import { restoreAction } from '../../definitions/actions/by-id.ts';
import { OUT_AFTER_IN, outAfterIn } from '../stay/catalogue.ts';
import { defineRead, listOutputs, roomEntry } from '../../definitions/actions/lists.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';

export const roomListArgs = z.strictObject({
  tourId,
  stay: nameRef('The stay').optional().describe('Only the rooms of this stay (title or ID). @default every stay'),
  person: z.string().min(1).optional().describe('Only rooms this tour member or invitee (full name or e-mail) is in.'),
});
export type RoomListArgs = z.infer<typeof roomListArgs>;

export const roomList = defineRead({
  name: 'room.list',
  description:
    'List the room assignments of a stay, or of every stay, with their occupants (crew names; invitees by e-mail).',
  args: roomListArgs,
  outputs: listOutputs('rooms', roomEntry),
  calls: [
    'GET /v1/tours/{tourId}/accommodation',
    'GET /v1/accommodation/{accommodationId}/rooms',
    'GET /v1/tours/{tourId}/users',
  ],
});

/** An occupant: a tour member by full name or e-mail, or an invitee by e-mail; `name` is how a report mentions them. */
export const roomPerson = z.union([personName, z.strictObject({ email, name: z.string().min(1).optional() })]);
export type RoomPerson = z.infer<typeof roomPerson>;

export const roomAssignArgs = z
  .strictObject({
    tourId,
    stay: z.union([z.string().min(1), numericId]).describe('The stay: its title or ID.'),
    roomNumber: z.number().int().positive().optional().describe('Matches an existing room of the stay to update.'),
    name: z.string().min(1).optional().describe('Room name; matches an existing room when there is no number.'),
    roomType: lookupName('hotelRoomTypes').describe('Single, Double, Twin, ... (a room type name) or its ID.'),
    roomTypeText: z.string().optional().describe('Free text when the room type is Other.'),
    people: z
      .array(roomPerson)
      .min(1)
      .describe('Occupants by full name or e-mail; people not on the tour are reported, not sent.'),
    nights: z.number().int().min(1).optional().describe('Check-out this many nights after check-in.'),
    checkIn: localDateTime.optional().describe('@default the stay’s check-in'),
    checkOut: localDateTime.optional().describe('@default the stay’s check-out'),
    smoking: z.boolean().default(false),
    notes: z.string().default(''),
    confirmationNumber: z.string().default(''),
    confirmed: z.boolean().optional(),
    notify: z.boolean().default(false).describe('Notify the occupants.'),
  })
  .refine((room) => unresolved(room) || room.nights === undefined || room.checkOut === undefined, {
    message: 'give "nights" or "checkOut", not both',
    path: ['nights'],
  })
  .refine(outAfterIn, OUT_AFTER_IN);
export type RoomAssignArgs = z.infer<typeof roomAssignArgs>;

export const roomAssign = defineAction({
  name: 'room.assign',
  description:
    'Create a room in a stay (by title or ID), or update the one with the same number (or name): occupants by name or e-mail, room type by name, nights or dates.',
  args: roomAssignArgs,
  outputs: outputs({
    id: recordId('room ID'),
    created: z.boolean().describe('true when the room was created, false when updated'),
    occupants: wholeNumber('how many people were assigned'),
    skipped: z.array(z.string()).describe('people not on the tour (their name, else e-mail), not sent'),
  }),
  calls: [
    'GET /v1/tours/{tourId}/accommodation',
    'GET /v1/tours/{tourId}/users',
    'GET /v1/reference/types',
    'GET /v1/accommodation/{accommodationId}/rooms',
    'POST /v1/accommodation/{accommodationId}/rooms',
    'PUT /v1/rooms/{roomAssignmentId}',
  ],
  kind: ActionKind.update,
  compensation: {
    describe: 'delete the room if it was created, else restore its previous fields and occupants',
    calls: ['DELETE /v1/rooms/{roomAssignmentId}', 'PUT /v1/rooms/{roomAssignmentId}'],
  },
});

export const roomDeleteArgs = z
  .strictObject({
    tourId: tourId.optional().describe('The stay’s tour: needed with "stay".'),
    stay: nameRef('The stay the room is in').optional(),
    room: z
      .union([z.string().min(1), z.number().int().positive()])
      .optional()
      .describe('The room in "stay": its number or name.'),
    roomId: numericId.optional().describe('Or the room assignment’s ID.'),
  })
  .superRefine(nameOrId('room', 'roomId'))
  .refine(
    (args) => unresolved(args) || args.room === undefined || (args.stay !== undefined && args.tourId !== undefined),
    {
      message: '"room" needs "stay" and "tourId"',
      path: ['stay'],
    },
  );
export type RoomDeleteArgs = z.infer<typeof roomDeleteArgs>;

export const roomDelete = defineAction({
  name: 'room.delete',
  description: 'Delete a room assignment, named by its stay and its number or name, or by ID (it can be restored).',
  args: roomDeleteArgs,
  outputs: outputs({ id: z.int().nullable().describe('room ID, null when an earlier attempt deleted it') }),
  calls: [
    'GET /v1/tours/{tourId}/accommodation',
    'GET /v1/accommodation/{accommodationId}/rooms',
    'DELETE /v1/rooms/{roomAssignmentId}',
  ],
  kind: ActionKind.delete,
  compensation: { describe: 'restore the room', calls: ['POST /v1/rooms/{roomAssignmentId}/restore'] },
});

export const roomRestore = restoreAction({
  prefix: 'room',
  noun: 'room assignment',
  idArg: 'roomId',
  path: '/v1/rooms/{roomAssignmentId}',
});

/** The room actions, in the order the docs list them: `definitions/actions/index.ts` takes them all. */
export const roomActionList = [roomList, roomAssign, roomDelete, roomRestore] as const;

const exampleTour = '${{ inputs.tourId }}';
/** One example step per room action (its `with:`), shown in the docs and compiled by a test (`definitions/actions/examples.ts`). */
export const ROOM_EXAMPLES = {
  'room.list': { tourId: exampleTour, stay: 'Hotel Adlon' },
  'room.assign': {
    tourId: exampleTour,
    stay: 'Hotel Adlon',
    roomNumber: 101,
    roomType: 'Double',
    people: ['Sam Rivera', 'priya.natarajan@example.com'],
  },
  'room.delete': { tourId: exampleTour, stay: 'Hotel Adlon', room: 101 },
  'room.restore': { roomId: 412 },
} satisfies Record<string, JsonObject>;
