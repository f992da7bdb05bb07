/** Schedule items: the day's list, create, update, batch, delete, restore, confirm-all, tags. */
import type { FastifyInstance } from 'fastify';
import { SCHEDULE_BATCH_FIELD } from '../../../api/contract/assumptions.ts';
import { type ConfirmedItem } from '../../../api/contract/bodies.ts';
import { canSee, requireDay, requireTour, requireVisible, restore, setDeleted } from '../../access.ts';
import type { SandboxContext } from '../../context.ts';
import { notFound, validationError } from '../../errors.ts';
import { paginate, readPaging } from '../../pipeline/pagination.ts';
import { defineRoute, type BodyInput } from '../../pipeline/route.ts';
import { StatusType, idType } from '../../store/reference-data.ts';
import type { Store } from '../../store/store.ts';
import { byStartTime, scheduleItemView } from '../../views/schedule.ts';
import { nowIso } from '../shared/schemas.ts';
import { prepareItem, remindersOf, updateItem } from './item-write.ts';

/** The item behind a path `itemId`, visible to the caller. */
export function visibleItem(store: Store, itemId: number, userId: string, deleted: boolean | 'any' = false) {
  return requireVisible(store, store.scheduleItems.get(itemId), userId, 'Schedule item', { deleted });
}

/** Sets an item's tags: another tour's tag is 400, an unknown tag is 404. */
function setItemTags(store: Store, itemId: number, userId: string, read: () => BodyInput<'setScheduleItemTags'>): void {
  const item = visibleItem(store, itemId, userId);
  const input = read();
  if (input.tourId !== item.tourId) throw validationError('tourId: the item belongs to another tour');
  for (const tagId of input.tagIds) {
    const tag = store.tags.get(tagId);
    if (!tag) throw notFound(`Tag ${tagId}`);
    if (tag.tourId !== item.tourId) throw validationError(`tagIds: tag ${tagId} belongs to another tour`);
  }
  item.tagIds = [...new Set(input.tagIds)];
  item.updatedAt = nowIso();
}

/** Confirms every visible live item of the day that is not confirmed yet. */
function confirmAll(store: Store, tourId: string, dayId: number, userId: string): ConfirmedItem[] {
  const day = requireDay(store, requireTour(store, tourId, userId), dayId);
  const changed = store.scheduleItems.filter(
    (item) =>
      item.dayId === day.id &&
      !item.isDeleted &&
      canSee(item, userId) &&
      (item.statusTypeId !== StatusType.confirmed || !item.status),
  );
  const now = nowIso();
  return changed.sort(byStartTime).map((item) => {
    Object.assign(item, { statusTypeId: StatusType.confirmed, status: true, updatedAt: now });
    return { id: item.id, name: item.name, status: item.status, status_type: idType('statusTypes', item.statusTypeId) };
  });
}

/** Registers the schedule item endpoints. */
export function registerScheduleItemRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  defineRoute(app, ctx, 'listScheduleItems', ({ store, caller, params, query }) => {
    const day = requireDay(store, requireTour(store, params.tourId as string, caller.userId), params.dayId as number);
    const rows = store.scheduleItems.filter((item) => item.dayId === day.id && !item.isDeleted).sort(byStartTime);
    return paginate(
      rows,
      readPaging(query),
      (item) => canSee(item, caller.userId),
      (item) => scheduleItemView(store, item),
      ctx.options.responseCeilingBytes,
    );
  });

  defineRoute(app, ctx, 'createScheduleItem', ({ store, caller, input: read }) => {
    const input = read();
    const item = prepareItem(store, caller.userId, input)();
    return {
      data: input.reminder ? { id: item.id, reminders: remindersOf(store, item.id) } : { id: item.id },
      message: 'Schedule item created',
    };
  });

  defineRoute(app, ctx, 'batchCreateScheduleItems', ({ store, caller, input }) => {
    const inputs = input()[SCHEDULE_BATCH_FIELD];
    if (new Set(inputs.map((input) => input.tour_id)).size > 1)
      throw validationError(`${SCHEDULE_BATCH_FIELD}: every item must belong to the same tour`);
    const writes = inputs.map((input) => prepareItem(store, caller.userId, input));
    return { data: { ids: writes.map((write) => write().id) }, message: 'Schedule items created' };
  });

  defineRoute(app, ctx, 'updateScheduleItem', ({ store, caller, params, input: read }) => {
    const item = visibleItem(store, params.itemId as number, caller.userId);
    const input = read();
    updateItem(store, caller.userId, item, input);
    return {
      data: input.reminder ? { id: item.id, reminders: remindersOf(store, item.id) } : { id: item.id },
      message: 'Schedule item updated',
    };
  });

  defineRoute(app, ctx, 'deleteScheduleItem', ({ store, caller, params }) => {
    const item = visibleItem(store, params.itemId as number, caller.userId);
    setDeleted(item, true);
    return { message: 'Schedule item deleted' };
  });

  defineRoute(app, ctx, 'restoreScheduleItem', ({ store, caller, params }) => {
    const item = visibleItem(store, params.itemId as number, caller.userId, 'any');
    restore(item, 'Schedule item');
    return { message: 'Schedule item restored' };
  });

  defineRoute(app, ctx, 'confirmAllScheduleItems', ({ store, caller, params }) => ({
    data: confirmAll(store, params.tourId as string, params.dayId as number, caller.userId),
  }));

  defineRoute(app, ctx, 'setScheduleItemTags', ({ store, caller, params, input }) => {
    setItemTags(store, params.itemId as number, caller.userId, input);
    return { message: 'Tags updated' };
  });
}
