/** Request bodies of schedule item writes. */
import { z } from 'zod';
import { SCHEDULE_BATCH_FIELD } from '../../../api/contract/assumptions.ts';
import { fields, placeSchema } from '../../pipeline/validate.ts';
import { attachmentSchema, inlineCustomFieldsSchema, itemVisibilityShape, lookupId } from '../shared/schemas.ts';

const reminderSchema = z.object({
  id: fields.id.optional(),
  duration: z.number().int().nonnegative().max(10_000_000),
  typeId: lookupId('reminderTypes'),
  description: z.string().max(500).default(''),
});
export type ReminderInput = z.infer<typeof reminderSchema>;

/** Fields shared by create and update (all optional here). */
const itemShape = {
  name: z.string().trim().min(1).max(500),
  notes: z.string().max(100_000).nullable(),
  startTime: fields.timeOfDay,
  startTimeTypeId: lookupId('scheduleItemTimeTypes'),
  timeZoneStart: fields.timeZone,
  endTime: fields.timeOfDay.nullable(),
  endTimeTypeId: lookupId('scheduleItemTimeTypes').nullable(),
  timeZoneEnd: fields.timeZone.nullable(),
  allDay: z.boolean(),
  status: z.boolean(),
  statusTypeId: lookupId('statusTypes').nullable(),
  location: z.string().max(1000).nullable(),
  coordinates: fields.latLng.nullable(),
  itemColorId: lookupId('avatarColors').nullable(),
  reminder: z.array(reminderSchema).max(50),
  attachment: attachmentSchema,
  attachments: z.array(attachmentSchema).max(100),
  origin: placeSchema.nullable(),
  destination: placeSchema.nullable(),
  travelbreaks: z.array(placeSchema).max(50),
  providerName: z.string().max(500).nullable(),
  bookingReference: z.string().max(500).nullable(),
  plateNumber: z.string().max(100).nullable(),
  driverName: z.string().max(200).nullable(),
  traveldistance: z.number().nonnegative().nullable(),
  travelduration: z.number().nonnegative().nullable(),
  traveltype: lookupId('scheduleItemTravelTypes').nullable(),
  isRouteAutoCalculated: z.boolean(),
  googlemaps_uri: z.string().max(2048).nullable(),
  tagIds: z.array(z.number().int()).max(200),
  customFields: inlineCustomFieldsSchema,
};

const optionalItem = z.object(itemShape).partial().extend(itemVisibilityShape);

/** Create body: `tour_id`, `day_id`, `name`, `startTime`, `startTimeTypeId`, `timeZoneStart` required. */
export const createItemSchema = optionalItem.extend({
  tour_id: fields.uuid,
  day_id: fields.id,
  name: itemShape.name,
  startTime: itemShape.startTime,
  startTimeTypeId: itemShape.startTimeTypeId,
  timeZoneStart: itemShape.timeZoneStart,
  type: z.number().int().min(1).max(6).optional(),
});
export type CreateItemInput = z.infer<typeof createItemSchema>;

/**
 * Update body: the create fields except `tour_id`, `day_id` and `type`, all optional. Those
 * three are accepted and ignored (an item cannot change tour, day or kind).
 */
export const updateItemSchema = optionalItem.extend({
  tour_id: z.unknown().optional(),
  day_id: z.unknown().optional(),
  type: z.unknown().optional(),
});
export type UpdateItemInput = z.infer<typeof updateItemSchema>;

/** Batch body: `{ items: [...] }`. */
export const batchSchema = z.object({ [SCHEDULE_BATCH_FIELD]: z.array(z.unknown()).min(1).max(500) });

/** Set-tags body. */
export const setTagsSchema = z.object({ tourId: fields.uuid, tagIds: z.array(fields.id).max(200) });
