/** Tours: list, create, edit (including the declarative `day_list`), delete, members, whole-tour read. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { Endpoints, TOUR_DATA_LIMIT, TourDataLimitParam } from './assumptions.ts';
import { fields, lookupId, viewportSchema } from './fields.ts';
import { intId, lookupRef, noData } from './shared.ts';

const tourDayRef = z.looseObject({
  id: z.number(),
  day: z
    .looseObject({
      id: z.number(),
      name: z.string().nullish(),
      date: z.string().nullish(),
      time_zone: z.string().nullish(),
    })
    .nullish(),
});

export const tourMembership = z.looseObject({
  role: z.unknown().optional(),
  member_count: z.number().nullish(),
  tour: z.looseObject({
    id: z.string(),
    name: z.string(),
    image: z.string().nullish(),
    start_date: z.string().nullish(),
    end_date: z.string().nullish(),
    is_archived: z.boolean().nullish(),
    is_deleted: z.boolean().nullish(),
    tourDays: z.array(tourDayRef).default([]),
  }),
});
export type TourMembership = z.output<typeof tourMembership>;

export const tourMembers = z.looseObject({
  tour_users: z.array(
    z.looseObject({
      id: z.union([z.string(), z.number()]),
      user: z.looseObject({
        id: z.string(),
        firstname: z.string().nullish(),
        lastname: z.string().nullish(),
        email: z.string().nullish(),
      }),
      user_role_type: z.looseObject({ id: z.number(), name: z.string().nullish() }).nullish(),
    }),
  ),
  pending_invites: z
    .array(z.looseObject({ id: z.union([z.string(), z.number()]), email: z.string().nullish() }))
    .default([]),
});
export type TourMembers = z.output<typeof tourMembers>;

export const dayType = z.looseObject({ id: z.number(), type: z.string(), description: z.string().nullish() });
export type DayType = z.output<typeof dayType>;

const tourName = z.string().trim().min(1).max(500);

const dayFields = {
  day_type_id: lookupId('dayTypes'),
  name: z.string().trim().min(1).max(500),
  formatted_address: z.string().max(1000),
  date: fields.isoDate,
  place_id: z.string().max(500).optional(),
  timeZone: fields.timeZone.optional(),
  viewport: viewportSchema.optional(),
};

/** A day entry of tour creation, and of a `day_list` entry without `day_id`. */
export const dayEntry = z.looseObject(dayFields);

/** `end_date` >= `start_date` (shown) is checked by the API against the stored dates on edits. */
export const createTourBody = z.looseObject({
  name: tourName,
  org_id: fields.uuid,
  start_date: fields.isoDate,
  end_date: fields.isoDate,
  timeZone: fields.timeZone,
  days: z.array(dayEntry).min(1),
  /** No limit of its own (none is shown): the 512 KB body limit applies. */
  image: z.string().optional(),
  fileName: z.string().max(500).optional(),
  avatarColor: z.string().max(50).optional(),
  avatarColorId: lookupId('avatarColors').optional(),
  is_demo: z.boolean().optional(),
});
export type CreateTourBody = z.input<typeof createTourBody>;

/** A `day_list` entry: with `day_id` it updates that day, without it creates one (all day fields then required). */
export const dayListEntry = z.looseObject({ day_id: fields.id.optional(), ...z.object(dayFields).partial().shape });

export const updateTourBody = z.looseObject({
  name: tourName.optional(),
  start_date: fields.isoDate.optional(),
  end_date: fields.isoDate.optional(),
  timeZone: fields.timeZone.optional(),
  image: z.string().optional(),
  fileName: z.string().max(500).optional(),
  avatarColorId: lookupId('avatarColors').optional(),
  /** Declarative: every existing day missing from the list is hard-deleted with its content. */
  day_list: z.array(dayListEntry).optional(),
});
export type UpdateTourBody = z.input<typeof updateTourBody>;

/** One day of the whole-tour read; fields the day lacks are explicit nulls. */
export const tourDataDay = z.looseObject({
  id: z.number(),
  name: z.string().nullable(),
  date: z.string().nullable(),
  time_zone: z.string().nullable(),
  type_id: lookupRef.nullable(),
  truncated: z.boolean().nullish(),
});

export const tourData = z.looseObject({
  tour: z.looseObject({ id: z.string(), name: z.string().nullish(), time_zone: z.string().nullish() }).optional(),
  days: z.array(tourDataDay),
});
export type TourData = z.output<typeof tourData>;

const tourDataLimit = z.number().int().positive().max(TOUR_DATA_LIMIT.max).optional();

export const tourDataQuery = z.object({
  dayIds: z.array(intId).optional(),
  skipEmptyDays: z.boolean().optional(),
  [TourDataLimitParam.schedule]: tourDataLimit,
  [TourDataLimitParam.venues]: tourDataLimit,
  [TourDataLimitParam.accommodation]: tourDataLimit,
  [TourDataLimitParam.guestlist]: tourDataLimit,
  [TourDataLimitParam.bulletins]: tourDataLimit,
});

export const listTours = defineEndpoint(Endpoints.listTours, {
  query: z.object({ org_id: fields.uuid }),
  data: z.array(tourMembership),
});

export const createTour = defineEndpoint(Endpoints.createTour, {
  body: createTourBody,
  data: z.looseObject({ id: z.string() }),
});

export const updateTour = defineEndpoint(Endpoints.updateTour, { body: updateTourBody, data: noData });

export const deleteTour = defineEndpoint(Endpoints.deleteTour, { data: noData });

export const listTourUsers = defineEndpoint(Endpoints.listTourUsers, { data: tourMembers });

export const listDayTypes = defineEndpoint(Endpoints.listDayTypes, { data: z.array(dayType) });

export const getTourData = defineEndpoint(Endpoints.getTourData, { query: tourDataQuery, data: tourData });
