/**
 * Hard deletes that take children with them. Removing a day through `day_list` destroys every
 * piece of content on it for good (shown); nothing here is recoverable.
 */
import type { EntityType } from './records.ts';
import type { Store } from './store.ts';

/** Removes the attachments (and their bytes, when no other attachment uses them) of an entity. */
export function destroyAttachments(store: Store, entityType: EntityType, entityId: number): void {
  const gone = store.attachments.filter((row) => row.entityType === entityType && row.entityId === entityId);
  for (const row of gone) store.attachments.delete(row.id);
}

function destroyScheduleItem(store: Store, itemId: number): void {
  store.reminders.deleteWhere((reminder) => reminder.itemId === itemId);
  destroyAttachments(store, 'SCHEDULE_ITEM', itemId);
  store.scheduleItems.delete(itemId);
}

function destroyVenue(store: Store, venueId: number): void {
  store.generalContacts.deleteWhere((row) => row.ownerType === 'venue' && row.ownerId === venueId);
  destroyAttachments(store, 'VENUE', venueId);
  store.venues.delete(venueId);
}

/**
 * Hard-deletes a day with its schedule items, guest list entries, venues, bulletins and guest
 * list configuration; stays spanning it lose the day from their day list.
 */
export function destroyDay(store: Store, dayId: number): void {
  for (const item of store.scheduleItems.filter((row) => row.dayId === dayId)) destroyScheduleItem(store, item.id);
  for (const venue of store.venues.filter((row) => row.dayId === dayId)) destroyVenue(store, venue.id);
  store.guests.deleteWhere((row) => row.dayId === dayId);
  store.bulletins.deleteWhere((row) => row.dayId === dayId);
  store.dayConfigs.delete(dayId);
  for (const stay of store.stays.filter((row) => row.dayId === dayId || row.dayIdList.includes(dayId))) {
    stay.dayIdList = stay.dayIdList.filter((id) => id !== dayId);
    if (stay.dayId === dayId) stay.dayId = stay.dayIdList[0] ?? null;
  }
  store.days.delete(dayId);
}
