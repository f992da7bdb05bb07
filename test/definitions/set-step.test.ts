/** `set` steps: named values computed in the run, without an action, their names and expressions checked. */
import { describe, expect, it } from 'vitest';
import { describePlan } from '../../cli/plan-text.ts';
import { playbookJsonSchema } from '../../definitions/json-schema.ts';
import { compile, errorsOf, playbook } from './helpers.ts';

const inputs = 'inputs:\n  guests: { type: list }\n  cap: { type: number, default: 2 }\n';
const values = `  - id: toApprove
    set:
      perDay: '\${{ inputs.guests.filter(g, g.status == "requested").map(g, g.date).distinct() }}'
      cap: \${{ inputs.cap }}
      label: Approved by the tour office
`;

describe('set steps', () => {
  it('compile to a control step that names its values, with no activity', async () => {
    const { plan, errors } = await compile(playbook(values, inputs));
    expect(errors).toEqual([]);
    expect(plan?.steps[0]).toMatchObject({
      id: 'toApprove',
      action: 'set',
      kind: 'control',
      activity: '',
      compensation: null,
    });
    expect(Object.keys(plan?.steps[0]?.args as object)).toEqual(['perDay', 'cap', 'label']);
  });

  it('are shown in the plan with the names they give, calling nothing', async () => {
    const { plan } = await compile(playbook(values, inputs));
    expect(describePlan(plan!, {}).slice(1)).toEqual([
      'group 1',
      '  toApprove  set',
      '      values: perDay, cap, label (computed in the run: no API call)',
    ]);
  });

  it('give their values to later steps as steps.<id>.outputs.<name>, after which they run', async () => {
    const later = `${values}  - id: ask
    action: approval
    with: { message: "\${{ steps.toApprove.outputs.label }}: \${{ size(steps.toApprove.outputs.perDay) }} days" }
`;
    const { plan, errors } = await compile(playbook(later, inputs));
    expect(errors).toEqual([]);
    expect(plan?.steps[1]?.needs).toEqual(['toApprove']);
  });

  it('a name they do not give is an error at its place, with the names they do give', async () => {
    const later = `${values}  - id: ask\n    action: approval\n    with: { message: "\${{ steps.toApprove.outputs.perday }}" }\n`;
    expect(await errorsOf(playbook(later, inputs))).toContain('perday');
    expect(await errorsOf(playbook(later, inputs))).toContain('perDay');
  });

  it('their expressions are checked like any: an unknown name, a wrong type', async () => {
    expect(await errorsOf(playbook('  - id: v\n    set: { a: "${{ inputs.nope }}" }\n', inputs))).toContain(
      'test.yaml:8:20: unknown input "nope"',
    );
    expect(await errorsOf(playbook('  - id: v\n    set: { a: "${{ addMinutes(1, 30) }}" }\n', inputs))).toContain(
      'addMinutes() does not take (int, int)',
    );
  });

  it('give their values the types they have: a later step using one wrongly is an error at its place', async () => {
    const typed = `  - id: v
    set:
      n: \${{ size(inputs.guests) }}
      days: '\${{ inputs.guests.map(g, g.date) }}'
      label: Guests of \${{ run.playbook }}
      cap: 4
`;
    const wrong = await errorsOf(
      playbook(
        `${typed}  - id: ask\n    action: approval\n    if: \${{ steps.v.outputs.days }}\n    with: { message: "\${{ steps.v.outputs.n + 'x' }}" }\n`,
        inputs,
      ),
    );
    expect(wrong).toContain('"if" needs true or false, but steps.v.outputs.days is a list');
    expect(wrong).toContain('"+" cannot combine an int and a string');
    const right = `${typed}  - id: ask\n    action: approval\n    if: \${{ size(steps.v.outputs.days) > steps.v.outputs.cap }}\n    with: { message: "\${{ steps.v.outputs.label + ': ' + string(steps.v.outputs.n) }}" }\n`;
    expect(await errorsOf(playbook(right, inputs))).toBe('');
  });

  it('take no action, forEach or outputs: they are values, not calls', async () => {
    expect(await errorsOf(playbook('  - id: v\n    set: { a: 1 }\n    action: approval\n', inputs))).toContain(
      'unknown field "action"',
    );
    expect(
      await errorsOf(playbook('  - id: v\n    set: { a: 1 }\n    forEach: ${{ inputs.guests }}\n', inputs)),
    ).toContain('unknown field "forEach"');
    expect(await errorsOf(playbook('  - id: v\n    set: { 1a: 1 }\n', inputs))).toContain('1a');
  });

  it('are one of the step forms editors know (the JSON Schema)', () => {
    type Node = { properties?: Record<string, Node>; items?: Node; oneOf?: Node[]; required?: string[] };
    const forms = (playbookJsonSchema() as Node).properties!.steps!.items!.oneOf!;
    const set = forms.filter((form) => form.required?.includes('set'));
    expect(set.map((form) => Object.keys(form.properties ?? {}))).toEqual([
      ['id', 'description', 'needs', 'if', 'set'],
    ]);
  });
});
