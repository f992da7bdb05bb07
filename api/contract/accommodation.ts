/** Accommodation (stays, tour-scoped, may span days): list, read one, create, update, delete. */
import { z } from 'zod';
import { arrayRows, defineEndpoint, definePagedEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import { fields, locationSchema } from './fields.ts';
import {
  attachmentInput,
  customField,
  idNameResult,
  inlineContacts,
  inlineCustomFields,
  latLng,
  noData,
  pageQuery,
  visibility,
} from './shared.ts';

export const StayType = { hotel: 'HOTEL', rental: 'RENTAL', residence: 'RESIDENCE' } as const;
export type StayType = (typeof StayType)[keyof typeof StayType];
const stayType = z.enum([StayType.hotel, StayType.rental, StayType.residence]);

/** Epoch milliseconds: full instants for the times, midnight UTC for the dates. */
const epochMs = fields.epochMs;

export const stay = z.looseObject({
  id: z.number(),
  title: z.string().nullish(),
  subtitle: z.string().nullish(),
  is_confirmed: z.boolean().nullish(),
  notes: z.string().nullish(),
  type: z.string().nullish(),
  timezone: z.string().nullish(),
  city: z.string().nullish(),
  country: z.string().nullish(),
  check_in_date_time: z.string().nullish(),
  check_out_date_time: z.string().nullish(),
  booking_number: z.string().nullish(),
  coordinates: latLng.nullish(),
  day_id: z.number().nullish(),
  day_id_list: z.array(z.number()).nullish(),
  is_deleted: z.boolean().nullish(),
  updated_at: z.string().nullish(),
  customFields: z.array(customField).nullish(),
});
export type Stay = z.output<typeof stay>;

/** The edit fields (shown); `explicitVisibility` as on creates (the visibility rules apply to updates too). */
const stayEditFields = {
  title: z.string().trim().min(1).max(500).optional(),
  formatted_address: locationSchema.optional(),
  checkInDate: epochMs.optional(),
  checkOutDate: epochMs.optional(),
  checkInTime: epochMs.optional(),
  checkOutTime: epochMs.optional(),
  confirmationNumber: z.string().max(200).nullish(),
  reservationStatus: z.boolean().optional(),
  generalNotes: z.string().max(100_000).nullish(),
  type: stayType.optional(),
  image_url: z.string().max(2048).nullish(),
  attachment: attachmentInput.optional(),
  attachments: z.array(attachmentInput).max(100).optional(),
  visibilityList: z.array(fields.uuid).max(1000).optional(),
  ...visibility,
};

export const createStayBody = z.looseObject({
  ...stayEditFields,
  ...inlineContacts,
  tourId: fields.uuid,
  formatted_address: locationSchema,
  checkInDate: epochMs,
  checkOutDate: epochMs,
  checkInTime: epochMs,
  checkOutTime: epochMs,
  reservationStatus: z.boolean(),
  type: stayType,
  subtitle: z.string().max(500).nullish(),
  dayId: fields.id.optional(),
  daysList: z.array(fields.id).max(400).optional(),
  customFields: inlineCustomFields.optional(),
});
export type CreateStayBody = z.input<typeof createStayBody>;

/** Edit body (narrower); `tourId`, `subtitle`, `dayId`, `daysList` are accepted and ignored (shown). */
export const updateStayBody = z.looseObject(stayEditFields);
export type UpdateStayBody = z.input<typeof updateStayBody>;

export const listAccommodation = definePagedEndpoint(Endpoints.listAccommodation, {
  query: z.object(pageQuery),
  data: z.array(stay),
  page: { rows: arrayRows },
});

export const getAccommodation = defineEndpoint(Endpoints.getAccommodation, { data: stay });

export const createAccommodation = defineEndpoint(Endpoints.createAccommodation, {
  body: createStayBody,
  data: idNameResult,
});

export const updateAccommodation = defineEndpoint(Endpoints.updateAccommodation, {
  body: updateStayBody,
  data: idNameResult,
});

export const deleteAccommodation = defineEndpoint(Endpoints.deleteAccommodation, { data: noData });
