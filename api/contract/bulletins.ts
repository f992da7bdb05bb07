/** Bulletins of a tour: list, create (the tour comes from `dayId`), update, delete. */
import { z } from 'zod';
import { fields } from './fields.ts';
import { arrayRows, defineEndpoint, definePagedEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import { noData, pageQuery, personRef } from './shared.ts';

export const bulletin = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string(),
  body: z.string().nullish(),
  is_edited: z.boolean().nullish(),
  is_pinned: z.boolean().nullish(),
  has_notification: z.boolean().nullish(),
  day_id: z.number().nullish(),
  tour_id: z.string().nullish(),
  posted_at: z.string().nullish(),
  is_deleted: z.boolean().nullish(),
  created_by: personRef.nullish(),
});
export type Bulletin = z.output<typeof bulletin>;

/** The tour is resolved from `dayId` (shown). `scheduledFor`: an ISO 8601 date-time; `null` posts now. */
export const createBulletinBody = z.looseObject({
  dayId: fields.id,
  title: z.string().trim().min(1).max(500),
  body: z.string().max(100_000),
  isPinned: z.boolean(),
  hasNotification: z.boolean(),
  scheduledFor: z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 date-time')
    .nullable()
    .optional(),
});
export type CreateBulletinBody = z.input<typeof createBulletinBody>;

export const listBulletins = definePagedEndpoint(Endpoints.listBulletins, {
  query: z.object(pageQuery),
  data: z.array(bulletin),
  page: { rows: arrayRows },
});

export const createBulletin = defineEndpoint(Endpoints.createBulletin, {
  body: createBulletinBody,
  data: z.looseObject({ bulletin_id: z.union([z.string(), z.number()]).transform(String) }),
});

export const updateBulletin = defineEndpoint(Endpoints.updateBulletin, {
  body: createBulletinBody.omit({ dayId: true }).partial(),
  data: noData,
});

export const deleteBulletin = defineEndpoint(Endpoints.deleteBulletin, { data: noData });
