/** A forEach step's `if` that reads the element or `index` is a condition per element; others stay the step's. */
import { describe, expect, it } from 'vitest';
import { daySheetRenderArgs } from '../../definitions/actions/index.ts';
import { compile, errorsOf, playbook } from './helpers.ts';

const inputs = 'inputs:\n  rows: { type: list }\n  go: { type: boolean, default: true }\n';
const step = (condition: string) =>
  playbook(
    `  - id: a
    action: approval
    forEach: { items: "\${{ inputs.rows }}", as: row }
    if: ${condition}
    with: { message: go }
`,
    inputs,
  );

describe('if in a forEach step', () => {
  it.each([
    ['the element', '${{ row.wanted }}'],
    ['the index', '${{ index % 2 == 0 }}'],
    ['a bare expression reading the element', 'row.wanted && inputs.go'],
  ])('reading %s is evaluated per element', async (_what, condition) => {
    const { plan, errors } = await compile(step(condition));
    expect(errors).toEqual([]);
    expect(plan?.steps[0]?.forEach?.if).toMatch(/^\$\{\{ .* \}\}$/);
    expect(plan?.steps[0]?.if).toBeUndefined();
  });

  it('reading neither stays the step’s condition', async () => {
    const { plan } = await compile(step('${{ inputs.go }}'));
    expect(plan?.steps[0]?.if).toBe('${{ inputs.go }}');
    expect(plan?.steps[0]?.forEach?.if).toBeUndefined();
  });

  it('an element in the if of a step without forEach is still refused', async () => {
    expect(
      await errorsOf(playbook('  - id: a\n    action: approval\n    if: ${{ item.x }}\n    with: { message: go }\n')),
    ).toContain('"item" is not defined here');
  });
});

describe('daySheet.render arguments', () => {
  it('take "to" alone (from tomorrow up to it)', () => {
    expect(
      daySheetRenderArgs.safeParse({ tourId: '3f1c2a9e-4b7d-4c1e-9a2b-5d6e7f8a9b0c', to: '2027-03-28' }).success,
    ).toBe(true);
  });
});
