/**
 * The activity registry is typed by name, end to end: the worker's `createActivities` returns each
 * action's activity, its batch activity and each undo handler's activity under its own name
 * (`ActionActivities`), and the workflow calls them through that type (`workflows/activity-calls.ts`
 * proxies it without a string-keyed map). A misspelt name or a wrong argument is a compile error:
 * `npm run typecheck` checks the `@ts-expect-error` directives below (an unused one fails it).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActivities, type ActionActivities } from '../../activities/index.ts';
import type { ActionName } from '../../activities/modules.ts';
import type { BatchCall, BatchOutcome, StepCall, StepOutcome } from '../../activities/types.ts';
import type { CallPlan } from '../../activities/plan-call.ts';
import {
  activityName,
  batchActivityName,
  undoActivityName,
  type ActivityNameOf,
} from '../../workflows/activity-names.ts';

type Activities = ReturnType<typeof createActivities>;

/**
 * What the registry's type takes and refuses, as the compiler sees it (never called): each served
 * name with its own argument compiles (a string-keyed map would refuse these too, or take any
 * name), and a misspelt name or a wrong argument does not.
 */
function uses(activities: Activities, call: StepCall, batch: BatchCall) {
  const outcome: Promise<StepOutcome> = activities.venueUpdate(call);
  const results: Promise<BatchOutcome> = activities[batchActivityName('guest.create')](batch);
  const undone: Promise<void> = activities[undoActivityName('venueWriteBack')]({ venueId: 1 });
  const planned: Promise<CallPlan> = activities.planCall(call);
  // @ts-expect-error: no action is named `venue.updat`, so no activity `venueUpdat` is served
  void activities.venueUpdat(call);
  // @ts-expect-error: an action's activity takes a step call, not a batch
  void activities.venueUpdate(batch);
  // @ts-expect-error: `tour.creat` names no action the worker serves
  void activities[activityName('tour.creat')];
  // @ts-expect-error: no undo handler is named `venueDelet`
  void activities[undoActivityName('venueDelet')];
  // @ts-expect-error: a batch activity takes a batch, not one call
  void activities[batchActivityName('guest.create')](call);
  return [outcome, results, undone, planned];
}

describe('the activity registry', () => {
  it('names each activity as the workflow calls it, typed by name and argument', () => {
    expectTypeOf<'venue.update'>().toExtend<ActionName>();
    expectTypeOf<'venue.updat'>().not.toExtend<ActionName>();
    expectTypeOf<string>().not.toExtend<ActionName>();
    expectTypeOf<ActivityNameOf<'schedule.template.undoApply'>>().toEqualTypeOf<'scheduleTemplateUndoApply'>();
    expectTypeOf<ActionActivities['venueUpdate']>().toEqualTypeOf<(call: StepCall) => Promise<StepOutcome>>();
    expectTypeOf<Activities['planCall']>().parameter(0).toEqualTypeOf<StepCall>();
    expect(typeof uses).toBe('function');
  });

  it('serves under those names every activity the type promises', () => {
    const served = Object.keys(createActivities({} as never));
    expect(served).toEqual(
      expect.arrayContaining([
        'venueUpdate',
        'venueUpdateBatch',
        'scheduleTemplateUndoApply',
        'undoVenueWriteBack',
        'undoReplayAndUndo',
        'prepareUndo',
        'prepareUndoBatch',
        'planCall',
      ]),
    );
  });
});
