/** Venues (tour-scoped, linked to a day): list, read one, create, update, delete. */
import { z } from 'zod';
import { arrayRows, defineEndpoint, definePagedEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import { fields, locationSchema, lookupId } from './fields.ts';
import {
  attachmentInput,
  customField,
  dayRef,
  inlineContacts,
  inlineCustomFields,
  intIdResult,
  latLng,
  lookupRef,
  noData,
  pageQuery,
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
  title: z.string().trim().min(1).max(500),
  /** Enforced in practice (shown): a missing or unknown category fails. */
  venueCategoryId: lookupId('venueCategories'),
  status: z.boolean().optional(),
  statusTypeId: lookupId('statusTypes').nullish(),
  capacity: z.number().int().nonnegative().nullish(),
  venueTypeId: lookupId('venueTypes').nullish(),
  ageRestrictionId: lookupId('ageRestrictions').nullish(),
  location: locationSchema.nullish(),
  notes: z.string().max(100_000).nullish(),
  image: z.string().max(2048).nullish(),
  attachments: z.array(attachmentInput).max(100).optional(),
  visibility_list: z.array(fields.uuid).max(1000).optional(),
  customFields: inlineCustomFields.optional(),
  ...visibility,
  ...inlineContacts,
};

export const createVenueBody = z.looseObject({ tour_id: fields.uuid, day_id: fields.id, ...venueFields });
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
