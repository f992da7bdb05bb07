/**
 * Undo records name their handler by a typed name (`UndoName`): a misspelt one is a compile
 * error (`npm run typecheck` checks the directives below), and every name is served by the
 * worker as an undo activity.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActivities } from '../../activities/index.ts';
import type { UndoRecord } from '../../activities/types.ts';
import type { UndoName } from '../../activities/undo-names.ts';
import { undoActivityName } from '../../workflows/activity-names.ts';

describe('undo names', () => {
  it('are the names of the undo handlers, so a wrong one does not compile', () => {
    expectTypeOf<'venueDelete'>().toExtend<UndoName>();
    expectTypeOf<'venueWriteBack'>().toExtend<UndoName>();
    expectTypeOf<'replayAndUndo'>().toExtend<UndoName>();
    expectTypeOf<'venueDelet'>().not.toExtend<UndoName>();
    // @ts-expect-error: no undo handler is named `venueDelet`
    const misspelt: UndoRecord = { activity: 'venueDelet', args: { venueId: 1 }, describe: 'delete venue 1' };
    expect(misspelt.activity).toBe('venueDelet');
  });

  it('each name an undo record gives is served as an undo activity by the worker', () => {
    const served = new Set(Object.keys(createActivities({} as never)));
    const names: UndoName[] = [
      'venueDelete',
      'venueWriteBack',
      'guestRestore',
      'scheduleItemsDelete',
      'customFieldsWriteBack',
      'replayAndUndo',
    ];
    expect(names.filter((name) => !served.has(undoActivityName(name)))).toEqual([]);
  });
});
