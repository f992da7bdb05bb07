/** Stays (accommodation) and their rooms. Check-in and check-out are local date + time in the stay’s zone. */
import { z } from 'zod';
import { ActionKind, defineAction } from './types.ts';
import { clockTime, dayRef, email, localDateTime, location, lookupName, nameOrId, nameRef, numericId, personName, timeZone, tourId, unresolved, visibility } from './vocabulary.ts';
import { outputs, recordId, text, wholeNumber } from './outputs.ts';

export const StayType = { hotel: 'HOTEL', rental: 'RENTAL', residence: 'RESIDENCE' } as const;
export type StayType = (typeof StayType)[keyof typeof StayType];

type Stay = { checkIn?: { date: string; time: string }; checkOut?: { date: string; time: string } };
const outAfterIn = (stay: Stay) =>
  unresolved(stay) ||
  !stay.checkIn || !stay.checkOut || `${stay.checkOut.date}T${stay.checkOut.time}` > `${stay.checkIn.date}T${stay.checkIn.time}`;
const OUT_AFTER_IN = { message: 'check-out must be after check-in', path: ['checkOut'] };

export const stayCreateArgs = z
  .strictObject({
    tourId,
    title: z.string().min(1),
    type: z.enum([StayType.hotel, StayType.rental, StayType.residence]).default(StayType.hotel),
    location: location.describe('Address and map position.'),
    timeZone: timeZone.describe('The stay’s time zone; check-in and check-out are local times there.'),
    checkIn: localDateTime,
    checkOut: localDateTime,
    confirmed: z.boolean().default(false).describe('Reservation confirmed.'),
    confirmationNumber: z.string().optional(),
    notes: z.string().optional(),
    days: z.array(dayRef).optional().describe('Days the stay belongs to.'),
    visibility: visibility.optional().describe('Who sees it. @default everyone'),
  })
  .refine(outAfterIn, OUT_AFTER_IN);
export type StayCreateArgs = z.infer<typeof stayCreateArgs>;

export const stayCreate = defineAction({
  name: 'stay.create',
  description: 'Create a stay (hotel, rental, residence); check-in/out are converted to instants in its time zone.',
  args: stayCreateArgs,
  outputs: outputs({ id: recordId('stay ID'), name: text('stay name'), checkIn: text('check-in instant (ISO 8601)'), checkOut: text('check-out instant (ISO 8601)') }),
  calls: ['GET /v1/tours/{tourId}/data', 'POST /v1/accommodation'],
  kind: ActionKind.create,
  compensation: { describe: 'delete the stay', calls: ['DELETE /v1/accommodation/{accommodationId}'] },
});

export const stayUpdateArgs = z
  .strictObject({
    tourId: tourId.optional().describe('The stay’s tour: needed when "stay" is a title.'),
    stay: nameRef('The stay').optional(),
    stayId: numericId.optional().describe('Or the stay’s ID.'),
    title: z.string().min(1).optional(),
    type: z.enum([StayType.hotel, StayType.rental, StayType.residence]).optional(),
    location: location.optional(),
    timeZone: timeZone.optional().describe('Zone of check-in/out. @default the stay’s'),
    checkIn: localDateTime.optional(),
    checkOut: localDateTime.optional(),
    checkInTime: clockTime.optional().describe('New check-in time, same date (HH:mm, the stay’s zone).'),
    checkOutTime: clockTime.optional().describe('New check-out time, same date (HH:mm, the stay’s zone).'),
    confirmed: z.boolean().optional(),
    confirmationNumber: z.string().optional(),
    notes: z.string().optional(),
  })
  .superRefine(nameOrId('stay', 'stayId'))
  .refine((args) => unresolved(args) || args.checkIn === undefined || args.checkInTime === undefined, { message: 'give "checkIn" or "checkInTime", not both', path: ['checkInTime'] })
  .refine((args) => unresolved(args) || args.checkOut === undefined || args.checkOutTime === undefined, { message: 'give "checkOut" or "checkOutTime", not both', path: ['checkOutTime'] })
  .refine(outAfterIn, OUT_AFTER_IN);
export type StayUpdateArgs = z.infer<typeof stayUpdateArgs>;

export const stayUpdate = defineAction({
  name: 'stay.update',
  description: 'Change a stay, named by its title or ID; only the fields given change.',
  args: stayUpdateArgs,
  outputs: outputs({ id: recordId('stay ID') }),
  calls: ['GET /v1/tours/{tourId}/accommodation', 'GET /v1/accommodation/{accommodationId}', 'PUT /v1/accommodation/{accommodationId}'],
  kind: ActionKind.update,
  compensation: { describe: 'restore the previous values', calls: ['PUT /v1/accommodation/{accommodationId}'] },
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
    people: z.array(roomPerson).min(1).describe('Occupants by full name or e-mail; people not on the tour are reported, not sent.'),
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
    room: z.union([z.string().min(1), z.number().int().positive()]).optional().describe('The room in "stay": its number or name.'),
    roomId: numericId.optional().describe('Or the room assignment’s ID.'),
  })
  .superRefine(nameOrId('room', 'roomId'))
  .refine((args) => unresolved(args) || args.room === undefined || (args.stay !== undefined && args.tourId !== undefined), {
    message: '"room" needs "stay" and "tourId"',
    path: ['stay'],
  });
export type RoomDeleteArgs = z.infer<typeof roomDeleteArgs>;

export const roomDelete = defineAction({
  name: 'room.delete',
  description: 'Delete a room assignment, named by its stay and its number or name, or by ID (it can be restored).',
  args: roomDeleteArgs,
  outputs: outputs({ id: z.int().nullable().describe('room ID, null when an earlier attempt deleted it') }),
  calls: ['GET /v1/tours/{tourId}/accommodation', 'GET /v1/accommodation/{accommodationId}/rooms', 'DELETE /v1/rooms/{roomAssignmentId}'],
  kind: ActionKind.delete,
  compensation: { describe: 'restore the room', calls: ['POST /v1/rooms/{roomAssignmentId}/restore'] },
});
