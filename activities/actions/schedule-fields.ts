/**
 * The plain fields of `schedule.item.update` (times, all-day, location, notes, status type,
 * color, travel details) as an update body, and the same fields as the day's item list shows
 * them before the change: the body the undo writes back.
 */
import type { ScheduleItemUpdateArgs } from '../../actions/scheduleItem/catalogue.ts';
import type { ScheduleItem, UpdateScheduleItemBody } from '../../api/contract/schedule.ts';
import type { ActionContext } from '../action.ts';

const place = (address: string | null, zone: string) =>
  address === null ? null : { formatted_address: address, timeZone: zone };

/** The update body of the plain fields the arguments change; `zone` is the item's day's. */
export async function fieldChanges(
  ctx: ActionContext,
  args: ScheduleItemUpdateArgs,
  zone: string,
): Promise<UpdateScheduleItemBody> {
  const lookups = ctx.client.lookups;
  const nullable = async (table: string, ref: string | number | null | undefined) =>
    ref === null || ref === undefined ? ref : lookups.resolve(table, ref);
  const body: UpdateScheduleItemBody = {
    startTime: args.start,
    endTime: args.end,
    timeZoneStart: args.timeZone,
    timeZoneEnd: args.timeZone,
    startTimeTypeId: await nullable('scheduleItemTimeTypes', args.startType),
    endTimeTypeId: await nullable('scheduleItemTimeTypes', args.endType),
    allDay: args.allDay,
    statusTypeId: await nullable('statusTypes', args.statusType),
    itemColorId: await nullable('avatarColors', args.color),
    location: args.location,
    notes: args.notes,
    origin: args.origin === undefined ? undefined : place(args.origin, args.timeZone ?? zone),
    destination: args.destination === undefined ? undefined : place(args.destination, args.timeZone ?? zone),
    providerName: args.provider,
    bookingReference: args.bookingReference,
  };
  for (const key of Object.keys(body) as (keyof UpdateScheduleItemBody)[])
    if (body[key] === undefined) delete body[key];
  return body;
}

/** A place as read, without the fields it lacks (the update takes no null inside a place). */
function placeAsRead(read: ScheduleItem['origin']) {
  if (!read?.formatted_address) return null;
  return {
    formatted_address: read.formatted_address,
    ...(read.viewport ? { viewport: read.viewport } : {}),
    ...(read.timeZone ? { timeZone: read.timeZone } : {}),
  };
}

/** Every plain field of the item as the list shows it, in update-body terms. */
function fieldsAsRead(item: ScheduleItem): Record<string, unknown> {
  return {
    startTime: item.start_time?.slice(0, 5),
    endTime: item.end_time ? item.end_time.slice(0, 5) : null,
    timeZoneStart: item.timezone_start ?? undefined,
    timeZoneEnd: item.timezone_end ?? null,
    startTimeTypeId: item.start_time_type?.id,
    endTimeTypeId: item.end_time_type?.id ?? null,
    allDay: item.allDay ?? false,
    statusTypeId: item.status_type?.id ?? null,
    itemColorId: item.item_color?.id ?? null,
    location: item.formatted_address ?? null,
    notes: item.notes ?? null,
    origin: placeAsRead(item.origin),
    destination: placeAsRead(item.destination),
    providerName: item.providerName ?? null,
    bookingReference: item.bookingReference ?? null,
  };
}

/** The write-back of `changes`: each field it sets, as the item had it. */
export function fieldsBefore(item: ScheduleItem, changes: UpdateScheduleItemBody): Record<string, unknown> {
  const read = fieldsAsRead(item);
  return Object.fromEntries(
    Object.keys(changes)
      .filter((key) => read[key] !== undefined)
      .map((key) => [key, read[key]]),
  );
}
