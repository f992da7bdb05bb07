/**
 * The watched fields of each record of the whole-tour read, by their playbook names
 * (`RECORD_FIELDS` in `definitions/trigger-types.ts`): what a watcher compares. `updated_at`
 * is never among them, so a change of it alone fires nothing.
 */
import type { JsonObject, JsonValue } from '../../definitions/plan-types.ts';
import { TriggerResource, type SeenRecord } from '../../definitions/trigger-types.ts';

type Row = Record<string, unknown>;

const value = (raw: unknown): JsonValue => (raw === undefined ? null : (raw as JsonValue));
/** `17:00:00` -> `17:00`. */
const clockOf = (raw: string | null | undefined): string | null => (raw ? raw.slice(0, 5) : null);
const typeOf = (raw: unknown): JsonValue =>
  raw && typeof raw === 'object' && 'type' in raw ? value((raw as Row).type) : null;
const idOf = (raw: unknown): number | null =>
  raw && typeof raw === 'object' && typeof (raw as Row).id === 'number' ? ((raw as Row).id as number) : null;

/** A day's watched fields. */
export function dayFields(day: Row): JsonObject {
  return {
    name: value(day.name),
    date: typeof day.date === 'string' ? day.date.slice(0, 10) : null,
    timeZone: value(day.time_zone),
    type: typeOf(day.type_id),
    address: value(day.formattedAddress),
  };
}

const PROJECTIONS: Record<Exclude<TriggerResource, 'days' | 'rooms'>, (row: Row, dayId: number) => JsonObject> = {
  scheduleItems: (row, dayId) => ({
    name: value(row.name),
    notes: value(row.notes),
    // HH:mm, as the playbook language writes times of day (the API reads them as HH:mm:ss)
    startTime: clockOf(row.start_time as string | null | undefined),
    endTime: clockOf(row.end_time as string | null | undefined),
    allDay: value(row.allDay),
    status: value(row.status),
    statusType: typeOf(row.status_type),
    itemType: typeOf(row.item_type),
    address: value(row.formatted_address),
    dayId: idOf(row.day) ?? dayId,
  }),
  venues: (row, dayId) => ({
    title: value(row.title),
    status: value(row.status),
    capacity: value(row.capacity),
    address: value(row.formatted_address),
    city: value(row.city),
    notes: value(row.notes),
    timeZone: value(row.timezone),
    dayId: idOf(row.day) ?? dayId,
  }),
  stays: (row) => ({
    title: value(row.title),
    confirmed: value(row.is_confirmed),
    checkIn: value(row.check_in_date_time),
    checkOut: value(row.check_out_date_time),
    notes: value(row.notes),
    bookingNumber: value(row.booking_number),
    address: value(row.street_address),
    city: value(row.city),
    dayIds: [
      ...new Set([
        ...(typeof row.day_id === 'number' ? [row.day_id] : []),
        ...((row.day_id_list as number[] | undefined) ?? []),
      ]),
    ].sort((a, b) => a - b),
  }),
  guests: (row, dayId) => ({
    firstName: value(row.firstName),
    lastName: value(row.lastName),
    email: value(row.email),
    guests: value(row.numberOfGuests),
    status: typeOf(row.status),
    affiliation: value(row.affiliation),
    notes: value(row.notes),
    dayId: idOf(row.day) ?? dayId,
  }),
  bulletins: (row, dayId) => ({
    title: value(row.title),
    body: value(row.body),
    pinned: value(row.is_pinned),
    dayId: value(row.day_id) ?? dayId,
  }),
};

/** The key of each resource's list in a day of the whole-tour read. */
export const DAY_LISTS: Record<Exclude<TriggerResource, 'days' | 'rooms'>, string> = {
  scheduleItems: 'schedule',
  venues: 'venues',
  stays: 'accommodation',
  guests: 'guestlist',
  bulletins: 'bulletins',
};

/** A row of a day's list as a watched record; undefined when it is marked deleted. */
export function projectRow(
  resource: Exclude<TriggerResource, 'days' | 'rooms'>,
  row: Row,
  dayId: number,
): SeenRecord | undefined {
  if (row.is_deleted === true || row.id === undefined || row.id === null) return undefined;
  const fields = PROJECTIONS[resource](row, dayId);
  return {
    r: resource,
    id: String(row.id as string | number),
    day: resource === TriggerResource.stays ? dayId : (fields.dayId as number | null),
    f: fields,
  };
}

/** A room assignment of a stay as a watched record. */
export function projectRoom(entry: Row, stayId: string, dayId: number | null): SeenRecord | undefined {
  const room = (entry.assignment ?? entry) as Row;
  if (room.is_deleted === true || room.id === undefined) return undefined;
  const users = ((entry.users as Row[] | undefined) ?? [])
    .filter((user) => user.is_removed !== true && user.is_deleted !== true)
    .map((user) => `user:${String(user.id)}`);
  const invites = ((entry.pendingInvites as Row[] | undefined) ?? []).map((invite) => `invite:${String(invite.id)}`);
  return {
    r: TriggerResource.rooms,
    id: String(room.id as number),
    day: dayId,
    f: {
      name: value(room.name),
      roomNumber: value(room.room_number),
      checkIn: value(room.check_in_date_time),
      checkOut: value(room.check_out_date_time),
      confirmed: value(room.is_confirmed),
      notes: value(room.notes),
      stayId,
      occupants: [...users, ...invites].sort(),
    },
  };
}
