/**
 * Guest list of a day: list, create, edit, delete, restore, requesters, approved total, day
 * configuration and the all-or-nothing bulk status change.
 */
import { z } from 'zod';
import { arrayRows, defineEndpoint, definePagedEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import { guestlistDayConfigBody, guestlistStatusBody } from './bodies.ts';
import { fields, lookupId } from './fields.ts';
import { dayRef, intIdResult, lookupRef, noData, pageQuery } from './shared.ts';

/** The fixed subset the list returns (no passes, pickup method, venue). */
export const guestEntry = z.looseObject({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullish(),
  affiliation: z.string().nullish(),
  numberOfGuests: z.number(),
  notes: z.string().nullish(),
  status: lookupRef.nullish(),
  day: dayRef.nullish(),
  is_deleted: z.boolean().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type GuestEntry = z.output<typeof guestEntry>;

/** `{ passId, count }`: a pass type configured for the tour, and how many (at least one). */
export const passAllocation = z.looseObject({ passId: fields.id, count: z.number().int().min(1).max(10_000) });

const optionalText = (max: number) => z.string().max(max).nullable().optional();

/** The edit body: the fields that stay required on edits, and the optional ones. */
const guestFields = {
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  numberOfGuests: z.number().int().min(1).max(10_000),
  pickupMethodId: lookupId('pickupMethods'),
  statusId: lookupId('guestlistStatuses'),
  passes: z.array(passAllocation).max(50),
  email: optionalText(320),
  affiliation: optionalText(500),
  notes: optionalText(10_000),
  requesterId: fields.uuid.nullable().optional(),
  venueId: fields.id.nullable().optional(),
};

export const createGuestBody = z.looseObject({
  tour_id: fields.uuid,
  day_id: fields.id,
  avatarColorId: lookupId('avatarColors').nullable().optional(),
  ...guestFields,
});
export type CreateGuestBody = z.input<typeof createGuestBody>;

export const updateGuestBody = z.looseObject(guestFields);
export type UpdateGuestBody = z.input<typeof updateGuestBody>;

export const requester = z.looseObject({
  id: z.string(),
  firstname: z.string().nullish(),
  lastname: z.string().nullish(),
});

export const approvedTotal = z.looseObject({
  tourId: z.string().nullish(),
  dayId: z.number().nullish(),
  approvedGuests: z.number(),
  approvedEntries: z.number().nullish(),
});

export const dayConfig = z.looseObject({
  dayCap: z.number().nullish(),
  locked: z.boolean().nullish(),
  cutoffAt: z.string().nullish(),
  venueId: z.number().nullish(),
  passCaps: z.array(z.looseObject({ passId: z.number(), cap: z.number() })).nullish(),
});

export const listGuestlist = definePagedEndpoint(Endpoints.listGuestlist, {
  query: z.object(pageQuery),
  data: z.array(guestEntry),
  page: { rows: arrayRows },
});

export const createGuest = defineEndpoint(Endpoints.createGuest, { body: createGuestBody, data: intIdResult });

export const updateGuest = defineEndpoint(Endpoints.updateGuest, { body: updateGuestBody, data: intIdResult });

export const deleteGuest = defineEndpoint(Endpoints.deleteGuest, { data: noData });

export const restoreGuest = defineEndpoint(Endpoints.restoreGuest, { data: noData });

export const listRequesters = defineEndpoint(Endpoints.listRequesters, { data: z.array(requester) });

/** Sum of the party sizes of approved entries, not a row count. */
export const getGuestlistApprovedTotal = defineEndpoint(Endpoints.getGuestlistApprovedTotal, {
  data: approvedTotal,
});

export const getGuestlistDayConfig = defineEndpoint(Endpoints.getGuestlistDayConfig, { data: dayConfig });

export const updateGuestlistDayConfig = defineEndpoint(Endpoints.updateGuestlistDayConfig, {
  body: guestlistDayConfigBody,
  data: z.unknown(),
});

/** All-or-nothing across the batch. */
export const updateGuestlistStatuses = defineEndpoint(Endpoints.updateGuestlistStatuses, {
  body: guestlistStatusBody,
  data: z.unknown(),
});
