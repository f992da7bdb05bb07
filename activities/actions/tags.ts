/** Tags of a tour's schedule items: create, delete for good, and set an item's tags. */
import { scheduleItemSetTagsArgs, tagCreateArgs, tagDeleteArgs } from '../../definitions/actions/tags.ts';
import { createTag, deleteTag, getTagUsage, setScheduleItemTags } from '../../api/contract/tags.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../action.ts';
import { itemOf } from '../names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../types.ts';
import { isRetry } from './attempts.ts';
import { deleteOnce, ignoreGone, parseArgs } from './common.ts';
import { putBackTags, resolveTagIds, tourCache } from './schedule-items.ts';
import { tagChangeHandlers, tagChangeUndo } from './tag-changes.ts';
import { resolveDay } from './tour-days.ts';

async function tagCreate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, tagCreateArgs, call.args);
  const colorId = await ctx.client.lookups.resolve('avatarColors', args.color);
  const tag = await ctx.client.call(createTag, { params: { tourId: args.tourId }, body: { name: args.name, colorId }, idempotencyKey: ctx.key(), signal: ctx.signal });
  return {
    output: { id: tag.id, name: tag.name },
    undo: [{ activity: 'tagRemove', args: { tourId: args.tourId, tagId: tag.id }, describe: `delete tag ${tag.name}`, record: { resource: 'tag', id: tag.id, label: tag.name } }],
    tourId: args.tourId,
    describe: `created tag ${tag.name} (${tag.id})`,
  };
}

async function tagDelete(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, tagDeleteArgs, call.args);
  let tagId: number;
  try {
    [tagId] = (await resolveTagIds(tourCache(ctx, args.tourId), [args.tag])) as [number];
  } catch (error) {
    // An earlier attempt deleted it and its answer was lost: the step's work is done.
    if (!isRetry()) throw error;
    return { output: { id: typeof args.tag === 'number' ? args.tag : null, usageCount: null }, undo: [], tourId: args.tourId, describe: `tag ${args.tag} was deleted by an earlier attempt` };
  }
  const params = { tourId: args.tourId, tagId };
  const { usageCount } = await ctx.client.call(getTagUsage, { params, signal: ctx.signal });
  await deleteOnce(() => ctx.client.call(deleteTag, { params, signal: ctx.signal }));
  return {
    output: { id: tagId, usageCount },
    undo: [],
    tourId: args.tourId,
    describe: `deleted tag ${args.tag} for good`,
    ...(usageCount > 0 ? { warnings: [`Tag ${args.tag} was removed from ${usageCount} schedule item(s); this cannot be undone.`] } : {}),
  };
}

/** The item's current tags, read from its day's list. */
async function currentTags(call: StepCall, ctx: ActionContext) {
  const parsed = parseArgs(call.action, scheduleItemSetTagsArgs, call.args);
  const cache = tourCache(ctx, parsed.tourId);
  const day = resolveDay(await cache.tour(), parsed.day);
  const item = await itemOf(ctx, parsed.tourId, day, parsed);
  const args = { ...parsed, itemId: item.id };
  return { args, cache, day, previous: (item.schedule_item_tags ?? []).map((entry) => entry.tag.id) };
}

async function scheduleItemSetTags(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const { args, cache, day, previous } = await currentTags(call, ctx);
  const tagIds = await resolveTagIds(cache, args.tags);
  await ctx.client.call(setScheduleItemTags, { params: { itemId: args.itemId }, body: { tourId: args.tourId, tagIds }, signal: ctx.signal });
  return {
    output: { tagIds, previous },
    undo: [],
    tourId: args.tourId,
    describe: `set ${tagIds.length} tag(s) on schedule item ${args.itemId} (${day.date})`,
  };
}

async function scheduleItemSetTagsPrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const { args, previous } = await currentTags(call, ctx);
  return [
    {
      activity: 'scheduleItemTagsWriteBack',
      args: { tourId: args.tourId, itemId: args.itemId, tagIds: previous },
      describe: `put back the ${previous.length} previous tag(s) of schedule item ${args.itemId}`,
      record: { resource: 'scheduleItem', id: args.itemId },
    },
  ];
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const tagUndo = {
  ...tagChangeUndo,
  tagRemove: (args, ctx) =>
    ignoreGone(() => ctx.client.call(deleteTag, { params: { tourId: String(args.tourId), tagId: Number(args.tagId) }, signal: ctx.signal })),
  scheduleItemTagsWriteBack: (args, ctx) => putBackTags(ctx, String(args.tourId), Number(args.itemId), (args.tagIds ?? []) as number[]),
} satisfies Record<string, UndoHandler>;

export const tagActions = {
  actions: {
    'tag.create': { run: tagCreate },
    // Deleting a tag is final (the catalogue marks it destructive): there is nothing to prepare.
    'tag.delete': { run: tagDelete, prepare: async () => [] },
    'schedule.item.setTags': { run: scheduleItemSetTags, prepare: scheduleItemSetTagsPrepare },
    ...tagChangeHandlers,
  },
  undo: tagUndo,
} satisfies ActionModule;
