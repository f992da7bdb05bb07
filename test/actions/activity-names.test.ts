/**
 * Undo activities of all modules share one namespace on the worker: two modules naming an
 * undo alike would let one silently replace the other.
 */
import { describe, expect, it } from 'vitest';
import { actionModules } from '../../activities/modules.ts';

describe('undo activity names', () => {
  it('no two action modules register an undo of the same name', () => {
    const undos = actionModules.flatMap((module) => Object.keys(module.undo));
    expect(undos.filter((name, index) => undos.indexOf(name) !== index)).toEqual([]);
  });
});
