/** How schedule items appear in list reads (and the whole-tour read and day sheet). */
import type { Place, ScheduleItemRecord } from '../store/records.ts';
import { idType, lookup } from '../store/reference-data.ts';
import type { Store } from '../store/store.ts';
import { customFieldView, sortedFields } from './fields.ts';
import { userRef } from './people.ts';
import { dayRef } from './tours.ts';

function placeView(place: Place | null): Record<string, unknown> | null {
  if (!place) return null;
  return {
    formatted_address: place.formatted_address ?? null,
    viewport: place.viewport ?? null,
    timeZone: place.timeZone ?? null,
  };
}

/** The tag list of an item: `[{ tag: { id, name, color } }]`. */
function itemTags(store: Store, item: ScheduleItemRecord): Array<Record<string, unknown>> {
  return item.tagIds.flatMap((id) => {
    const tag = store.tags.get(id);
    if (!tag) return [];
    const color = lookup('avatarColors', tag.colorId);
    return [{ tag: { id: tag.id, name: tag.name, color: color ? { ...color } : null } }];
  });
}

/** A schedule item as the list read returns it. */
export function scheduleItemView(store: Store, item: ScheduleItemRecord): Record<string, unknown> {
  const travel = item.travel;
  return {
    id: item.id,
    name: item.name,
    notes: item.notes,
    start_time: item.startTime,
    end_time: item.endTime,
    allDay: item.allDay,
    status: item.status,
    formatted_address: item.location,
    timezone_start: item.timezoneStart,
    timezone_end: item.timezoneEnd,
    location_coordinates: item.coordinates,
    start_time_type: idType('scheduleItemTimeTypes', item.startTimeTypeId),
    end_time_type: idType('scheduleItemTimeTypes', item.endTimeTypeId),
    item_type: idType('scheduleItemTypes', item.type),
    item_color: idType('avatarColors', item.itemColorId),
    status_type: idType('statusTypes', item.statusTypeId),
    created_by: userRef(store, item.createdBy),
    day: dayRef(store, item.dayId),
    origin: placeView(item.origin),
    destination: placeView(item.destination),
    providerName: travel.providerName ?? null,
    bookingReference: travel.bookingReference ?? null,
    traveldistance: travel.traveldistance ?? null,
    travelduration: travel.travelduration ?? null,
    itemReminder: store.reminders
      .filter((row) => row.itemId === item.id)
      .sort((a, b) => a.id - b.id)
      .map((row) => ({
        reminder: { id: row.id, description: row.description, duration: row.duration, is_sent: row.isSent },
      })),
    schedule_item_tags: itemTags(store, item),
    customFields: sortedFields(item.customFields).map((field) => customFieldView(field, false)),
    is_everyone: item.audience.everyone,
    is_admin_only: item.audience.adminsOnly,
    visibility_list: item.audience.userIds,
    invites_visibility_list: item.audience.inviteIds,
    template_id: item.templateId,
    is_deleted: item.isDeleted,
    updated_at: item.updatedAt,
  };
}

/** Sort key of a day's running order. */
export const byStartTime = (a: ScheduleItemRecord, b: ScheduleItemRecord): number =>
  Number(b.allDay) - Number(a.allDay) || a.startTime.localeCompare(b.startTime) || a.id - b.id;
