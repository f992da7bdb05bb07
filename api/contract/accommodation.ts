/** Accommodation (stays, tour-scoped, may span days): list, read one, create, update, delete. */
import { z } from 'zod';
import { arrayRows, defineEndpoint, definePagedEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import {
  attachmentInput,
  customField,
  customFieldInput,
  idNameResult,
  inlineContacts,
  intId,
  latLng,
  location,
  noData,
  pageQuery,
  uuid,
  visibility,
} from './shared.ts';

export const StayType = { hotel: 'HOTEL', rental: 'RENTAL', residence: 'RESIDENCE' } as const;
export type StayType = (typeof StayType)[keyof typeof StayType];
const stayType = z.enum([StayType.hotel, StayType.rental, StayType.residence]);

/** Epoch milliseconds: full instants for the times, midnight UTC for the dates. */
const epochMs = z.number().int();

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

export const createStayBody = z.looseObject({
  tourId: uuid,
  formatted_address: location,
  checkInDate: epochMs,
  checkOutDate: epochMs,
  checkInTime: epochMs,
  checkOutTime: epochMs,
  reservationStatus: z.boolean(),
  type: stayType,
  title: z.string().optional(),
  subtitle: z.string().nullish(),
  confirmationNumber: z.string().nullish(),
  generalNotes: z.string().nullish(),
  image_url: z.string().nullish(),
  dayId: intId.optional(),
  daysList: z.array(intId).optional(),
  attachments: z.array(attachmentInput).optional(),
  visibilityList: z.array(z.string()).optional(),
  customFields: z.array(customFieldInput).optional(),
  ...visibility,
  ...inlineContacts,
});
export type CreateStayBody = z.input<typeof createStayBody>;

export const updateStayBody = z.looseObject({
  title: z.string().optional(),
  formatted_address: location.optional(),
  checkInDate: epochMs.optional(),
  checkOutDate: epochMs.optional(),
  checkInTime: epochMs.optional(),
  checkOutTime: epochMs.optional(),
  confirmationNumber: z.string().nullish(),
  reservationStatus: z.boolean().optional(),
  generalNotes: z.string().nullish(),
  type: stayType.optional(),
  image_url: z.string().nullish(),
  attachment: attachmentInput.optional(),
  attachments: z.array(attachmentInput).optional(),
  isEveryone: z.boolean().optional(),
  isAdminsOnly: z.boolean().optional(),
  visibilityList: z.array(z.string()).optional(),
});
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
