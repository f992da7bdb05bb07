/**
 * Undo activities and action activities share one namespace on the worker: a clash would let
 * one silently replace the other (an undo named `tagDelete` would run as the `tag.delete` step).
 */
import { describe, expect, it } from 'vitest';
import { activityName } from '../../activities/action.ts';
import { actionModules } from '../../activities/modules.ts';

describe('activity names', () => {
  it('no undo activity has the name of an action activity or of another undo', () => {
    const actions = new Set(actionModules.flatMap((module) => Object.keys(module.actions).map(activityName)));
    const undos = actionModules.flatMap((module) => Object.keys(module.undo));
    expect(undos.filter((name) => actions.has(name))).toEqual([]);
    expect(undos.filter((name, index) => undos.indexOf(name) !== index)).toEqual([]);
    expect(undos.filter((name) => name === 'prepareUndo' || name === 'replayAndUndo')).toEqual([]);
  });
});
