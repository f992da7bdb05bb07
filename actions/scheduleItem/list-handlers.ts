/** Read actions of the schedule: `schedule.item.list`. */
import { scheduleItemListArgs } from './catalogue.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import type { ScheduleItem } from '../../api/contract/schedule.ts';
import type { ActionContext, ActionHandler } from '../../activities/action.ts';
import { clockOf, foldName, pickTag, readItemsOfDay, readTagList } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome } from '../../activities/types.ts';
import { plural } from '../../definitions/plural.ts';
import { parseArgs } from '../../activities/actions/common.ts';
import { DAY_READS_IN_FLIGHT, mapLimited } from '../../activities/actions/concurrency.ts';
import { lookupTour, resolveDay, selectDays, type TourDay } from '../../activities/actions/tour-days.ts';

/** A schedule item as the list outputs give it. */
export function itemOutput(item: ScheduleItem, day: TourDay): JsonObject {
  const tags = item.schedule_item_tags ?? [];
  return {
    id: item.id,
    dayId: day.id,
    date: day.date,
    name: item.name,
    start: clockOf(item.start_time),
    end: clockOf(item.end_time),
    confirmed: item.status === true,
    tags: tags.map((entry) => entry.tag.name),
    tagIds: tags.map((entry) => entry.tag.id),
    type: item.item_type?.type ?? null,
    location: item.formatted_address ?? null,
  };
}

async function scheduleItemList(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, scheduleItemListArgs, call.args);
  const tour = await lookupTour(ctx, args.tourId);
  // "day" narrows the candidates; the other day filters apply on top.
  const chosenDays = await selectDays(
    ctx,
    args.day !== undefined ? { ...tour, days: [resolveDay(tour, args.day)] } : tour,
    args,
  );
  const tagIds = args.tags ? await tagIdsOf(ctx, args.tourId, args.tags) : undefined;
  const name = args.name === undefined ? undefined : foldName(args.name);
  const perDay = await mapLimited(chosenDays, DAY_READS_IN_FLIGHT, async (day) =>
    (await readItemsOfDay(ctx, args.tourId, day.id))
      .filter(
        (item) =>
          (name === undefined || foldName(item.name) === name) &&
          (args.confirmed === undefined || (item.status === true) === args.confirmed) &&
          (tagIds === undefined || (item.schedule_item_tags ?? []).some((entry) => tagIds.has(entry.tag.id))),
      )
      .map((item) => itemOutput(item, day)),
  );
  const items = perDay.flat();
  return {
    output: { items, ids: items.map((item) => item.id as number), count: items.length },
    undo: [],
    tourId: args.tourId,
    describe: `read ${plural(items.length, 'schedule item')} on ${plural(chosenDays.length, 'day')}`,
  };
}

async function tagIdsOf(
  ctx: ActionContext,
  tourId: string,
  refs: ReadonlyArray<string | number>,
): Promise<Set<number>> {
  const tags = await readTagList(ctx, tourId);
  return new Set(refs.map((ref) => pickTag(tags, ref, tourId).id));
}

export const scheduleListHandlers = {
  'schedule.item.list': { run: scheduleItemList },
} satisfies Record<string, ActionHandler>;
