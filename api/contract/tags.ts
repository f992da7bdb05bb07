/** Schedule item tags (per tour): list, create, update, delete, usage, and an item's tag set. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import { fields, lookupId } from './fields.ts';
import { lookupRef, noData } from './shared.ts';

export const tag = z.looseObject({
  id: z.number(),
  name: z.string(),
  is_deleted: z.boolean().nullish(),
  created_at: z.string().nullish(),
  color: lookupRef.nullish(),
});
export type Tag = z.output<typeof tag>;

const tagName = z.string().trim().min(1).max(100);

export const listTags = defineEndpoint(Endpoints.listTags, { data: z.array(tag) });

export const createTag = defineEndpoint(Endpoints.createTag, {
  body: z.looseObject({ name: tagName, colorId: lookupId('avatarColors') }),
  data: tag,
});

export const updateTag = defineEndpoint(Endpoints.updateTag, {
  body: z.looseObject({ name: tagName.optional(), colorId: lookupId('avatarColors').optional() }),
  data: tag,
});

export const deleteTag = defineEndpoint(Endpoints.deleteTag, { data: noData });

export const getTagUsage = defineEndpoint(Endpoints.getTagUsage, {
  data: z.looseObject({ tagId: z.number(), usageCount: z.number() }),
});

/** Replaces the item's whole tag set; `[]` clears it. */
export const setScheduleItemTags = defineEndpoint(Endpoints.setScheduleItemTags, {
  body: z.looseObject({ tourId: fields.uuid, tagIds: z.array(fields.id).max(200) }),
  data: noData,
});
