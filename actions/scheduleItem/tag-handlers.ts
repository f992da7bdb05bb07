/** The tags of a schedule item: set, add and remove (the tour's tags themselves are in `actions/tag/`). */
import { scheduleItemSetTagsArgs } from './catalogue.ts';
import { setScheduleItemTags } from '../../api/contract/tags.ts';
import type { ActionContext, ActionHandler, UndoHandler } from '../../activities/action.ts';
import { itemOf } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { parseArgs } from '../../activities/actions/common.ts';
import { nothingWritten } from '../../activities/actions/step-support.ts';
import { putBackTags, resolveTagIds, tourCache } from '../../activities/actions/schedule-items.ts';
import { tagChangeHandlers, tagChangeUndo } from './tag-change-handlers.ts';
import { resolveDay } from '../../activities/actions/tour-days.ts';

/** The item's current tags, read from its day's list. */
async function currentTags(call: StepCall, ctx: ActionContext) {
  const parsed = parseArgs(call.action, scheduleItemSetTagsArgs, call.args);
  const cache = tourCache(ctx, parsed.tourId);
  const day = resolveDay(await cache.tour(), parsed.day);
  const item = await itemOf(ctx, parsed.tourId, day, parsed);
  const args = { ...parsed, itemId: item.id };
  return { args, cache, day, previous: (item.schedule_item_tags ?? []).map((entry) => entry.tag.id) };
}

/** True when two tag lists hold the same tags, in any order. */
function sameTags(a: readonly number[], b: readonly number[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
}

async function scheduleItemSetTags(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const { args, cache, day, previous } = await currentTags(call, ctx);
  const tagIds = await resolveTagIds(cache, args.tags);
  const same = sameTags(previous, tagIds);
  if (!same)
    await ctx.client.call(setScheduleItemTags, {
      params: { itemId: args.itemId },
      body: { tourId: args.tourId, tagIds },
      signal: ctx.signal,
    });
  return {
    output: { tagIds, previous },
    undo: [],
    ...(same ? nothingWritten() : {}),
    tourId: args.tourId,
    describe: same
      ? `schedule item ${args.itemId} (${day.date}) already so (tags): nothing written`
      : `set ${tagIds.length} tag(s) on schedule item ${args.itemId} (${day.date})`,
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
export const itemTagUndo = {
  ...tagChangeUndo,
  scheduleItemTagsWriteBack: (args, ctx) =>
    putBackTags(ctx, String(args.tourId), Number(args.itemId), (args.tagIds ?? []) as number[]),
} satisfies Record<string, UndoHandler>;

/** The handlers of an item's tag actions; `scheduleItemActions` (`handlers.ts`) serves them. */
export const itemTagHandlers = {
  'schedule.item.setTags': { run: scheduleItemSetTags, prepare: scheduleItemSetTagsPrepare },
  ...tagChangeHandlers,
} satisfies Record<string, ActionHandler>;
