/**
 * `schedule.item.addTags` and `schedule.item.removeTags`: change some of an item's tags and
 * keep the rest. Each undo touches only what its call changed: the tags an add put on come off
 * again, the tags a remove took off go back on, and any other change to the item's tags since
 * stays.
 */
import { scheduleItemTagChangeArgs } from './catalogue.ts';
import type { DayRef } from '../../definitions/actions/vocabulary.ts';
import { listScheduleItems } from '../../api/contract/schedule.ts';
import { setScheduleItemTags } from '../../api/contract/tags.ts';
import type { ActionContext, ActionHandler, UndoHandler } from '../../activities/action.ts';
import { itemOf } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { ignoreGone, parseArgs } from '../../activities/actions/common.ts';
import { nothingWritten } from '../../activities/actions/step-support.ts';
import { putBackTags, resolveTagIds, tourCache } from '../../activities/actions/schedule-items.ts';
import { resolveDay } from '../../activities/actions/tour-days.ts';

type Change = 'add' | 'remove';

/** The item, its tags now, and the tag IDs the call names. */
async function tagState(call: StepCall, ctx: ActionContext) {
  const args = parseArgs(call.action, scheduleItemTagChangeArgs, call.args);
  const cache = tourCache(ctx, args.tourId);
  const day = resolveDay(await cache.tour(), args.day);
  const item = await itemOf(ctx, args.tourId, day, args);
  const current = (item.schedule_item_tags ?? []).map((entry) => entry.tag.id);
  return { args, day, itemId: item.id, current, named: await resolveTagIds(cache, args.tags) };
}

/** The tags a change actually changes: named ones not there yet (add), or there now (remove). */
function changedBy(change: Change, current: readonly number[], named: readonly number[]): number[] {
  const have = new Set(current);
  return [...new Set(named)].filter((id) => (change === 'add' ? !have.has(id) : have.has(id)));
}

function changeHandler(change: Change): ActionHandler {
  return {
    async run(call, ctx): Promise<StepOutcome> {
      const { args, day, itemId, current, named } = await tagState(call, ctx);
      const changed = changedBy(change, current, named);
      const tagIds = change === 'add' ? [...current, ...changed] : current.filter((id) => !changed.includes(id));
      if (changed.length > 0)
        await ctx.client.call(setScheduleItemTags, {
          params: { itemId },
          body: { tourId: args.tourId, tagIds },
          signal: ctx.signal,
        });
      const verb = change === 'add' ? 'added' : 'removed';
      return {
        output: { tagIds, previous: current, changed },
        undo: [],
        ...(changed.length === 0 ? nothingWritten() : {}),
        tourId: args.tourId,
        describe:
          changed.length > 0
            ? `${verb} ${changed.length} tag(s) on schedule item ${itemId} (${day.date})`
            : `schedule item ${itemId} (${day.date}): no tag to change`,
      };
    },
    async prepare(call, ctx): Promise<UndoRecord[]> {
      const { args, day, itemId, current, named } = await tagState(call, ctx);
      const changed = changedBy(change, current, named);
      if (changed.length === 0) return [];
      const undo = change === 'add' ? 'scheduleItemTagsTakeOff' : 'scheduleItemTagsPutOn';
      const describe =
        change === 'add'
          ? `remove the ${changed.length} tag(s) added to schedule item ${itemId}`
          : `add back the ${changed.length} tag(s) removed from schedule item ${itemId}`;
      // the day by its ID: a day added later on the same date must not make the undo ambiguous
      return [
        {
          activity: undo,
          args: { tourId: args.tourId, day: day.id, itemId, tagIds: changed },
          describe,
          record: { resource: 'scheduleItem', id: itemId },
        },
      ];
    },
  };
}

/** The item's tags as they are now, read from its day (found through the tour when only the item is known). */
async function tagsNow(ctx: ActionContext, tourId: string, day: DayRef, itemId: number): Promise<number[] | undefined> {
  const dayId = resolveDay(await tourCache(ctx, tourId).tour(), day).id;
  for await (const item of ctx.client.paginate(listScheduleItems, { params: { tourId, dayId }, signal: ctx.signal })) {
    if (item.id === itemId && item.is_deleted !== true)
      return (item.schedule_item_tags ?? []).map((entry) => entry.tag.id);
  }
  return undefined;
}

function undoChange(change: Change): UndoHandler {
  return (args, ctx) =>
    ignoreGone(async () => {
      const tourId = String(args.tourId);
      const itemId = Number(args.itemId);
      const tagIds = (args.tagIds ?? []) as number[];
      const now = await tagsNow(ctx, tourId, args.day as DayRef, itemId);
      if (now === undefined) return; // the item is gone: nothing to put back
      const next =
        change === 'add'
          ? [...now, ...tagIds.filter((id) => !now.includes(id))]
          : now.filter((id) => !tagIds.includes(id));
      await putBackTags(ctx, tourId, itemId, next);
    });
}

export const tagChangeHandlers = {
  'schedule.item.addTags': changeHandler('add'),
  'schedule.item.removeTags': changeHandler('remove'),
} satisfies Record<string, ActionHandler>;

export const tagChangeUndo = {
  scheduleItemTagsTakeOff: undoChange('remove'),
  scheduleItemTagsPutOn: undoChange('add'),
} satisfies Record<string, UndoHandler>;
