/** Schedule item tags: per tour; deleting one removes it from every item for good. */
import type { FastifyInstance } from 'fastify';
import { requireTour } from '../../access.ts';
import type { SandboxContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { defineRoute } from '../../pipeline/route.ts';
import type { TagRecord } from '../../store/records.ts';
import { lookup } from '../../store/reference-data.ts';
import type { Store } from '../../store/store.ts';
import { nowIso } from '../shared/schemas.ts';

/** `{ id, name, color }` (plus `is_deleted`, `created_at` in lists). */
export function tagView(tag: TagRecord): Record<string, unknown> {
  const color = lookup('avatarColors', tag.colorId);
  return {
    id: tag.id,
    name: tag.name,
    color: color ? { ...color } : null,
    is_deleted: false,
    created_at: tag.createdAt,
  };
}

function tourTag(store: Store, tourId: string, tagId: number, userId: string): TagRecord {
  const tour = requireTour(store, tourId, userId);
  const tag = store.tags.get(tagId);
  if (!tag || tag.tourId !== tour.id) throw notFound('Tag');
  return tag;
}

/** Registers the tag endpoints. */
export function registerTagRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  defineRoute(app, ctx, 'listTags', ({ store, caller, params }) => {
    const tour = requireTour(store, params.tourId as string, caller.userId);
    return { data: store.tags.filter((tag) => tag.tourId === tour.id).map(tagView) };
  });

  defineRoute(app, ctx, 'createTag', ({ store, caller, params, input: read }) => {
    const tour = requireTour(store, params.tourId as string, caller.userId);
    const input = read();
    const tag = store.tags.put({
      id: store.nextId('tag'),
      tourId: tour.id,
      name: input.name,
      colorId: input.colorId,
      createdAt: nowIso(),
    });
    const { id, name, color } = tagView(tag);
    return { data: { id, name, color }, message: 'Tag created' };
  });

  defineRoute(app, ctx, 'updateTag', ({ store, caller, params, input: read }) => {
    const tag = tourTag(store, params.tourId as string, params.tagId as number, caller.userId);
    const input = read();
    if (input.name !== undefined) tag.name = input.name;
    if (input.colorId !== undefined) tag.colorId = input.colorId;
    const { id, name, color } = tagView(tag);
    return { data: { id, name, color }, message: 'Tag updated' };
  });

  defineRoute(app, ctx, 'deleteTag', ({ store, caller, params }) => {
    const tag = tourTag(store, params.tourId as string, params.tagId as number, caller.userId);
    for (const item of store.scheduleItems.filter((row) => row.tagIds.includes(tag.id)))
      item.tagIds = item.tagIds.filter((id) => id !== tag.id);
    store.tags.delete(tag.id);
    return { message: 'Tag deleted' };
  });

  defineRoute(app, ctx, 'getTagUsage', ({ store, caller, params }) => {
    const tag = tourTag(store, params.tourId as string, params.tagId as number, caller.userId);
    const usageCount = store.scheduleItems.filter((item) => !item.isDeleted && item.tagIds.includes(tag.id)).length;
    return { data: { tagId: tag.id, usageCount } };
  });
}
