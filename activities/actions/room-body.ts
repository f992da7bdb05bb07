/**
 * How `room.assign` finds the room it changes and what it sends: the room matched by number
 * (or name), check-in/out from the call, the room or the stay, and the write-back of a room.
 */
import type { RoomAssignArgs } from '../../actions/room/catalogue.ts';
import { addDays } from '../../definitions/translate.ts';
import type { Stay } from '../../api/contract/accommodation.ts';
import type { RoomAssignment } from '../../api/contract/rooms.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { stepError } from './common.ts';
import { checkFields, fromIso, fromLocal, toLocal, type StayInstant } from './stay-times.ts';
import { folded, plainJson } from './step-support.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** The live room of the stay with the call's number, else with its name. */
export function matchRoom(
  rooms: readonly RoomAssignment[],
  args: Pick<RoomAssignArgs, 'roomNumber' | 'name'>,
): RoomAssignment | undefined {
  const live = rooms.filter((room) => room.assignment.is_deleted !== true);
  if (args.roomNumber !== undefined) return live.find((room) => room.assignment.room_number === args.roomNumber);
  if (args.name !== undefined) return live.find((room) => folded(room.assignment.name ?? '') === folded(args.name!));
  return undefined;
}

/** How a report names a room. */
export function roomLabel(
  args: { roomNumber?: number | null | undefined; name?: string | null | undefined },
  fallbackId?: number,
): string {
  return `room ${args.roomNumber ?? args.name ?? fallbackId ?? '?'}`;
}

/** Check-in and check-out to send; `undefined` leaves an existing room's value as it is. */
export interface RoomTimes {
  checkIn: StayInstant | undefined;
  checkOut: StayInstant | undefined;
}

/**
 * Check-in and check-out of the call. Not given: an existing room keeps its own, a new room
 * takes the stay's. `nights` counts from the effective check-in, leaving at the check-out
 * time of the room (or the stay).
 */
export function roomTimes(
  args: RoomAssignArgs,
  stay: Stay,
  existing: RoomAssignment | undefined,
  zone: string,
): RoomTimes {
  const current = {
    checkIn: fromIso(existing?.assignment.check_in_date_time ?? stay.check_in_date_time, zone),
    checkOut: fromIso(existing?.assignment.check_out_date_time ?? stay.check_out_date_time, zone),
  };
  const checkIn = args.checkIn ? fromLocal(args.checkIn, zone) : existing ? undefined : current.checkIn;
  let checkOut = args.checkOut ? fromLocal(args.checkOut, zone) : existing ? undefined : current.checkOut;
  if (args.nights !== undefined) {
    const from = checkIn ?? current.checkIn;
    if (!from) throw missingTimes(stay, 'checkIn');
    const leaving = current.checkOut ? toLocal(current.checkOut, zone).time : toLocal(from, zone).time;
    checkOut = fromLocal({ date: addDays(toLocal(from, zone).date, args.nights), time: leaving }, zone);
  }
  if (!existing && !checkIn) throw missingTimes(stay, 'checkIn');
  if (!existing && !checkOut) throw missingTimes(stay, 'checkOut');
  return { checkIn, checkOut };
}

function missingTimes(stay: Stay, field: 'checkIn' | 'checkOut') {
  return stepError(
    `room.assign: stay ${stay.id} has no ${field === 'checkIn' ? 'check-in' : 'check-out'}; give "${field}".`,
    FailureType.INVALID_ARGUMENTS,
  );
}

/** The fields a create or an update sends (the occupant list replaces the room's). */
export function roomFields(
  args: RoomAssignArgs,
  roomType: number,
  times: RoomTimes,
  occupants: { userIds: string[]; inviteIds: number[] },
): JsonObject {
  return plainJson({
    roomType,
    roomNumber: args.roomNumber,
    name: args.name,
    room_type_text_field: args.roomTypeText,
    ...checkFields('checkIn', times.checkIn),
    ...checkFields('checkOut', times.checkOut),
    smoking: args.smoking,
    generalNotes: args.notes,
    confirmationNumber: args.confirmationNumber,
    is_confirmed: args.confirmed,
    guestList: occupants.userIds,
    pendingInviteIds: occupants.inviteIds,
    hasNotification: args.notify,
  });
}

type Occupant = { id: string | number; is_removed?: unknown; is_deleted?: unknown };
const present = (person: Occupant) => person.is_removed !== true && person.is_deleted !== true;

/** The body that puts a room back as it was read: fields, dates and occupants. */
export function roomWriteBack(room: RoomAssignment, zone: string): JsonObject {
  const a = room.assignment;
  return plainJson({
    roomType: a.room_type_id?.id,
    roomNumber: a.room_number ?? undefined,
    name: a.name ?? undefined,
    room_type_text_field: a.room_type_text_field ?? null,
    ...checkFields('checkIn', fromIso(a.check_in_date_time, zone)),
    ...checkFields('checkOut', fromIso(a.check_out_date_time, zone)),
    smoking: a.smoking ?? false,
    generalNotes: a.notes ?? '',
    confirmationNumber: a.booking_number ?? '',
    is_confirmed: a.is_confirmed ?? undefined,
    guestList: (room.users as Occupant[]).filter(present).map((user) => String(user.id)),
    pendingInviteIds: room.pendingInvites.map((invite) => Number(invite.id)).filter(Number.isInteger),
  });
}
