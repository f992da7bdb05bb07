/** The content a run key stands for: the same plan and inputs hash the same; a change is named. */
import { describe, expect, it } from 'vitest';
import { contentDifferences, runContent } from '../../cli/run-content.ts';
import type { Plan } from '../../definitions/plan-types.ts';

const plan = { name: 'p', steps: [{ id: 'a', source: { file: 'p.yaml', line: 3, column: 1 } }] } as unknown as Plan;
const moved = {
  name: 'p',
  steps: [{ id: 'a', source: { file: '../elsewhere/p.yaml', line: 9, column: 5 } }],
} as unknown as Plan;
const changed = { name: 'p', steps: [{ id: 'b', source: { file: 'p.yaml', line: 3, column: 1 } }] } as unknown as Plan;

describe('run content', () => {
  it('does not depend on key order or where the playbook lies', () => {
    expect(runContent(plan, { a: { x: 1, y: [1, 2] }, b: 'z' }).hash).toBe(
      runContent(moved, { b: 'z', a: { y: [1, 2], x: 1 } }).hash,
    );
  });

  it.each([
    ['the same content', plan, { a: 1 }, []],
    ['another input value', plan, { a: 2 }, ['input a differs']],
    ['an input added and one changed', plan, { a: 2, b: 1 }, ['inputs a, b differ']],
    ['another playbook', changed, { a: 1 }, ['the playbook changed']],
  ] as const)('names %s', (_name, nextPlan, inputs, expected) => {
    expect(contentDifferences(runContent(plan, { a: 1 }), runContent(nextPlan, inputs))).toEqual(expected);
  });
});
