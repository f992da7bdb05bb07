/**
 * Schedule item writes with every rule the contract lists: travel items need `origin`,
 * visibility defaults and admin merge, lenient inline tags, full-replace custom fields,
 * reminder upserts, and the attachment set. Everything is checked before anything changes.
 */
import { requireDay, requireTour, resolveAudience, type VisibilityInput } from '../../access.ts';
import { validationError } from '../../errors.ts';
import type { Audience, ScheduleItemRecord } from '../../store/records.ts';
import { ItemType } from '../../store/reference-data.ts';
import type { Store } from '../../store/store.ts';
import { checkAttachments, replaceAttachments } from '../shared/attachments.ts';
import { inlineCustomFields } from '../shared/custom-fields.ts';
import { nowIso, type AttachmentInput } from '../shared/schemas.ts';
import type { CreateItemInput, ReminderInput, UpdateItemInput } from './item-schema.ts';

/** Reminder as echoed after a write. */
export interface ReminderView {
  id: number;
  description: string;
  duration: number;
  is_sent: boolean;
}

/** Every reminder of an item, sorted by ID. */
export function remindersOf(store: Store, itemId: number): ReminderView[] {
  return store.reminders
    .filter((row) => row.itemId === itemId)
    .sort((a, b) => a.id - b.id)
    .map((row) => ({ id: row.id, description: row.description, duration: row.duration, is_sent: row.isSent }));
}

/** Named visibility users must be tour members; named invites must be the tour's pending invites. */
export function checkAudienceMembers(store: Store, tourId: string, audience: Audience): void {
  for (const userId of audience.userIds) {
    if (!store.tourMembers.has(`${tourId}:${userId}`))
      throw validationError(`visibilityList: ${userId} is not a member of this tour`);
  }
  for (const inviteId of audience.inviteIds) {
    if (!store.tourInvites.has(`${tourId}:${inviteId}`))
      throw validationError(`invitesVisibilityList: ${inviteId} is not a pending invite of this tour`);
  }
}

const attachmentList = (input: {
  attachment?: AttachmentInput | undefined;
  attachments?: AttachmentInput[] | undefined;
}): AttachmentInput[] | undefined =>
  input.attachment === undefined && input.attachments === undefined
    ? undefined
    : [...(input.attachment ? [input.attachment] : []), ...(input.attachments ?? [])];

/** Inline tags are lenient: unknown or foreign tag IDs are skipped. */
function knownTags(store: Store, tourId: string, tagIds: number[]): number[] {
  return [...new Set(tagIds.filter((id) => store.tags.get(id)?.tourId === tourId))];
}

function checkReminders(store: Store, itemId: number | null, reminders: ReminderInput[]): void {
  reminders.forEach((entry, index) => {
    if (entry.id !== undefined && store.reminders.get(entry.id)?.itemId !== itemId) {
      throw validationError(`reminder[${index}].id: ${entry.id} is not a reminder of this item`);
    }
  });
}

function writeReminders(store: Store, itemId: number, reminders: ReminderInput[]): void {
  for (const entry of reminders) {
    const existing = entry.id === undefined ? undefined : store.reminders.get(entry.id);
    if (existing)
      Object.assign(existing, { duration: entry.duration, typeId: entry.typeId, description: entry.description ?? '' });
    else
      store.reminders.put({
        id: store.nextId('reminder'),
        itemId,
        duration: entry.duration,
        typeId: entry.typeId,
        description: entry.description ?? '',
        isSent: false,
      });
  }
}

type ItemFields = Omit<
  ScheduleItemRecord,
  'id' | 'tourId' | 'dayId' | 'type' | 'audience' | 'createdBy' | 'isDeleted' | 'createdAt' | 'updatedAt' | 'templateId'
>;

/**
 * The plain fields a body sets (undefined: not sent). The contract refuses `null` for the
 * fields that cannot be cleared, so `?? undefined` only narrows their type.
 */
function plainFields(input: UpdateItemInput): Partial<ItemFields> {
  const out: Partial<ItemFields> = {
    name: input.name ?? undefined,
    notes: input.notes,
    startTime: input.startTime === undefined ? undefined : `${input.startTime}:00`,
    endTime: input.endTime === undefined ? undefined : input.endTime && `${input.endTime}:00`,
    startTimeTypeId: input.startTimeTypeId ?? undefined,
    endTimeTypeId: input.endTimeTypeId,
    timezoneStart: input.timeZoneStart ?? undefined,
    timezoneEnd: input.timeZoneEnd,
    allDay: input.allDay ?? undefined,
    status: input.status ?? undefined,
    statusTypeId: input.statusTypeId,
    location: input.location,
    coordinates: input.coordinates,
    itemColorId: input.itemColorId,
    origin: input.origin,
    destination: input.destination,
    travelbreaks: input.travelbreaks ?? undefined,
  };
  for (const key of Object.keys(out) as Array<keyof ItemFields>) if (out[key] === undefined) delete out[key];
  return out;
}

const TRAVEL_KEYS = [
  'providerName',
  'bookingReference',
  'plateNumber',
  'driverName',
  'traveldistance',
  'travelduration',
  'traveltype',
  'isRouteAutoCalculated',
  'googlemaps_uri',
] as const;

function travelFields(
  input: UpdateItemInput,
  previous: ScheduleItemRecord['travel'] = {},
): ScheduleItemRecord['travel'] {
  const travel = { ...previous };
  // A cleared detail is stored as absent, like one never set: both read as null.
  for (const key of TRAVEL_KEYS) {
    if (input[key] === null) delete travel[key];
    else if (input[key] !== undefined) travel[key] = input[key];
  }
  return travel;
}

/**
 * Checks a new item and returns the write that stores it; nothing changes until it is called,
 * so a batch can check every item first. `templateId` marks items created by a template apply.
 */
export function prepareItem(
  store: Store,
  userId: string,
  input: CreateItemInput,
  templateId: number | null = null,
): () => ScheduleItemRecord {
  const tour = requireTour(store, input.tour_id, userId);
  const day = requireDay(store, tour, input.day_id);
  const type = input.type ?? ItemType.regular;
  if (type >= ItemType.firstTravel && !input.origin)
    throw validationError('origin: required for travel items (type 2-6)');
  const audience = resolveAudience(store, tour.id, input as VisibilityInput);
  checkAudienceMembers(store, tour.id, audience);
  const attachments = attachmentList(input) ?? [];
  checkAttachments(
    store,
    'SCHEDULE_ITEM',
    null,
    attachments.map(({ id: _id, ...entry }) => entry),
  );
  return () => {
    const now = nowIso();
    const item: ScheduleItemRecord = {
      id: store.nextId('scheduleItem'),
      tourId: tour.id,
      dayId: day.id,
      name: input.name,
      notes: null,
      startTime: '',
      endTime: null,
      startTimeTypeId: input.startTimeTypeId ?? undefined,
      endTimeTypeId: null,
      timezoneStart: input.timeZoneStart ?? undefined,
      timezoneEnd: null,
      allDay: false,
      status: false,
      statusTypeId: null,
      location: null,
      coordinates: null,
      itemColorId: null,
      type,
      origin: null,
      destination: null,
      travelbreaks: [],
      travel: travelFields(input),
      audience,
      tagIds: knownTags(store, tour.id, input.tagIds ?? []),
      customFields: inlineCustomFields(store, input.customFields ?? []),
      templateId,
      createdBy: userId,
      isDeleted: false,
      createdAt: now,
      updatedAt: now,
      ...plainFields(input),
    };
    store.scheduleItems.put(item);
    writeReminders(
      store,
      item.id,
      (input.reminder ?? []).map(({ id: _id, ...entry }) => entry),
    );
    replaceAttachments(
      store,
      { tourId: tour.id, entityType: 'SCHEDULE_ITEM', entityId: item.id, userId },
      attachments.map(({ id: _id, ...entry }) => entry),
    );
    return item;
  };
}

/** Checks and applies an update to a visible item. */
export function updateItem(store: Store, userId: string, item: ScheduleItemRecord, input: UpdateItemInput): void {
  if (item.type >= ItemType.firstTravel && input.origin === null)
    throw validationError('origin: required for travel items (type 2-6)');
  const audience = resolveAudience(store, item.tourId, input as VisibilityInput, item.audience);
  checkAudienceMembers(store, item.tourId, audience);
  const attachments = attachmentList({
    attachment: input.attachment ?? undefined,
    attachments: input.attachments ?? undefined,
  });
  if (attachments) checkAttachments(store, 'SCHEDULE_ITEM', item.id, attachments);
  if (input.reminder) checkReminders(store, item.id, input.reminder);
  Object.assign(item, plainFields(input), { audience, travel: travelFields(input, item.travel), updatedAt: nowIso() });
  if (input.tagIds) item.tagIds = knownTags(store, item.tourId, input.tagIds);
  if (input.customFields) item.customFields = inlineCustomFields(store, input.customFields);
  if (input.reminder) writeReminders(store, item.id, input.reminder);
  if (attachments)
    replaceAttachments(
      store,
      { tourId: item.tourId, entityType: 'SCHEDULE_ITEM', entityId: item.id, userId },
      attachments,
    );
}
