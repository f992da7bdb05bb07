/** Venues (tour-scoped, linked to a day): list, read one, create, update, delete. */
import { z } from 'zod';
import { arrayRows, defineEndpoint, definePagedEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import {
  attachmentInput,
  customField,
  customFieldInput,
  dayRef,
  inlineContacts,
  intId,
  intIdResult,
  latLng,
  location,
  lookupRef,
  noData,
  pageQuery,
  uuid,
  visibility,
} from './shared.ts';

export const venue = z.looseObject({
  id: z.number(),
  title: z.string(),
  status: z.boolean().nullish(),
  notes: z.string().nullish(),
  capacity: z.number().nullish(),
  formatted_address: z.string().nullish(),
  city: z.string().nullish(),
  country: z.string().nullish(),
  timezone: z.string().nullish(),
  coordinates: latLng.nullish(),
  venue_type: lookupRef.nullish(),
  venue_category: lookupRef.nullish(),
  day: dayRef.nullish(),
  tour: z.looseObject({ id: z.string(), name: z.string().nullish() }).nullish(),
  is_deleted: z.boolean().nullish(),
  updated_at: z.string().nullish(),
  venueCustomFields: z.array(customField).nullish(),
});
export type Venue = z.output<typeof venue>;

const venueFields = {
  title: z.string().min(1),
  venueCategoryId: z.number(),
  status: z.boolean().optional(),
  statusTypeId: z.number().nullish(),
  capacity: z.number().int().nonnegative().nullish(),
  venueTypeId: z.number().nullish(),
  ageRestrictionId: z.number().nullish(),
  location: location.nullish(),
  notes: z.string().nullish(),
  image: z.string().nullish(),
  attachments: z.array(attachmentInput).optional(),
  visibility_list: z.array(z.string()).optional(),
  customFields: z.array(customFieldInput).optional(),
  ...visibility,
  ...inlineContacts,
};

export const createVenueBody = z.looseObject({ tour_id: uuid, day_id: intId, ...venueFields });
export type CreateVenueBody = z.input<typeof createVenueBody>;

export const updateVenueBody = createVenueBody.omit({ tour_id: true, day_id: true }).partial();
export type UpdateVenueBody = z.input<typeof updateVenueBody>;

export const listVenues = definePagedEndpoint(Endpoints.listVenues, {
  query: z.object(pageQuery),
  data: z.array(venue),
  page: { rows: arrayRows },
});

export const getVenue = defineEndpoint(Endpoints.getVenue, { data: venue });

export const createVenue = defineEndpoint(Endpoints.createVenue, { body: createVenueBody, data: intIdResult });

export const updateVenue = defineEndpoint(Endpoints.updateVenue, { body: updateVenueBody, data: intIdResult });

export const deleteVenue = defineEndpoint(Endpoints.deleteVenue, { data: noData });
