/**
 * Read actions of places (`stay.list` and `room.list` read rooms through `roomsOf`): a venue's or stay's
 * `contact.list` (`customField.list` reads through `placeOf`).
 */
import { contactListArgs } from '../../definitions/actions/lists.ts';
import type { JsonObject, JsonValue } from '../../definitions/plan-types.ts';
import type { Stay } from '../../api/contract/accommodation.ts';
import {
  listAccommodationContacts,
  listAccommodationKeyContacts,
  listVenueContacts,
  listVenueKeyContacts,
} from '../../api/contract/contacts.ts';
import { listRooms, type RoomAssignment } from '../../api/contract/rooms.ts';
import type { ActionContext, ActionHandler } from '../action.ts';
import { pickStay, pickVenue, readStays, readVenues } from '../names/index.ts';
import type { StepCall, StepOutcome } from '../types.ts';
import { plural } from '../../definitions/plural.ts';
import { parseArgs } from './common.ts';
import { isNamed, keyContactOutput } from '../../actions/org/handlers.ts';
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

async function contactList(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, contactListArgs, call.args);
  const place = await placeOf(ctx, args.tourId, args);
  const signal = ctx.signal;
  const [keyContacts, rows] =
    place.kind === 'venue'
      ? await Promise.all([
          ctx.client.call(listVenueKeyContacts, { params: { venueId: place.id }, signal }),
          ctx.client.call(listVenueContacts, { params: { venueId: place.id }, signal }),
        ])
      : await Promise.all([
          ctx.client.call(listAccommodationKeyContacts, { params: { accommodationId: place.id }, signal }),
          ctx.client.call(listAccommodationContacts, { params: { accommodationId: place.id }, signal }),
        ]);
  if (args.name !== undefined) return namedContacts(keyContacts.map(keyContactOutput), args.name, args.tourId, place);
  const emails = rows.flatMap((row) =>
    row.email ? [{ id: row.email.id, label: row.email.label ?? null, email: row.email.email }] : [],
  );
  const phones = rows.flatMap((row) =>
    row.phone ? [{ id: row.phone.id, label: row.phone.label ?? null, phone: String(row.phone.phone) }] : [],
  );
  const urls = rows.flatMap((row) =>
    row.url ? [{ id: row.url.id, label: row.url.label ?? null, url: row.url.url }] : [],
  );
  const count = keyContacts.length + emails.length + phones.length + urls.length;
  return {
    output: { keyContacts: keyContacts.map(keyContactOutput), emails, phones, urls, count },
    undo: [],
    tourId: args.tourId,
    describe: `read ${plural(count, 'contact')} of ${place.kind} ${place.id}`,
  };
}

/** The outcome of `contact.list` with `name`: the key contacts of that name or e-mail, no rows. */
function namedContacts(
  all: JsonObject[],
  name: string,
  tourId: string,
  place: { kind: string; id: number },
): StepOutcome {
  const keyContacts = all.filter((contact) => isNamed(contact as { name: string | null; email: string | null }, name));
  return {
    output: { keyContacts, emails: [], phones: [], urls: [], count: keyContacts.length },
    undo: [],
    tourId,
    describe: `read ${plural(keyContacts.length, 'contact')} of ${place.kind} ${place.id}`,
  };
}

export const placeListHandlers: Record<string, ActionHandler> = {
  'contact.list': { run: contactList },
};
