/** Room assignments of a stay: occupants are tour members (`users`) or pending invites. */
import type { FastifyInstance } from 'fastify';
import { restore, setDeleted } from '../access.ts';
import type { SandboxContext } from '../context.ts';
import { notFound, validationError } from '../errors.ts';
import { defineRoute, type BodyInput } from '../pipeline/route.ts';
import type { RoomRecord, StayRecord } from '../store/records.ts';
import { OTHER_ROOM_TYPE, idType } from '../store/reference-data.ts';
import type { Store } from '../store/store.ts';
import { visibleStay } from './accommodation.ts';
import { nowIso } from './shared/schemas.ts';

type RoomInput = BodyInput<'updateRoom'>;

const iso = (ms: number): string => new Date(ms).toISOString();

/** Occupants must be members of the stay's tour; pending invites must be the tour's. */
function checkOccupants(store: Store, stay: StayRecord, input: RoomInput): void {
  for (const userId of input.guestList ?? []) {
    if (!store.tourMembers.has(`${stay.tourId}:${userId}`))
      throw validationError(`guestList: ${userId} is not a member of this tour`);
  }
  for (const inviteId of input.pendingInviteIds ?? []) {
    if (!store.tourInvites.has(`${stay.tourId}:${inviteId}`))
      throw validationError(`pendingInviteIds: ${inviteId} is not a pending invite of this tour`);
  }
}

function assign(room: RoomRecord, input: RoomInput): void {
  const mapped: Partial<RoomRecord> = {
    name: input.name,
    roomTypeId: input.roomType,
    roomTypeText: input.room_type_text_field,
    roomNumber: input.roomNumber,
    checkIn: input.checkInTime === undefined ? undefined : iso(input.checkInTime),
    checkOut: input.checkOutTime === undefined ? undefined : iso(input.checkOutTime),
    smoking: input.smoking,
    notes: input.generalNotes,
    bookingNumber: input.confirmationNumber,
    isConfirmed: input.is_confirmed,
    userIds: input.guestList && [...new Set(input.guestList)],
    inviteIds: input.pendingInviteIds && [...new Set(input.pendingInviteIds)],
  };
  for (const [key, value] of Object.entries(mapped))
    if (value !== undefined) (room as unknown as Record<string, unknown>)[key] = value;
  if (room.roomTypeId !== OTHER_ROOM_TYPE) room.roomTypeText = input.room_type_text_field ?? room.roomTypeText;
  room.updatedAt = nowIso();
}

/** A room assignment as read. */
export function roomView(store: Store, room: RoomRecord): Record<string, unknown> {
  return {
    assignment: {
      id: room.id,
      name: room.name,
      room_type_text_field: room.roomTypeText,
      room_number: room.roomNumber,
      check_in_date_time: room.checkIn,
      check_out_date_time: room.checkOut,
      smoking: room.smoking,
      notes: room.notes,
      booking_number: room.bookingNumber,
      is_confirmed: room.isConfirmed,
      is_deleted: room.isDeleted,
      updated_at: room.updatedAt,
      room_type_id: idType('hotelRoomTypes', room.roomTypeId),
    },
    users: room.userIds.map((userId) => {
      const user = store.users.get(userId);
      return {
        id: userId,
        firstname: user?.firstname ?? '',
        lastname: user?.lastname ?? '',
        image: user?.image ?? null,
        is_removed: !store.tourMembers.has(`${store.stays.get(room.stayId)?.tourId}:${userId}`),
        is_deleted: false,
      };
    }),
    pendingInvites: room.inviteIds.map((inviteId) => ({
      id: inviteId,
      email: store.invites.get(inviteId)?.email ?? null,
    })),
  };
}

function visibleRoom(store: Store, roomId: number, userId: string, deleted: boolean | 'any' = false): RoomRecord {
  const room = store.rooms.get(roomId);
  if (!room) throw notFound('Room assignment');
  visibleStay(store, room.stayId, userId);
  if (deleted !== 'any' && room.isDeleted !== deleted) throw notFound('Room assignment');
  return room;
}

/** Registers the room endpoints. */
export function registerRoomRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  defineRoute(app, ctx, 'listRooms', ({ store, caller, params }) => {
    const stay = visibleStay(store, params.accommodationId as number, caller.userId);
    return {
      data: store.rooms
        .filter((room) => room.stayId === stay.id && !room.isDeleted)
        .map((room) => roomView(store, room)),
    };
  });

  defineRoute(app, ctx, 'createRoom', ({ store, caller, params, input: read }) => {
    const stay = visibleStay(store, params.accommodationId as number, caller.userId);
    const input = read();
    if (input.checkOutTime < input.checkInTime) throw validationError('checkOutTime: must not be before checkInTime');
    checkOccupants(store, stay, input);
    const now = nowIso();
    const room = store.rooms.put({
      id: store.nextId('room'),
      stayId: stay.id,
      name: input.name ?? `Room ${input.roomNumber}`,
      roomTypeId: input.roomType,
      roomTypeText: null,
      roomNumber: input.roomNumber,
      checkIn: '',
      checkOut: '',
      smoking: input.smoking,
      notes: '',
      bookingNumber: '',
      isConfirmed: false,
      userIds: [],
      inviteIds: [],
      isDeleted: false,
      createdAt: now,
      updatedAt: now,
    });
    assign(room, input);
    return { data: { id: room.id, name: room.name }, message: 'Room created' };
  });

  defineRoute(app, ctx, 'updateRoom', ({ store, caller, params, input: read }) => {
    const room = visibleRoom(store, params.roomAssignmentId as number, caller.userId);
    const input = read();
    const checkIn = input.checkInTime ?? Date.parse(room.checkIn);
    if ((input.checkOutTime ?? Date.parse(room.checkOut)) < checkIn)
      throw validationError('checkOutTime: must not be before checkInTime');
    checkOccupants(store, store.stays.get(room.stayId) as StayRecord, input);
    assign(room, input);
    return { data: { id: room.id, name: room.name }, message: 'Room updated' };
  });

  defineRoute(app, ctx, 'deleteRoom', ({ store, caller, params }) => {
    const room = visibleRoom(store, params.roomAssignmentId as number, caller.userId);
    setDeleted(room, true);
    return { data: { id: room.id, name: room.name }, message: 'Room deleted' };
  });

  defineRoute(app, ctx, 'restoreRoom', ({ store, caller, params }) => {
    const room = visibleRoom(store, params.roomAssignmentId as number, caller.userId, 'any');
    restore(room, 'Room assignment');
    return { data: { id: room.id, name: room.name }, message: 'Room restored' };
  });
}
