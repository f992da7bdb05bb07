/**
 * The worker's handlers of the schedule item actions (catalogue in `catalogue.ts`): create one or a
 * batch, delete (undo: restore), restore (undo: delete again), confirm a whole day (undo: each
 * item's status back), and the undo handlers their records name. `schedule.item.list` is in
 * `list-handlers.ts`, `schedule.item.update` in `update-handlers.ts`, an item's tags in
 * `tag-handlers.ts` and `tag-change-handlers.ts`; `scheduleItemActions` below serves them all.
 */
import {
  scheduleConfirmAllArgs,
  scheduleItemCreateArgs,
  scheduleItemDeleteArgs,
  scheduleItemsCreateArgs,
  scheduleItemRestore,
  type ScheduleItemDeleteArgs,
} from './catalogue.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import {
  batchCreateScheduleItems,
  confirmAllScheduleItems,
  createScheduleItem,
  deleteScheduleItem,
  restoreScheduleItem,
  type CreateScheduleItemBody,
} from '../../api/contract/schedule.ts';
import { ApiError } from '../../api/client/index.ts';
import { PartialFailure, type ActionContext, type ActionModule, type UndoHandler } from '../../activities/action.ts';
import { itemIdOf, readItemsOfDay } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { isRetry } from '../../activities/actions/attempts.ts';
import { byIdHandler } from '../../activities/actions/by-id.ts';
import { deleteOnce, ignoreGone, isGone, parseArgs } from '../../activities/actions/common.ts';
import { mapLimited } from '../../activities/actions/concurrency.ts';
import { deleteItemsUndo, itemBody, tourCache, UNDO_CONCURRENCY } from '../../activities/actions/schedule-items.ts';
import { scheduleListHandlers } from './list-handlers.ts';
import { itemTagHandlers, itemTagUndo } from './tag-handlers.ts';
import { scheduleItemUpdateHandler, scheduleStatusUndo, scheduleUpdateUndo } from './update-handlers.ts';
import { lookupTour, resolveDay } from '../../activities/actions/tour-days.ts';

/** Items per batch request, and the body size a batch stays under (the API takes 512 KB). */
export const BATCH_ITEMS = 200;
export const BATCH_BYTES = 400_000;

/** Splits bodies into batches by count and size; the same input always gives the same batches. */
export function batches<T>(bodies: T[], maxItems = BATCH_ITEMS, maxBytes = BATCH_BYTES): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const body of bodies) {
    const size = JSON.stringify(body).length + 1;
    if (current.length > 0 && (current.length >= maxItems || bytes + size > maxBytes)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(body);
    bytes += size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

async function scheduleItemCreate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, scheduleItemCreateArgs, call.args);
  const cache = tourCache(ctx, args.tourId);
  const body = await itemBody(ctx, cache, args);
  const { id } = await ctx.client.call(createScheduleItem, { body, idempotencyKey: ctx.key(), signal: ctx.signal });
  const date = resolveDay(await cache.tour(), args.day).date;
  return {
    output: { id, dayId: body.day_id },
    undo: [deleteItemsUndo([id], `${args.name} on ${date}`)],
    tourId: args.tourId,
    describe: `created schedule item ${id} "${args.name}" on ${date} at ${args.start}`,
  };
}

async function createBatches(
  ctx: ActionContext,
  bodies: CreateScheduleItemBody[],
): Promise<{ ids: number[]; undo: UndoRecord[] }> {
  const ids: number[] = [];
  const undo: UndoRecord[] = [];
  for (const [index, batch] of batches(bodies).entries()) {
    try {
      // Batch n always holds the same items, so its key `:n` names the same write on every attempt.
      const result = await ctx.client.call(batchCreateScheduleItems, {
        body: { items: batch },
        idempotencyKey: ctx.key(index + 1),
        signal: ctx.signal,
      });
      ids.push(...result.ids);
      undo.push(deleteItemsUndo(result.ids, `batch ${index + 1}`));
    } catch (error) {
      if (undo.length > 0) throw new PartialFailure(error, undo);
      throw error;
    }
  }
  return { ids, undo };
}

async function scheduleItemsCreate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, scheduleItemsCreateArgs, call.args);
  const cache = tourCache(ctx, args.tourId);
  const bodies: CreateScheduleItemBody[] = [];
  for (const spec of args.items) bodies.push(await itemBody(ctx, cache, spec));
  const { ids, undo } = await createBatches(ctx, bodies);
  const days = new Set(bodies.map((body) => body.day_id)).size;
  return {
    output: { ids, count: ids.length },
    undo,
    tourId: args.tourId,
    describe: `created ${ids.length} schedule items on ${days} day(s)`,
  };
}

/**
 * The catalogue runs the batch as a bulk step, whose undo is prepared before the call: replaying
 * the call with the same keys (the API answers with the original IDs) and deleting what it returns.
 */
async function scheduleItemsCreatePrepare(call: StepCall): Promise<UndoRecord[]> {
  const count = Array.isArray((call.args as JsonObject | null)?.items)
    ? ((call.args as JsonObject).items as unknown[]).length
    : 0;
  return [
    {
      activity: 'replayAndUndo',
      args: { call },
      describe: `delete the ${count} schedule items of step ${call.stepId}`,
    },
  ];
}

/**
 * The item a delete names: by ID, or by its day and name. On a retry a name that matches nothing
 * is an item an earlier attempt deleted (undefined: nothing left to do).
 */
async function deleteTarget(ctx: ActionContext, args: ScheduleItemDeleteArgs): Promise<number | undefined> {
  if (args.itemId !== undefined) return args.itemId;
  const day = resolveDay(await lookupTour(ctx, args.tourId!), args.day!);
  try {
    return await itemIdOf(ctx, args.tourId!, day, args);
  } catch (error) {
    if (isRetry()) return undefined;
    throw error;
  }
}

async function scheduleItemDelete(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, scheduleItemDeleteArgs, call.args);
  const itemId = await deleteTarget(ctx, args);
  if (itemId === undefined)
    return {
      output: { id: null },
      undo: [],
      describe: `schedule item ${String(args.item)} was deleted by an earlier attempt`,
    };
  await deleteOnce(() => ctx.client.call(deleteScheduleItem, { params: { itemId }, signal: ctx.signal }));
  return { output: { id: itemId }, undo: [], describe: `deleted schedule item ${itemId}` };
}

async function scheduleItemDeletePrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const itemId = await deleteTarget(ctx, parseArgs(call.action, scheduleItemDeleteArgs, call.args));
  if (itemId === undefined) return [];
  // `by` keeps this restore's idempotency key apart from another run restoring the same item.
  return [
    {
      activity: 'scheduleItemRestore',
      args: { itemId, by: call.idempotencyKey },
      describe: `restore schedule item ${itemId}`,
      record: { resource: 'scheduleItem', id: itemId },
    },
  ];
}

async function scheduleConfirmAll(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, scheduleConfirmAllArgs, call.args);
  const day = resolveDay(await lookupTour(ctx, args.tourId), args.day);
  const changed = await ctx.client.call(confirmAllScheduleItems, {
    params: { tourId: args.tourId, dayId: day.id },
    idempotencyKey: ctx.key(),
    signal: ctx.signal,
  });
  const ids = changed.map((item) => item.id);
  return {
    output: { ids, count: ids.length },
    undo: [],
    tourId: args.tourId,
    describe: `confirmed ${ids.length} schedule items on ${day.date}`,
  };
}

/** Records the status of every item confirm-all may change, so the undo sets each back. */
async function scheduleConfirmAllPrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const args = parseArgs(call.action, scheduleConfirmAllArgs, call.args);
  const day = resolveDay(await lookupTour(ctx, args.tourId), args.day);
  const open = (await readItemsOfDay(ctx, args.tourId, day.id)).filter(
    (item) => item.status !== true || item.status_type?.type?.toLowerCase() !== 'confirmed',
  );
  if (open.length === 0) return [];
  const items = open.map((item) => ({
    id: item.id,
    status: item.status ?? false,
    statusTypeId: item.status_type?.id ?? null,
  }));
  return [scheduleStatusUndo(items, `set ${items.length} schedule items of ${day.date} back to their previous status`)];
}

/**
 * Restores a deleted item. The API refuses (400) to restore an item that is not deleted: then
 * there is nothing to undo; an item that is gone (404) is left alone too.
 */
async function restoreItem(ctx: ActionContext, itemId: number, idempotencyKey: string): Promise<void> {
  try {
    await ctx.client.call(restoreScheduleItem, { params: { itemId }, idempotencyKey, signal: ctx.signal });
  } catch (error) {
    if (!isGone(error) && !(error instanceof ApiError && error.status === 400)) throw error;
  }
}

const ids = (args: JsonObject, key: string): number[] => (Array.isArray(args[key]) ? (args[key] as number[]) : []);

/** The undo handlers of schedule items, by the name undo records give them (`UndoName`). */
const itemUndo = {
  scheduleItemsDelete: async (args, ctx) => {
    await mapLimited(ids(args, 'itemIds'), UNDO_CONCURRENCY, (itemId) =>
      ignoreGone(() => ctx.client.call(deleteScheduleItem, { params: { itemId }, signal: ctx.signal })),
    );
  },
  scheduleItemRestore: (args, ctx) => restoreItem(ctx, Number(args.itemId), ctx.key()),
  // A day (or tour) that is gone took its items with it: nothing left to restore.
  scheduleItemsRestoreMissing: (args, ctx) =>
    ignoreGone(async () => {
      const visible = new Set(
        (await readItemsOfDay(ctx, String(args.tourId), Number(args.dayId))).map((item) => item.id),
      );
      await mapLimited(ids(args, 'itemIds'), UNDO_CONCURRENCY, async (itemId, index) => {
        if (visible.has(itemId)) return;
        await restoreItem(ctx, itemId, ctx.key(index + 1));
      });
    }),
} satisfies Record<string, UndoHandler>;

/** Every undo handler the schedule item's records name (`UndoName`). */
export const scheduleItemUndo = { ...itemUndo, ...scheduleUpdateUndo, ...itemTagUndo };

export const scheduleItemActions = {
  actions: {
    ...scheduleListHandlers,
    'schedule.item.create': { run: scheduleItemCreate },
    'schedule.items.create': { run: scheduleItemsCreate, prepare: scheduleItemsCreatePrepare },
    'schedule.item.update': scheduleItemUpdateHandler,
    'schedule.item.delete': { run: scheduleItemDelete, prepare: scheduleItemDeletePrepare },
    'schedule.item.restore': byIdHandler({
      action: scheduleItemRestore,
      idArg: 'itemId',
      describe: (id) => `restored schedule item ${id}`,
      write: (ctx, itemId, idempotencyKey) =>
        ctx.client.call(restoreScheduleItem, { params: { itemId }, idempotencyKey, signal: ctx.signal }),
      undo: (id) => ({
        activity: 'scheduleItemsDelete',
        args: { itemIds: [id] },
        describe: `delete schedule item ${id} again`,
        record: { resource: 'scheduleItem', id },
      }),
    }),
    'schedule.confirmAll': { run: scheduleConfirmAll, prepare: scheduleConfirmAllPrepare },
    ...itemTagHandlers,
  },
  undo: scheduleItemUndo,
} satisfies ActionModule;
