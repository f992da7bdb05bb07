/**
 * What `validate` knows of the types in expressions: declared inputs, the catalogue's outputs,
 * `item` and `index` of a `forEach`. Each mistake is reported where it is written, with a fix;
 * what only the run can tell (numbers, `dyn` values, `null`, comparisons across types) is let
 * through.
 */
import { describe, expect, it } from 'vitest';
import { errorsOf, playbook } from './helpers.ts';

const inputs = `inputs:
  name: { type: string, default: Spring }
  names: { type: list, items: string, default: [a] }
  count: { type: number, default: 2 }
  confirm: { type: boolean, default: true }
  rows: { type: list, default: [] }
`;

const tour = `  - id: tour
    action: tour.create
    with: { name: x, timeZone: UTC, days: [{ date: 2027-03-27, city: Berlin, dayType: Show }] }
`;

/** A playbook with the inputs above, the tour step and `steps`. */
function withTour(steps: string): string {
  return playbook(`${tour}${steps}`, inputs);
}

/** An approval step whose message is `expression`. */
function message(expression: string, extra = ''): string {
  return withTour(`  - id: ask\n    action: approval\n${extra}    with: { message: '\${{ ${expression} }}' }\n`);
}

const mistakes: [string, string][] = [
  ['text plus a number', message('"Day " + 1')],
  ['a typed output plus a number', message('steps.tour.outputs.id + 1')],
  [
    'forEach over a string input',
    withTour('  - id: each\n    action: approval\n    forEach: ${{ inputs.name }}\n    with: { message: hi }\n'),
  ],
  [
    'forEach over a count',
    withTour(
      '  - id: each\n    action: approval\n    forEach: { items: "${{ size(steps.tour.outputs.days) }}", as: day }\n    with: { message: hi }\n',
    ),
  ],
  ['a method text does not have', message('inputs.name.join(", ")')],
  ['a method nothing has', message('inputs.name.upperCase()')],
  ['a function that does not exist', message('lenght(inputs.names)')],
  ['a field an output element does not have', message('steps.tour.outputs.days[0].city')],
  ['a field of the element in map()', message('steps.tour.outputs.days.map(d, d.dat).join(", ")')],
  [
    'a field of item in a forEach over an output',
    withTour(
      '  - id: each\n    action: approval\n    forEach: ${{ steps.tour.outputs.days }}\n    with: { message: "${{ item.nmae }}" }\n',
    ),
  ],
  [
    'index joined to text',
    withTour(
      '  - id: each\n    action: approval\n    forEach: ${{ inputs.names }}\n    with: { message: "${{ item + index }}" }\n',
    ),
  ],
  [
    'a field result does not have',
    withTour(
      '  - id: ask\n    action: approval\n    with: { message: hi }\n    outputs: { ok: "${{ result.aproved }}" }\n',
    ),
  ],
  [
    'an if that gives text',
    withTour('  - id: ask\n    action: approval\n    if: ${{ inputs.name }}\n    with: { message: hi }\n'),
  ],
  [
    '&& with a list',
    withTour(
      '  - id: ask\n    action: approval\n    if: ${{ inputs.confirm && inputs.names }}\n    with: { message: hi }\n',
    ),
  ],
  ['orValue() on a plain value', message('inputs.name.orValue("x")')],
  ['choices of two written-out types', message('inputs.confirm ? 1 : "none"')],
  [
    'a list where the argument takes text',
    withTour(
      '  - id: tag\n    action: tag.create\n    with: { tourId: "${{ steps.tour.outputs.id }}", name: "${{ inputs.names }}", color: Red }\n',
    ),
  ],
  [
    'one ID where the argument takes a list',
    withTour(
      '  - id: approve\n    action: guests.setStatus\n    with: { tourId: "${{ steps.tour.outputs.id }}", status: Approved, ids: "${{ steps.tour.outputs.days[0].id }}" }\n',
    ),
  ],
];

const fine: [string, string][] = [
  ['numbers are int or double by value', message('string(inputs.count * 1.5 + 1)')],
  ['lists without items hold anything', message('inputs.rows.map(r, r.name + r.count).join(",")')],
  [
    'null, == across types, choices of values',
    message('steps.tour.outputs == null || steps.tour.outputs.startDate == 1 ? inputs.name : steps.tour.outputs.days'),
  ],
  [
    'outputs read as maps',
    message('size(steps.tour.outputs) > 0 && "id" in steps.tour.outputs && has(steps.tour.outputs.days)'),
  ],
  [
    'optional values',
    message('inputs.?org.orValue(steps.tour.outputs.days[0].?city.orValue(""))').replace(
      '  rows:',
      '  org: { type: string, required: false }\n  rows:',
    ),
  ],
  [
    'item of a typed list',
    withTour(
      '  - id: each\n    action: approval\n    forEach: ${{ steps.tour.outputs.days.filter(d, d.dayType == "Show") }}\n    with: { message: "${{ item.date + \\" \\" + string(index + 1) }}" }\n',
    ),
  ],
  [
    'arguments that take what the expression gives',
    withTour(
      '  - id: item\n    action: schedule.item.create\n    with: { tourId: "${{ steps.tour.outputs.id }}", day: "${{ steps.tour.outputs.days[0].id }}", name: "${{ inputs.name }}", start: "09:00" }\n',
    ),
  ],
  [
    'a forEach step’s outputs are a list',
    withTour(
      '  - id: each\n    action: tag.create\n    forEach: ${{ inputs.names }}\n    with: { tourId: "${{ steps.tour.outputs.id }}", name: "${{ item }}", color: Red }\n  - id: sum\n    action: approval\n    with: { message: "${{ steps.each.outputs.map(t, t.id).sum() }}" }\n',
    ),
  ],
];

describe('type checks', () => {
  it('report each mistake at its place with what is wrong and how to fix it', async () => {
    const reports: string[] = [];
    for (const [name, text] of mistakes) reports.push(`# ${name}\n${await errorsOf(text)}`);
    expect(reports.join('\n')).toMatchInlineSnapshot(`
      "# text plus a number
      test.yaml:15:27: "+" cannot combine a string and an int
         15 |     with: { message: '\${{ "Day " + 1 }}' }
            |                           ^^^^^^^^^^
        hint: CEL converts nothing by itself: write string(...) around the number to join it to text, or int(...) around the text to count with it
      # a typed output plus a number
      test.yaml:15:27: "+" cannot combine a string and an int
         15 |     with: { message: '\${{ steps.tour.outputs.id + 1 }}' }
            |                           ^^^^^^^^^^^^^^^^^^^^^^^^^
        hint: CEL converts nothing by itself: write string(...) around the number to join it to text, or int(...) around the text to count with it
      # forEach over a string input
      test.yaml:15:18: "forEach" needs a list, but inputs.name is a string
         15 |     forEach: \${{ inputs.name }}
            |                  ^^^^^^^^^^^
        hint: declare input "name" with "type: list" (and "items:" for its elements)
      # forEach over a count
      test.yaml:15:28: "forEach" needs a list, but size(steps.tour.outputs.days) is an int
         15 |     forEach: { items: "\${{ size(steps.tour.outputs.days) }}", as: day }
            |                            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
        hint: give a list, e.g. [x]
      # a method text does not have
      test.yaml:15:27: inputs.name is a string: it has no method join()
         15 |     with: { message: '\${{ inputs.name.join(", ") }}' }
            |                           ^^^^^^^^^^^^^^^^^^^^^^
        hint: join() applies to list
      # a method nothing has
      test.yaml:15:27: unknown method "upperCase"
         15 |     with: { message: '\${{ inputs.name.upperCase() }}' }
            |                           ^^^^^^^^^^^^^^^^^^^^^^^
        hint: did you mean "upperAscii"?
      # a function that does not exist
      test.yaml:15:27: unknown function "lenght"
         15 |     with: { message: '\${{ lenght(inputs.names) }}' }
            |                           ^^^^^^^^^^^^^^^^^^^^
        hint: did you mean "size"?
      # a field an output element does not have
      test.yaml:15:54: steps.tour.outputs.days[0] has no field "city"
         15 |     with: { message: '\${{ steps.tour.outputs.days[0].city }}' }
            |                                                      ^^^^
        hint: its fields: id, date, name, dayType, timeZone
      # a field of the element in map()
      test.yaml:15:60: d has no field "dat"
         15 |     with: { message: '\${{ steps.tour.outputs.days.map(d, d.dat).join(", ") }}' }
            |                                                            ^^^
        hint: did you mean "date"?
      # a field of item in a forEach over an output
      test.yaml:16:32: item has no field "nmae"
         16 |     with: { message: "\${{ item.nmae }}" }
            |                                ^^^^
        hint: did you mean "name"?
      # index joined to text
      test.yaml:16:27: "+" cannot combine a string and an int
         16 |     with: { message: "\${{ item + index }}" }
            |                           ^^^^^^^^^^^^
        hint: CEL converts nothing by itself: write string(...) around the number to join it to text, or int(...) around the text to count with it
      # a field result does not have
      test.yaml:16:32: result has no field "aproved"
         16 |     outputs: { ok: "\${{ result.aproved }}" }
            |                                ^^^^^^^
        hint: did you mean "approved"?
      # an if that gives text
      test.yaml:15:13: "if" needs true or false, but inputs.name is a string
         15 |     if: \${{ inputs.name }}
            |             ^^^^^^^^^^^
        hint: compare it, e.g. inputs.name != ""
      # && with a list
      test.yaml:15:13: "&&" needs true or false on both sides, but inputs.names is a list<string>
         15 |     if: \${{ inputs.confirm && inputs.names }}
            |             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
        hint: test it, e.g. size(inputs.names) > 0
      # orValue() on a plain value
      test.yaml:15:34: inputs.name is a string, not an optional value: orValue() and hasValue() apply to optional values
         15 |     with: { message: '\${{ inputs.name.orValue("x") }}' }
            |                                  ^^^^
        hint: read it with ".?" to get an optional value: inputs.?name
      # choices of two written-out types
      test.yaml:15:27: the two choices of "? :" give an int and a string
         15 |     with: { message: '\${{ inputs.confirm ? 1 : "none" }}' }
            |                           ^^^^^^^^^^^^^^^^^^^^^^^^^^^
        hint: give both the same type, e.g. string(...) around a number
      # a list where the argument takes text
      test.yaml:15:64: name: takes text, but inputs.names is a list<string>
         15 |     with: { tourId: "\${{ steps.tour.outputs.id }}", name: "\${{ inputs.names }}", color: Red }
            |                                                                ^^^^^^^^^^^^
        hint: pick one element, e.g. inputs.names[0], or join them: inputs.names.join(", ")
      # one ID where the argument takes a list
      test.yaml:15:81: ids: takes a list, but steps.tour.outputs.days[0].id is an int
         15 |     with: { tourId: "\${{ steps.tour.outputs.id }}", status: Approved, ids: "\${{ steps.tour.outputs.days[0].id }}" }
            |                                                                                 ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
        hint: put it in a list: [steps.tour.outputs.days[0].id]"
    `);
  });

  it.each(fine)('let through what only the run can tell: %s', async (_name, text) => {
    expect(await errorsOf(text)).toBe('');
  });
});
