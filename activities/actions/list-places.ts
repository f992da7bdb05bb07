/**
 * What the read actions of places share: the rooms of a stay (`roomsOf`, read by `stay.list` and
 * `room.list`), a local date and time (`localOf`), and the venue or stay a call names (`placeOf`,
 * read by `contact.list` and `customField.list`).
 */
import type { JsonObject, JsonValue } from '../../definitions/plan-types.ts';
import type { Stay } from '../../api/contract/accommodation.ts';
import { listRooms, type RoomAssignment } from '../../api/contract/rooms.ts';
import type { ActionContext } from '../action.ts';
import { pickStay, pickVenue, readStays, readVenues } from '../names/index.ts';
import { fromIso, toLocal } from './stay-times.ts';

/** The local date and time of an instant as read, in the zone given. */
export function localOf(iso: string | null | undefined, zone: string): JsonValue {
  const instant = fromIso(iso, zone);
  return instant ? { ...toLocal(instant, zone) } : null;
}

function roomOutput(room: RoomAssignment, stay: Stay): JsonObject {
  const zone = stay.timezone ?? 'UTC';
  const a = room.assignment;
  const names = room.users.map(
    (user) => [user.firstname, user.lastname].filter((part) => part).join(' ') || String(user.id),
  );
  return {
    id: a.id,
    stayId: stay.id,
    stay: stay.title ?? null,
    name: a.name ?? null,
    roomNumber: a.room_number ?? null,
    roomType: a.room_type_id?.type ?? null,
    checkIn: localOf(a.check_in_date_time, zone),
    checkOut: localOf(a.check_out_date_time, zone),
    occupants: [...names, ...room.pendingInvites.map((invite) => invite.email ?? `invite ${invite.id}`)],
    userIds: room.users.map((user) => user.id),
    inviteIds: room.pendingInvites.map((invite) => invite.id),
    smoking: a.smoking === true,
    confirmed: a.is_confirmed === true,
  };
}

export async function roomsOf(ctx: ActionContext, stay: Stay): Promise<JsonObject[]> {
  const rooms = await ctx.client.call(listRooms, { params: { accommodationId: stay.id }, signal: ctx.signal });
  return rooms.filter((room) => room.assignment.is_deleted !== true).map((room) => roomOutput(room, stay));
}

/** The venue or stay a call names. */
export async function placeOf(
  ctx: ActionContext,
  tourId: string,
  args: { venue?: string | number | undefined; stay?: string | number | undefined },
) {
  if (args.venue !== undefined)
    return { kind: 'venue' as const, id: pickVenue(await readVenues(ctx, tourId), args.venue, tourId).id };
  return { kind: 'stay' as const, id: pickStay(await readStays(ctx, tourId), args.stay!, tourId).id };
}
