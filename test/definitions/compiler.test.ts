import { describe, expect, it } from 'vitest';
import { compilePlaybookFile, resolveInputs } from '../../definitions/index.ts';
import type { Plan } from '../../definitions/plan-types.ts';
import { compile, errorsOf, playbook } from './helpers.ts';

const tourStep = `  - id: tour
    action: tour.create
    with:
      name: Spring
      timeZone: Europe/Berlin
      days: [{ date: 2027-03-27, city: Berlin, dayType: Show }]
`;

describe('compile', () => {
  it('compiles the demo playbook into a plan', async () => {
    const { plan, errors } = await compilePlaybookFile('definitions/playbooks/demo.yaml');
    expect(errors).toEqual([]);
    expect(plan?.steps.map((step) => [step.id, step.action, step.kind, step.activity])).toEqual([
      ['tour', 'tour.create', 'create', 'tourCreate'],
    ]);
    expect(plan?.groups).toEqual([['tour']]);
    expect(plan?.steps[0]?.source).toEqual({ file: 'definitions/playbooks/demo.yaml', line: 21, column: 5 });
    expect(plan?.sourceHash).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it.each([
    ['today() without a zone and a tourId input', 'tourId: { type: string }', '${{ today() }}', 'tourId'],
    ['tomorrow() without a zone and a tourId input', 'tourId: { type: string }', '${{ tomorrow( ) }}', 'tourId'],
    ['today() with a zone', 'tourId: { type: string }', '${{ today("Europe/Berlin") }}', undefined],
    ['today() with a zone and no tourId input', 'tour: { type: string }', '${{ today("Europe/Berlin") }}', undefined],
  ])('reads the tour’s zone for today() when it runs: %s', async (_case, input, from, expected) => {
    const { plan, errors } = await compile(
      playbook(
        `  - id: days
    action: tour.days
    with: { tourId: "\${{ inputs.${input.split(':')[0]} }}", from: '${from}' }
`,
        `inputs:
  ${input}
`,
      ),
    );
    expect(errors).toEqual([]);
    expect(plan?.tourZoneInput).toBe(expected);
  });

  it('asks for a zone where today() or tomorrow() has none and no tourId input names the tour', async () => {
    expect(
      await errorsOf(
        playbook(
          `  - id: days
    action: tour.days
    with: { tourId: "\${{ inputs.tour }}", from: "\${{ today() }}", to: "\${{ tomorrow( ) }}" }
`,
          `inputs:
  tour: { type: string }
`,
        ),
      ),
    ).toMatchInlineSnapshot(`
      "test.yaml:8:54: today() without a zone needs a tourId input to read the tour's time zone from; this playbook has none
          8 |     with: { tourId: "\${{ inputs.tour }}", from: "\${{ today() }}", to: "\${{ tomorrow( ) }}" }
            |                                                      ^^^^^^^
        hint: pass a zone, e.g. today('Europe/Berlin') or today(steps.find.outputs.timeZone), or declare a tourId input
      test.yaml:8:76: tomorrow() without a zone needs a tourId input to read the tour's time zone from; this playbook has none
          8 |     with: { tourId: "\${{ inputs.tour }}", from: "\${{ today() }}", to: "\${{ tomorrow( ) }}" }
            |                                                                            ^^^^^^^^^^^
        hint: pass a zone, e.g. tomorrow('Europe/Berlin') or tomorrow(steps.find.outputs.timeZone), or declare a tourId input"
    `);
  });

  it('derives needs from references and layers independent steps together', async () => {
    const { plan, errors } = await compile(
      playbook(`${tourStep}  - id: a
    action: tour.create
    with: { name: "\${{ steps.tour.outputs.id }}", timeZone: UTC, days: [] }
  - id: b
    action: approval
    needs: tour
    with: { message: go }
  - id: c
    action: approval
    needs: [a, b]
    with: { message: "\${{ steps.a.outputs.name }}" }
`).replace('days: []', 'days: [{ date: 2027-03-27, city: X, dayType: Show }]'),
    );
    expect(errors).toEqual([]);
    expect(plan?.steps.map((step) => [step.id, step.needs])).toEqual([
      ['tour', []],
      ['a', ['tour']],
      ['b', ['tour']],
      ['c', ['a', 'b']],
    ]);
    expect(plan?.groups).toEqual([['tour'], ['a', 'b'], ['c']]);
    expect(plan?.steps[2]?.approvalTimeout).toBe('24h');
  });

  it('keeps expressions for run time and writes if/forEach as templates', async () => {
    const { plan, errors } = await compile(
      playbook(
        `  - id: ask
    action: approval
    if: inputs.confirm
    forEach: { items: inputs.names, as: who, concurrency: 2 }
    with: { message: "ok \${{ who }} (\${{ index }})?" }
`,
        'inputs:\n  confirm: { type: boolean, default: true }\n  names: { type: list, items: string, default: [a, b] }\n',
      ),
    );
    expect(errors).toEqual([]);
    const step = plan?.steps[0];
    expect(step?.if).toBe('${{ inputs.confirm }}');
    expect(step?.forEach).toEqual({ items: '${{ inputs.names }}', as: 'who', concurrency: 2 });
    expect(step?.args).toEqual({ message: 'ok ${{ who }} (${{ index }})?' });
  });

  it('reports every mistake at once, placed and with hints', async () => {
    expect(
      await errorsOf(`apiVersion: tourflow/v2
name: x
inputs:
  a: { type: enmu }
steps:
  - id: tour
    action: tour.creat
  - id: t2
    action: tour.create
    needs: [tuor]
    with:
      name: \${{ inputs.b }}
      timeZone: Europe/Berln
      colour: 1
      days:
        - { date: 2027-02-30, city: X, dayType: Show }
`),
    ).toMatchInlineSnapshot(`
      "test.yaml:1:13: apiVersion: must be "tourflow/v1"
          1 | apiVersion: tourflow/v2
            |             ^^^^^^^^^^^
      test.yaml:4:14: inputs.a.type: "enmu" is not one of string, number, boolean, date, time, enum, list
          4 |   a: { type: enmu }
            |              ^^^^
        hint: did you mean "enum"?
      test.yaml:7:13: unknown action "tour.creat"
          7 |     action: tour.creat
            |             ^^^^^^^^^^
        hint: did you mean "tour.create"?
      test.yaml:10:13: unknown step "tuor"
         10 |     needs: [tuor]
            |             ^^^^
        hint: did you mean "tour"?
      test.yaml:12:17: unknown input "b"
         12 |       name: \${{ inputs.b }}
            |                 ^^^^^^^^
        hint: declare it under "inputs:"
      test.yaml:13:17: timeZone: expected an IANA time zone like "Europe/Berlin"
         13 |       timeZone: Europe/Berln
            |                 ^^^^^^^^^^^^
        hint: did you mean "Europe/Berlin"?
      test.yaml:14:7: unknown field "colour"
         14 |       colour: 1
            |       ^^^^^^
        hint: valid fields: name, org, timeZone, days, avatarColor
      test.yaml:16:19: days[0].date: not a calendar date
         16 |         - { date: 2027-02-30, city: X, dayType: Show }
            |                   ^^^^^^^^^^"
    `);
  });
});

describe('resolveInputs', () => {
  const plan = {
    inputs: {
      name: { type: 'string', required: true },
      start: { type: 'date', required: false, default: '2027-03-27' },
      count: { type: 'number', required: false },
      mode: { type: 'enum', required: false, values: ['MERGE', 'REPLACE'], default: 'MERGE' },
      days: { type: 'list', items: 'date', required: false },
      dry: { type: 'boolean', required: false, default: false },
    },
  } satisfies Pick<Plan, 'inputs'>;

  it('converts --input strings to the declared types and applies defaults', () => {
    const { inputs, errors } = resolveInputs(plan, {
      name: 'Tour',
      count: '3',
      days: '2027-03-27, 2027-03-28',
      dry: 'yes',
    });
    expect(errors).toEqual([]);
    expect(inputs).toEqual({
      name: 'Tour',
      count: 3,
      days: ['2027-03-27', '2027-03-28'],
      dry: true,
      start: '2027-03-27',
      mode: 'MERGE',
    });
  });

  it('says what is wrong with each input', () => {
    const { errors } = resolveInputs(plan, {
      count: 'many',
      mode: 'MERG',
      start: '27.03.2027',
      nmae: 'x',
      days: '["2027-13-01"]',
    });
    expect(errors).toEqual([
      'input "count": expected a number, got "many"',
      'input "mode": expected one of MERGE, REPLACE, got "MERG"; did you mean "MERGE"?',
      'input "start": expected a date like 2027-04-03, got "27.03.2027"',
      'unknown input "nmae"; did you mean "name"?',
      'input "days": item 1: expected a date like 2027-04-03, got "2027-13-01"',
      'input "name" is required: pass --input name=<string>',
    ]);
  });
});
