/**
 * `schedule.item.update` and the write-backs that undo item changes: name, status, the plain
 * fields (`schedule-fields.ts`) and tags as they were (attachments removed for good stay
 * removed: the API cannot restore them).
 */
import { scheduleItemUpdateArgs, type ScheduleItemUpdateArgs } from './catalogue.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { FileEntityType } from '../../api/contract/bodies.ts';
import { listFiles, type FileListItem } from '../../api/contract/files.ts';
import { updateScheduleItem, type ScheduleItem, type UpdateScheduleItemBody } from '../../api/contract/schedule.ts';
import type { ActionContext, ActionHandler, UndoHandler } from '../../activities/action.ts';
import { itemIdOf, itemOf } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { isRetry } from '../../activities/actions/attempts.ts';
import { ignoreGone, parseArgs, stepError } from '../../activities/actions/common.ts';
import { mapLimited } from '../../activities/actions/concurrency.ts';
import { putBackTags, resolveTagIds, tourCache, UNDO_CONCURRENCY } from '../../activities/actions/schedule-items.ts';
import { resolveDay, zoneOf, type TourDay, type TourView } from '../../activities/actions/tour-days.ts';
import { fieldChanges, fieldsBefore } from '../../activities/actions/schedule-fields.ts';
import { alreadySo, nothingWritten } from '../../activities/actions/step-support.ts';
import { updatePlan, type CallPlan } from '../../activities/plan-call.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** An item's status as it was: `status` and the status type (null when it had none). */
export interface ItemStatus {
  id: number;
  status: boolean;
  statusTypeId: number | null;
}

/** The undo that sets items back to their previous status. */
export function scheduleStatusUndo(items: ItemStatus[], describe: string): UndoRecord {
  return {
    activity: 'scheduleItemsStatusWriteBack',
    args: { items: items as unknown as JsonObject[] },
    describe,
    record: { resource: 'scheduleItem', id: items.map((item) => item.id).join(',') },
  };
}

/**
 * The item's attachment set without the removed ones. An update carrying `attachments` replaces
 * the whole set, so the kept ones are listed (with their ID and link) and the removed ones marked
 * `deleted`; the links come from the tour's file listing.
 */
async function attachmentsWithout(ctx: ActionContext, args: ScheduleItemUpdateArgs & { itemId: number }, day: TourDay) {
  const files: FileListItem[] = [];
  const query = { entityTypes: [FileEntityType.scheduleItem], dayId: day.id };
  for await (const file of ctx.client.paginate(listFiles, {
    params: { tourId: args.tourId },
    query,
    signal: ctx.signal,
  })) {
    if (file.entityId === args.itemId) files.push(file);
  }
  const remove = new Set(args.removeAttachments ?? []);
  const unknown = [...remove].filter((id) => !files.some((file) => Number(file.fileId) === id));
  // On a repeated attempt a missing attachment is one the earlier attempt removed.
  if (unknown.length > 0 && !isRetry()) {
    const known = files.map((file) => String(file.fileId)).join(', ') || 'none';
    throw stepError(
      `Schedule item ${args.itemId} has no attachment ${unknown.join(', ')}; its attachments are: ${known}.`,
      FailureType.UNKNOWN_ATTACHMENT,
    );
  }
  return files.map((file) => ({
    id: Number(file.fileId),
    link: file.key,
    ...(remove.has(Number(file.fileId)) ? { deleted: true } : {}),
  }));
}

/** The body with its tags in order, and the item's values under the body's names, tags in order too: what an update compares. */
function comparable(
  item: ScheduleItem,
  body: UpdateScheduleItemBody,
): { body: UpdateScheduleItemBody; before: Record<string, unknown> } {
  const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
  const tagIds = sorted((item.schedule_item_tags ?? []).map((entry) => entry.tag.id));
  const before = { ...fieldsBefore(item, body), name: item.name, status: item.status ?? false, tagIds };
  return { body: { ...body, ...(body.tagIds ? { tagIds: sorted(body.tagIds) } : {}) }, before };
}

type ItemUpdateArgs = ScheduleItemUpdateArgs & { itemId: number };

/** The update's body: its fields, name, status and tags, and the kept attachments when some are removed. */
async function updateBody(
  ctx: ActionContext,
  args: ItemUpdateArgs,
  cache: ReturnType<typeof tourCache>,
  tour: TourView,
  day: TourDay,
): Promise<UpdateScheduleItemBody> {
  return {
    ...(await fieldChanges(ctx, args, zoneOf(tour, day))),
    ...(args.name !== undefined ? { name: args.name } : {}),
    ...(args.confirmed !== undefined ? { status: args.confirmed } : {}),
    ...(args.tags !== undefined ? { tagIds: await resolveTagIds(cache, args.tags) } : {}),
    ...(args.removeAttachments?.length ? { attachments: await attachmentsWithout(ctx, args, day) } : {}),
  };
}

async function scheduleItemUpdate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const parsed = parseArgs(call.action, scheduleItemUpdateArgs, call.args);
  const cache = tourCache(ctx, parsed.tourId);
  const tour = await cache.tour();
  const day = resolveDay(tour, parsed.day);
  const args = { ...parsed, itemId: await itemIdOf(ctx, parsed.tourId, day, parsed) };
  const body = await updateBody(ctx, args, cache, tour, day);
  const changed = Object.keys(body);
  const compared =
    changed.length > 0 && !body.attachments ? comparable(await itemOf(ctx, args.tourId, day, args), body) : undefined;
  const same = compared !== undefined && alreadySo(compared.body, compared.before);
  if (changed.length > 0 && !same)
    await ctx.client.call(updateScheduleItem, { params: { itemId: args.itemId }, body, signal: ctx.signal });
  const text = same
    ? `schedule item ${args.itemId} on ${day.date} already so (${changed.join(', ')}): nothing written`
    : changed.length > 0
      ? `updated schedule item ${args.itemId} on ${day.date} (${changed.join(', ')})`
      : `nothing to change on schedule item ${args.itemId}`;
  return {
    output: { id: args.itemId },
    undo: [],
    ...(same ? nothingWritten() : {}),
    tourId: args.tourId,
    describe: text,
  };
}

/** What schedule.item.update would change, field by field (`plan --live`); removed attachments are listed by the IDs kept. */
async function scheduleItemUpdatePlan(call: StepCall, ctx: ActionContext): Promise<CallPlan> {
  const parsed = parseArgs(call.action, scheduleItemUpdateArgs, call.args);
  const cache = tourCache(ctx, parsed.tourId);
  const tour = await cache.tour();
  const day = resolveDay(tour, parsed.day);
  const item = await itemOf(ctx, parsed.tourId, day, parsed);
  const { body, before } = comparable(item, await updateBody(ctx, { ...parsed, itemId: item.id }, cache, tour, day));
  return updatePlan(`schedule item ${item.name} (${item.id}) on ${day.date}`, body, before, { id: item.id });
}

async function scheduleItemUpdatePrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const args = parseArgs(call.action, scheduleItemUpdateArgs, call.args);
  const tour = await tourCache(ctx, args.tourId).tour();
  const day = resolveDay(tour, args.day);
  const changes = await fieldChanges(ctx, args, zoneOf(tour, day));
  if (
    args.name === undefined &&
    args.confirmed === undefined &&
    args.tags === undefined &&
    Object.keys(changes).length === 0
  )
    return [];
  const item = await itemOf(ctx, args.tourId, day, args);
  const saved: JsonObject = {
    itemId: item.id,
    tourId: args.tourId,
    fields: fieldsBefore(item, changes) as JsonObject,
    ...(args.name !== undefined ? { name: item.name } : {}),
    ...(args.confirmed !== undefined
      ? { status: item.status ?? false, statusTypeId: item.status_type?.id ?? null }
      : {}),
    ...(args.tags !== undefined ? { tagIds: (item.schedule_item_tags ?? []).map((entry) => entry.tag.id) } : {}),
  };
  return [
    {
      activity: 'scheduleItemWriteBack',
      args: saved,
      describe: `put back schedule item ${item.id} as it was ("${item.name}")`,
      record: { resource: 'scheduleItem', id: item.id, label: item.name },
    },
  ];
}

export const scheduleItemUpdateHandler: ActionHandler = {
  run: scheduleItemUpdate,
  prepare: scheduleItemUpdatePrepare,
  plan: scheduleItemUpdatePlan,
};

function statusBody(status: unknown, statusTypeId: unknown): UpdateScheduleItemBody {
  return {
    ...(typeof status === 'boolean' ? { status } : {}),
    // null clears a status type the item did not have before
    ...(typeof statusTypeId === 'number' || statusTypeId === null ? { statusTypeId } : {}),
  };
}

/** Undo activities of item updates. */
export const scheduleUpdateUndo = {
  scheduleItemWriteBack: async (args, ctx) => {
    const itemId = Number(args.itemId);
    const body: UpdateScheduleItemBody = {
      ...(args.fields as UpdateScheduleItemBody | undefined),
      ...(typeof args.name === 'string' ? { name: args.name } : {}),
      ...statusBody(args.status, args.statusTypeId),
    };
    if (Object.keys(body).length > 0)
      await ignoreGone(() => ctx.client.call(updateScheduleItem, { params: { itemId }, body, signal: ctx.signal }));
    if (Array.isArray(args.tagIds)) await putBackTags(ctx, String(args.tourId), itemId, args.tagIds as number[]);
  },
  scheduleItemsStatusWriteBack: async (args, ctx) => {
    await mapLimited((args.items ?? []) as unknown as ItemStatus[], UNDO_CONCURRENCY, (item) =>
      ignoreGone(() =>
        ctx.client.call(updateScheduleItem, {
          params: { itemId: item.id },
          body: statusBody(item.status, item.statusTypeId),
          signal: ctx.signal,
        }),
      ),
    );
  },
} satisfies Record<string, UndoHandler>;
