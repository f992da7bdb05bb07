/** Room assignments of a stay: list, create, update (occupants replace), delete, restore. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import { fields, lookupId } from './fields.ts';
import { idNameResult, lookupRef } from './shared.ts';

export const roomAssignment = z.looseObject({
  assignment: z.looseObject({
    id: z.number(),
    name: z.string().nullish(),
    room_type_text_field: z.string().nullish(),
    room_number: z.number().nullish(),
    check_in_date_time: z.string().nullish(),
    check_out_date_time: z.string().nullish(),
    smoking: z.boolean().nullish(),
    notes: z.string().nullish(),
    booking_number: z.string().nullish(),
    is_confirmed: z.boolean().nullish(),
    is_deleted: z.boolean().nullish(),
    room_type_id: lookupRef.nullish(),
  }),
  users: z
    .array(z.looseObject({ id: z.string(), firstname: z.string().nullish(), lastname: z.string().nullish() }))
    .default([]),
  pendingInvites: z
    .array(z.looseObject({ id: z.union([z.number(), z.string()]), email: z.string().nullish() }))
    .default([]),
});
export type RoomAssignment = z.output<typeof roomAssignment>;

const epochMs = fields.epochMs;

export const createRoomBody = z.looseObject({
  /** A `hotelRoomTypes` ID. */
  roomType: lookupId('hotelRoomTypes'),
  roomNumber: z.number().int().nonnegative(),
  checkInDate: epochMs,
  checkOutDate: epochMs,
  checkInTime: epochMs,
  checkOutTime: epochMs,
  smoking: z.boolean(),
  /** Required by the API; send an empty string when there are none. */
  generalNotes: z.string().max(100_000),
  /** Required by the API; send an empty string when there is none. */
  confirmationNumber: z.string().max(200),
  name: z.string().trim().min(1).max(255).optional(),
  room_type_text_field: z.string().max(255).nullish(),
  guestList: z.array(fields.uuid).max(50).optional(),
  pendingInviteIds: z.array(fields.id).max(50).optional(),
  is_confirmed: z.boolean().optional(),
  hasNotification: z.boolean().optional(),
});
export type CreateRoomBody = z.input<typeof createRoomBody>;

export const updateRoomBody = createRoomBody.partial();
export type UpdateRoomBody = z.input<typeof updateRoomBody>;

export const listRooms = defineEndpoint(Endpoints.listRooms, { data: z.array(roomAssignment) });

export const createRoom = defineEndpoint(Endpoints.createRoom, { body: createRoomBody, data: idNameResult });

export const updateRoom = defineEndpoint(Endpoints.updateRoom, { body: updateRoomBody, data: idNameResult });

export const deleteRoom = defineEndpoint(Endpoints.deleteRoom, { data: idNameResult });

export const restoreRoom = defineEndpoint(Endpoints.restoreRoom, { data: idNameResult });
