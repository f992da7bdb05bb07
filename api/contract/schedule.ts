/** Schedule items of a day: list, create (one or a batch), update, delete, restore, confirm-all. */
import { z } from 'zod';
import { arrayRows, defineEndpoint, definePagedEndpoint } from './endpoint.ts';
import { Endpoints, SCHEDULE_BATCH_FIELD } from './assumptions.ts';
import {
  attachmentInput,
  customFieldInput,
  dayRef,
  idsResult,
  intId,
  latLng,
  lookupRef,
  noData,
  pageQuery,
  personRef,
  place,
  uuid,
  viewport,
  visibility,
} from './shared.ts';

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:mm (24-hour time of day)');

export const reminderInput = z.looseObject({
  id: intId.optional(),
  duration: z.number(),
  typeId: z.number(),
  description: z.string().optional(),
});

export const reminder = z.looseObject({
  id: z.number(),
  description: z.string().nullish(),
  duration: z.number().nullish(),
  is_sent: z.boolean().nullish(),
});

/** A travel place as the list read shows it: a field it lacks is null. */
const placeRead = z.looseObject({
  formatted_address: z.string().nullish(),
  viewport: viewport.nullish(),
  timeZone: z.string().nullish(),
});

export const scheduleItem = z.looseObject({
  id: z.number(),
  name: z.string(),
  notes: z.string().nullish(),
  start_time: z.string().nullish(),
  end_time: z.string().nullish(),
  allDay: z.boolean().nullish(),
  status: z.boolean().nullish(),
  formatted_address: z.string().nullish(),
  timezone_start: z.string().nullish(),
  timezone_end: z.string().nullish(),
  location_coordinates: latLng.nullish(),
  start_time_type: lookupRef.nullish(),
  end_time_type: lookupRef.nullish(),
  item_type: lookupRef.nullish(),
  item_color: lookupRef.nullish(),
  status_type: lookupRef.nullish(),
  created_by: personRef.nullish(),
  day: dayRef.nullish(),
  origin: placeRead.nullish(),
  destination: placeRead.nullish(),
  providerName: z.string().nullish(),
  bookingReference: z.string().nullish(),
  itemReminder: z.array(z.looseObject({ reminder })).nullish(),
  schedule_item_tags: z.array(z.looseObject({ tag: z.looseObject({ id: z.number(), name: z.string() }) })).nullish(),
  is_deleted: z.boolean().nullish(),
  updated_at: z.string().nullish(),
});
export type ScheduleItem = z.output<typeof scheduleItem>;

const itemFields = {
  name: z.string().min(1),
  startTime: timeOfDay,
  startTimeTypeId: z.number(),
  timeZoneStart: z.string().min(1),
  endTime: timeOfDay.optional(),
  endTimeTypeId: z.number().optional(),
  timeZoneEnd: z.string().optional(),
  allDay: z.boolean().optional(),
  status: z.boolean().optional(),
  statusTypeId: z.number().optional(),
  location: z.string().optional(),
  coordinates: latLng.optional(),
  notes: z.string().optional(),
  itemColorId: z.number().optional(),
  type: z.number().int().min(1).max(6).optional(),
  reminder: z.array(reminderInput).optional(),
  attachment: attachmentInput.optional(),
  attachments: z.array(attachmentInput).optional(),
  origin: place.optional(),
  destination: place.optional(),
  travelbreaks: z.array(place).optional(),
  tagIds: z.array(z.number()).optional(),
  customFields: z.array(customFieldInput).optional(),
  visibilityList: z.array(z.string()).optional(),
  invitesVisibilityList: z.array(z.union([z.number(), z.string()])).optional(),
  ...visibility,
};

export const createScheduleItemBody = z.looseObject({ tour_id: uuid, day_id: intId, ...itemFields });
export type CreateScheduleItemBody = z.input<typeof createScheduleItemBody>;

/**
 * Update: narrower than create; `tour_id` and `type` cannot change. Every field is optional and
 * may be null (to clear it); fields the contract leaves "not shown" pass through.
 */
export const updateScheduleItemBody = z.looseObject(
  Object.fromEntries(
    Object.entries(itemFields)
      .filter(([key]) => key !== 'type')
      .map(([key, schema]) => [key, schema.nullish()]),
  ) as {
    [K in Exclude<keyof typeof itemFields, 'type'>]: z.ZodOptional<z.ZodNullable<(typeof itemFields)[K]>>;
  },
);
export type UpdateScheduleItemBody = z.input<typeof updateScheduleItemBody>;

const writeResult = z.looseObject({ id: z.number(), reminders: z.array(reminder).optional() });

export const listScheduleItems = definePagedEndpoint(Endpoints.listScheduleItems, {
  query: z.object(pageQuery),
  data: z.array(scheduleItem),
  page: { rows: arrayRows },
});

export const createScheduleItem = defineEndpoint(Endpoints.createScheduleItem, {
  body: createScheduleItemBody,
  data: writeResult,
});

export const updateScheduleItem = defineEndpoint(Endpoints.updateScheduleItem, {
  body: updateScheduleItemBody,
  data: writeResult,
});

export const batchCreateScheduleItems = defineEndpoint(Endpoints.batchCreateScheduleItems, {
  body: z.object({ [SCHEDULE_BATCH_FIELD]: z.array(createScheduleItemBody).min(1) }),
  data: idsResult,
});

export const deleteScheduleItem = defineEndpoint(Endpoints.deleteScheduleItem, { data: noData });

export const restoreScheduleItem = defineEndpoint(Endpoints.restoreScheduleItem, { data: noData });

export const confirmedItem = z.looseObject({
  id: z.number(),
  name: z.string().nullish(),
  status: z.boolean().nullish(),
  status_type: lookupRef.nullish(),
});

export const confirmAllScheduleItems = defineEndpoint(Endpoints.confirmAllScheduleItems, {
  data: z.array(confirmedItem),
});
