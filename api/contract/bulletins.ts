/** Bulletins of a tour: list, create (the tour comes from `dayId`), update, delete. */
import { z } from 'zod';
import { arrayRows, defineEndpoint, definePagedEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import { intId, noData, pageQuery, personRef } from './shared.ts';

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

export const createBulletinBody = z.looseObject({
  dayId: intId,
  title: z.string().min(1),
  body: z.string(),
  isPinned: z.boolean(),
  hasNotification: z.boolean(),
  scheduledFor: z.string().optional(),
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
