/**
 * Schedule templates as data: saving items into a template, recreating them on a day, and the
 * template item shape of reads. Templates are per user; the routes enforce that.
 */
import { resolveAudience } from '../../access.ts';
import type { ScheduleItemRecord, TemplateItemRecord, TemplateRecord } from '../../store/records.ts';
import type { Store } from '../../store/store.ts';
import { attachmentsOf, addAttachment } from '../shared/attachments.ts';
import { nowIso } from '../shared/schemas.ts';

export interface SaveOptions {
  includeNotes: boolean;
  includeVisibility: boolean;
  includeAttachment: boolean;
}

/** Copies items (in the given order) into template items. */
export function saveTemplateItems(
  store: Store,
  template: TemplateRecord,
  items: ScheduleItemRecord[],
  options: SaveOptions,
): void {
  items.forEach((item, position) => {
    const {
      id: _id,
      tourId: _tour,
      dayId: _day,
      templateId: _template,
      createdBy: _by,
      isDeleted: _deleted,
      createdAt: _c,
      updatedAt: _u,
      ...fields
    } = item;
    store.templateItems.put({
      id: store.nextId('templateItem'),
      templateId: template.id,
      position,
      item: structuredClone({ ...fields, notes: options.includeNotes ? fields.notes : null }),
      copiedVisibility: options.includeVisibility,
      reminders: store.reminders
        .filter((row) => row.itemId === item.id)
        .map(({ duration, typeId, description }) => ({ duration, typeId, description })),
      attachments: options.includeAttachment
        ? attachmentsOf(store, 'SCHEDULE_ITEM', item.id).map(({ key, name, fileName, fileSize, description }) => ({
            key,
            name,
            fileName,
            fileSize,
            description,
          }))
        : [],
      isDeleted: false,
    });
  });
}

/** The template's live items in template order. */
export function templateItemsOf(store: Store, templateId: number): TemplateItemRecord[] {
  return store.templateItems
    .filter((row) => row.templateId === templateId && !row.isDeleted)
    .sort((a, b) => a.position - b.position);
}

/** Creates the template's items on a day; returns their IDs in template order. */
export function applyTemplateItems(store: Store, template: TemplateRecord, dayId: number, userId: string): number[] {
  const now = nowIso();
  return templateItemsOf(store, template.id).map((entry) => {
    const fields = structuredClone(entry.item);
    const audience = entry.copiedVisibility ? fields.audience : resolveAudience(store, template.tourId, {});
    const item = store.scheduleItems.put({
      ...fields,
      id: store.nextId('scheduleItem'),
      tourId: template.tourId,
      dayId,
      audience,
      tagIds: fields.tagIds.filter((id) => store.tags.get(id)?.tourId === template.tourId),
      customFields: fields.customFields.map((field) => ({ ...field, id: store.nextId('customField') })),
      templateId: template.id,
      createdBy: userId,
      isDeleted: false,
      createdAt: now,
      updatedAt: now,
    });
    for (const reminder of entry.reminders)
      store.reminders.put({ id: store.nextId('reminder'), itemId: item.id, ...reminder, isSent: false });
    const target = { tourId: template.tourId, entityType: 'SCHEDULE_ITEM' as const, entityId: item.id, userId };
    for (const file of entry.attachments)
      addAttachment(store, target, {
        link: file.key,
        name: file.name,
        fileName: file.fileName,
        fileSize: file.fileSize,
        description: file.description,
      });
    return item.id;
  });
}

/** A template item as `GET /schedule-templates/:id/items` returns it. */
export function templateItemView(entry: TemplateItemRecord): Record<string, unknown> {
  const item = entry.item;
  return {
    id: entry.id,
    scheduled_template_id: entry.templateId,
    name: item.name,
    notes: item.notes,
    start_time: item.startTime,
    end_time: item.endTime,
    start_time_type_id: item.startTimeTypeId,
    end_time_type_id: item.endTimeTypeId,
    allDay: item.allDay,
    formatted_address: item.location,
    location_coordinates: item.coordinates,
    timezone_start: item.timezoneStart,
    timezone_end: item.timezoneEnd,
    item_type_id: item.type,
    item_color_id: item.itemColorId,
    status_type: item.statusTypeId,
    is_everyone: entry.copiedVisibility ? item.audience.everyone : false,
    is_admin_only: entry.copiedVisibility ? item.audience.adminsOnly : false,
    attachments: entry.attachments.map((file, index) => ({
      id: index + 1,
      name: file.name,
      link: file.key,
      file_name: file.fileName,
    })),
    reminders: entry.reminders.map((reminder, index) => ({
      id: index + 1,
      duration: reminder.duration,
      reminder_type_id: reminder.typeId,
      description: reminder.description,
    })),
    travelbreaks: item.travelbreaks.map((place, index) => ({
      id: index + 1,
      name: String(place.formatted_address ?? ''),
      duration: null,
    })),
    visibilities: entry.copiedVisibility
      ? [
          ...item.audience.userIds.map((userId, index) => ({ id: index + 1, user_id: userId, tour_invite_id: null })),
          ...item.audience.inviteIds.map((inviteId, index) => ({
            id: item.audience.userIds.length + index + 1,
            user_id: null,
            tour_invite_id: inviteId,
          })),
        ]
      : [],
    tag_ids: item.tagIds,
  };
}
