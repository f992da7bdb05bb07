/**
 * Schedule items restored; tags renamed and recoloured. Each undo is prepared before the write:
 * the restore's is a delete, the tag update's a write-back of what was read first.
 */
import { scheduleItemRestore, tagUpdateArgs } from '../../definitions/actions/schedule-edits.ts';
import { restoreScheduleItem } from '../../api/contract/schedule.ts';
import { updateTag } from '../../api/contract/tags.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../action.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../types.ts';
import { byIdHandler, recordUndo } from './by-id.ts';
import { ignoreGone, parseArgs, stepError } from './common.ts';
import { resolveTagIds, tourCache } from './schedule-items.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** The tag as it is before the update; one already carrying the new name is taken as renamed (a lost answer). */
async function tagBefore(call: StepCall, ctx: ActionContext) {
  const args = parseArgs(call.action, tagUpdateArgs, call.args);
  const cache = tourCache(ctx, args.tourId);
  const find = async (ref: string | number) => {
    const [tagId] = (await resolveTagIds(cache, [ref])) as [number];
    const tag = (await cache.tags()).find((row) => row.id === tagId);
    if (!tag) throw stepError(`Tag ${String(ref)} is not on tour ${args.tourId}.`, FailureType.UNKNOWN_NAME);
    return tag;
  };
  try {
    return { args, tag: await find(args.tag) };
  } catch (error) {
    if (args.name === undefined || typeof args.tag === 'number') throw error;
    return { args, tag: await find(args.name) };
  }
}

async function tagUpdateRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const { args, tag } = await tagBefore(call, ctx);
  const body = {
    ...(args.name !== undefined ? { name: args.name } : {}),
    ...(args.color !== undefined ? { colorId: await ctx.client.lookups.resolve('avatarColors', args.color) } : {}),
  };
  const updated = await ctx.client.call(updateTag, { params: { tourId: args.tourId, tagId: tag.id }, body, idempotencyKey: ctx.key(), signal: ctx.signal });
  return { output: { id: tag.id, name: updated.name }, undo: [], tourId: args.tourId, describe: `updated tag ${tag.name} (${Object.keys(body).join(', ')})` };
}

async function tagUpdatePrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const { args, tag } = await tagBefore(call, ctx);
  const saved = { tourId: args.tourId, name: tag.name, ...(tag.color ? { colorId: tag.color.id } : {}) };
  return [recordUndo('tagWriteBack', 'tag', 'tagId', tag.id, call.idempotencyKey, `put tag ${tag.name} back as it was`, saved)];
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const scheduleEditUndo = {
  tagWriteBack: (undo, ctx) =>
    ignoreGone(() =>
      ctx.client.call(updateTag, {
        params: { tourId: String(undo.tourId), tagId: Number(undo.tagId) },
        body: { name: String(undo.name), ...(typeof undo.colorId === 'number' ? { colorId: undo.colorId } : {}) },
        idempotencyKey: ctx.key(),
        signal: ctx.signal,
      }),
    ),
} satisfies Record<string, UndoHandler>;

export const scheduleEditActions = {
  actions: {
    'schedule.item.restore': byIdHandler({
      action: scheduleItemRestore,
      idArg: 'itemId',
      describe: (id) => `restored schedule item ${id}`,
      write: (ctx, itemId, idempotencyKey) => ctx.client.call(restoreScheduleItem, { params: { itemId }, idempotencyKey, signal: ctx.signal }),
      undo: (id) => ({ activity: 'scheduleItemsDelete', args: { itemIds: [id] }, describe: `delete schedule item ${id} again`, record: { resource: 'scheduleItem', id } }),
    }),
    'tag.update': { run: tagUpdateRun, prepare: tagUpdatePrepare },
  },
  undo: scheduleEditUndo,
} satisfies ActionModule;
