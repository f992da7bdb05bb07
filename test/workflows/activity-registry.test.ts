/**
 * The activity registry is typed by name, end to end: the worker's `createActivities` returns each
 * action's activity, its batch activity and each undo handler's activity under its own name
 * (`ActionActivities`), and the workflow calls them through that type (`workflows/activity-calls.ts`
 * proxies it without a string-keyed map, and so does the saga, `workflows/saga.ts`, for undos). A
 * misspelt name or a wrong argument is a compile error: `npm run typecheck` checks the
 * `@ts-expect-error` directives below (an unused one fails it).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActivities, type ActionActivities } from '../../activities/index.ts';
import type { ActionName } from '../../activities/modules.ts';
import type {
  BatchCall,
  BatchOutcome,
  HandlerUndoRecord,
  ReplayUndoRecord,
  StepCall,
  StepOutcome,
} from '../../activities/types.ts';
import type { CallPlan } from '../../activities/plan-call.ts';
import {
  activityName,
  batchActivityName,
  undoActivityName,
  type ActivityNameOf,
} from '../../workflows/activity-names.ts';
import type { Saga } from '../../workflows/saga.ts';

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

/**
 * What the saga takes as an undo (never called): a record names its handler by `UndoName` with the
 * arguments that handler's activity takes, which the saga passes to it as they are.
 */
function undoes(saga: Saga, call: StepCall) {
  const handle = saga.register('step', null, [{ activity: 'replayAndUndo', args: { call }, describe: 'undo it' }]);
  saga.settle(handle, [{ activity: 'venueDelete', args: { venueId: 1 }, describe: 'delete venue 1' }]);
  // @ts-expect-error: no undo handler is named `venueDelet`
  saga.settle(handle, [{ activity: 'venueDelet', args: { venueId: 1 }, describe: 'delete venue 1' }]);
  // @ts-expect-error: `replayAndUndo` replays a call: its arguments hold the call, not a record's ID
  saga.register('step', null, [{ activity: 'replayAndUndo', args: { venueId: 1 }, describe: 'undo it' }]);
  // @ts-expect-error: a handler's arguments are JSON, and a step call is not: only `replayAndUndo` takes one
  saga.settle(handle, [{ activity: 'venueDelete', args: { call }, describe: 'delete venue 1' }]);
  return handle;
}

describe('the activity registry', () => {
  it('names each activity as the workflow calls it, typed by name and argument', () => {
    expectTypeOf<'venue.update'>().toExtend<ActionName>();
    expectTypeOf<'venue.updat'>().not.toExtend<ActionName>();
    expectTypeOf<string>().not.toExtend<ActionName>();
    expectTypeOf<ActivityNameOf<'schedule.template.undoApply'>>().toEqualTypeOf<'scheduleTemplateUndoApply'>();
    expectTypeOf<ActionActivities['venueUpdate']>().toEqualTypeOf<(call: StepCall) => Promise<StepOutcome>>();
    expectTypeOf<Activities['planCall']>().parameter(0).toEqualTypeOf<StepCall>();
    // the manual-repair notice (`workflows/repair-notice.ts`) calls the `notify` action's activity
    expectTypeOf<Activities['notify']>().toEqualTypeOf<(call: StepCall) => Promise<StepOutcome>>();
    expect(typeof uses).toBe('function');
  });

  it('gives each undo activity the arguments of the records that name it, as the saga calls it', () => {
    expectTypeOf<Activities['undoReplayAndUndo']>().parameter(0).toEqualTypeOf<ReplayUndoRecord['args']>();
    expectTypeOf<Activities['undoVenueDelete']>().parameter(0).toEqualTypeOf<HandlerUndoRecord['args']>();
    expect(typeof undoes).toBe('function');
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
