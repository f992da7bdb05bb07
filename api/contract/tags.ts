/** Schedule item tags (per tour): list, create, update, delete, usage, and an item's tag set. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { Endpoints } from './assumptions.ts';
import { lookupRef, noData, uuid } from './shared.ts';

export const tag = z.looseObject({
  id: z.number(),
  name: z.string(),
  is_deleted: z.boolean().nullish(),
  created_at: z.string().nullish(),
  color: lookupRef.nullish(),
});
export type Tag = z.output<typeof tag>;

const tagName = z.string().min(1).max(100);

export const listTags = defineEndpoint(Endpoints.listTags, { params: ['tourId'], data: z.array(tag) });

export const createTag = defineEndpoint(Endpoints.createTag, {
  params: ['tourId'],
  body: z.looseObject({ name: tagName, colorId: z.number() }),
  data: tag,
});

export const updateTag = defineEndpoint(Endpoints.updateTag, {
  params: ['tourId', 'tagId'],
  body: z.looseObject({ name: tagName.optional(), colorId: z.number().optional() }),
  data: tag,
});

export const deleteTag = defineEndpoint(Endpoints.deleteTag, { params: ['tourId', 'tagId'], data: noData });

export const getTagUsage = defineEndpoint(Endpoints.getTagUsage, {
  params: ['tourId', 'tagId'],
  data: z.looseObject({ tagId: z.number(), usageCount: z.number() }),
});

/** Replaces the item's whole tag set; `[]` clears it. */
export const setScheduleItemTags = defineEndpoint(Endpoints.setScheduleItemTags, {
  params: ['itemId'],
  body: z.looseObject({ tourId: uuid, tagIds: z.array(z.number()) }),
  data: noData,
});
