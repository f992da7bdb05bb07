/** Schedule items of a day: list, create (one or a batch), update, delete, restore, confirm-all. */
import { z } from 'zod';
import { arrayRows, defineEndpoint, definePagedEndpoint } from './endpoint.ts';
import { Endpoints, SCHEDULE_BATCH_FIELD } from './assumptions.ts';
import { fields, lookupId, placeSchema } from './fields.ts';
import {
  attachmentInput,
  dayRef,
  idsResult,
  inlineCustomFields,
  latLng,
  lookupRef,
  noData,
  pageQuery,
  personRef,
  viewport,
  visibility,
} from './shared.ts';

/** A reminder on a write; without `description` the API stores an empty one. */
export const reminderInput = z.looseObject({
  id: fields.id.optional(),
  duration: z.number().int().nonnegative().max(10_000_000),
  typeId: lookupId('reminderTypes'),
  description: z.string().max(500).optional(),
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

/** Fields of create and update; `null` clears a field that may be empty. */
const itemFields = {
  name: z.string().trim().min(1).max(500),
  notes: z.string().max(100_000).nullable().optional(),
  startTime: fields.timeOfDay,
  startTimeTypeId: lookupId('scheduleItemTimeTypes'),
  timeZoneStart: fields.timeZone,
  endTime: fields.timeOfDay.nullable().optional(),
  endTimeTypeId: lookupId('scheduleItemTimeTypes').nullable().optional(),
  timeZoneEnd: fields.timeZone.nullable().optional(),
  allDay: z.boolean().optional(),
  status: z.boolean().optional(),
  statusTypeId: lookupId('statusTypes').nullable().optional(),
  location: z.string().max(1000).nullable().optional(),
  coordinates: fields.latLng.nullable().optional(),
  itemColorId: lookupId('avatarColors').nullable().optional(),
  reminder: z.array(reminderInput).max(50).optional(),
  attachment: attachmentInput.optional(),
  attachments: z.array(attachmentInput).max(100).optional(),
  origin: placeSchema.nullable().optional(),
  destination: placeSchema.nullable().optional(),
  travelbreaks: z.array(placeSchema).max(50).optional(),
  providerName: z.string().max(500).nullable().optional(),
  bookingReference: z.string().max(500).nullable().optional(),
  plateNumber: z.string().max(100).nullable().optional(),
  driverName: z.string().max(200).nullable().optional(),
  traveldistance: z.number().nonnegative().nullable().optional(),
  travelduration: z.number().nonnegative().nullable().optional(),
  traveltype: lookupId('scheduleItemTravelTypes').nullable().optional(),
  isRouteAutoCalculated: z.boolean().optional(),
  googlemaps_uri: z.string().max(2048).nullable().optional(),
  /** Lenient on create (shown): unknown or foreign tag IDs are skipped. */
  tagIds: z.array(z.number().int()).max(200).optional(),
  customFields: inlineCustomFields.optional(),
  visibilityList: z.array(fields.uuid).max(1000).optional(),
  /** Invite IDs; the tour members read may give them as strings of digits, sent as numbers. */
  invitesVisibilityList: z
    .array(
      z.union([
        fields.id,
        z
          .string()
          .regex(/^[1-9]\d{0,9}$/, 'must be an invite ID')
          .transform(Number),
      ]),
    )
    .max(1000)
    .optional(),
  ...visibility,
};

export const createScheduleItemBody = z.looseObject({
  tour_id: fields.uuid,
  day_id: fields.id,
  type: z.number().int().min(1).max(6).optional(),
  ...itemFields,
});
export type CreateScheduleItemBody = z.input<typeof createScheduleItemBody>;

type ItemFields = typeof itemFields;
/** The fields `null` clears; the others cannot be cleared. */
const CLEARABLE = new Set(
  Object.keys(itemFields).filter((key) => itemFields[key as keyof ItemFields].safeParse(null).success),
);

/**
 * Update: narrower than create. Every field is optional; `null` clears one that may be empty
 * (an end time, notes, a status type...) and is refused for the others. `tour_id`, `day_id`
 * and `type` cannot change: they are accepted and ignored.
 */
export const updateScheduleItemBody = z
  .looseObject({
    ...(Object.fromEntries(Object.entries(itemFields).map(([key, schema]) => [key, schema.nullish()])) as {
      [K in keyof ItemFields]: z.ZodOptional<z.ZodNullable<ItemFields[K]>>;
    }),
    tour_id: z.unknown().optional(),
    day_id: z.unknown().optional(),
    type: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    for (const [key, value] of Object.entries(body))
      if (value === null && key in itemFields && !CLEARABLE.has(key))
        ctx.addIssue({ code: 'custom', path: [key], message: 'cannot be cleared' });
  });
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
  body: z.object({ [SCHEDULE_BATCH_FIELD]: z.array(createScheduleItemBody).min(1).max(500) }),
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
