/** Schedule items: create one or a batch, update, delete, confirm a whole day. */
import {
  scheduleConfirmAllArgs,
  scheduleItemCreateArgs,
  scheduleItemDeleteArgs,
  scheduleItemsCreateArgs,
  type ScheduleItemDeleteArgs,
} from '../../definitions/actions/schedule.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import {
  batchCreateScheduleItems,
  confirmAllScheduleItems,
  createScheduleItem,
  deleteScheduleItem,
  type CreateScheduleItemBody,
} from '../../api/contract/schedule.ts';
import { PartialFailure, type ActionContext, type ActionModule } from '../action.ts';
import { itemIdOf, readItemsOfDay } from '../names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../types.ts';
import { isRetry } from './attempts.ts';
import { deleteOnce, parseArgs } from './common.ts';
import { deleteItemsUndo, itemBody, scheduleItemUndo, tourCache } from './schedule-items.ts';
import { scheduleItemUpdateHandler, scheduleStatusUndo, scheduleUpdateUndo } from './schedule-update.ts';
import { lookupTour, resolveDay } from './tour-days.ts';

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
      args: { call: call as unknown as JsonObject },
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

export const scheduleActions = {
  actions: {
    'schedule.item.create': { run: scheduleItemCreate },
    'schedule.items.create': { run: scheduleItemsCreate, prepare: scheduleItemsCreatePrepare },
    'schedule.item.update': scheduleItemUpdateHandler,
    'schedule.item.delete': { run: scheduleItemDelete, prepare: scheduleItemDeletePrepare },
    'schedule.confirmAll': { run: scheduleConfirmAll, prepare: scheduleConfirmAllPrepare },
  },
  undo: { ...scheduleItemUndo, ...scheduleUpdateUndo },
} satisfies ActionModule;
