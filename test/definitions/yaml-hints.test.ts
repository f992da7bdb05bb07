/** YAML mistakes with the hint they need: indentation at the line that is wrong, never "quote"; a comma in `{ }` says to quote. */
import { describe, expect, it } from 'vitest';
import { errorsOf } from './helpers.ts';

const HEAD = 'apiVersion: tourflow/v1\nname: t\nsteps:\n  - id: a\n';

describe('YAML mistakes', () => {
  it.each([
    [
      'a line indented deeper after an expression',
      '    action: tour.find\n    with:\n      name: ${{ inputs.x }}\n       org: Acme\n',
      'test.yaml:8:8: YAML syntax: line 8 is indented deeper than line 7, whose value is already given\n    8 |        org: Acme\n      |        ^^^^^^^^^\n  hint: start it at column 7, as "name:" on line 7, if it belongs with it',
    ],
    [
      'a key indented deeper than the one before',
      '    action: tour.find\n      with:\n      name: x\n',
      'test.yaml:6:7: YAML syntax: line 6 is indented deeper than line 5, whose value is already given\n    6 |       with:\n      |       ^^^^^\n  hint: start it at column 5, as "action:" on line 5, if it belongs with it',
    ],
    [
      'a key indented less than the one before',
      '    action: tour.find\n    with:\n      name: ${{ inputs.x }}\n     org: Acme\n',
      'test.yaml:8:6: YAML syntax: All mapping items must start at the same column\n    8 |      org: Acme\n      |      ^^^^^^^^^\n  hint: start it at column 7, as "name:" on line 7, if it belongs with it',
    ],
    [
      'a field of a list item indented less than the one before',
      '    action: tour.find\n   with:\n      name: x\n',
      'test.yaml:6:4: YAML syntax: Sequence item without - indicator\n    6 |    with:\n      |    ^^^^^\n  hint: start it at column 5, as "action:" on line 5, if it belongs with it',
    ],
    [
      'a list item indented deeper than the one before',
      '    action: approval\n    with: { message: go }\n   - id: b\n    action: approval\n    with: { message: go }\n',
      'test.yaml:7:4: YAML syntax: All sequence items must start at the same column\n    7 |    - id: b\n      |    ^^^^^^^\n  hint: start it at column 3, as "- id: a" on line 4, if it belongs with it',
    ],
  ])('%s: placed at the wrong line, with the column it belongs at, never "quote"', async (_what, steps, expected) => {
    const errors = await errorsOf(HEAD + steps);
    expect(errors).toBe(expected);
    expect(errors).not.toMatch(/quote/i);
  });

  it('still says to quote an expression whose ": " YAML reads as structure', async () => {
    const errors = await errorsOf(
      `${HEAD}    action: approval\n    with:\n      message: \${{ inputs.x ? "a: b" : "c" }}\n`,
    );
    expect(errors).toContain('hint: quote the expression: "${{ ... }}"');
  });

  it.each([
    [
      'a bulletin body',
      '    action: bulletin.create\n    with: { tourId: 6f1c2a9e-0b7d-4c3e-9a51-2d8f4b6e7c10, day: 2027-05-14, title: Bus call, body: Leave at 9, bring passports }\n',
      'unknown field "bring passports"',
      'hint: a "," inside { } ends a field: quote the text that holds one, body: "Leave at 9, bring passports"',
    ],
    [
      'an approval message',
      '    action: approval\n    with: { message: Go, or not?, timeout: 1h }\n',
      'unknown field "or not?"',
      'hint: a "," inside { } ends a field: quote the text that holds one, message: "Go, or not?"',
    ],
  ])('a comma in an unquoted { } value (%s) gets the hint to quote the text', async (_what, steps, message, hint) => {
    const errors = await errorsOf(HEAD + steps);
    expect(errors).toContain(message);
    expect(errors).toContain(hint);
  });

  it('a ": " in an unquoted { } value gets the hint to quote the text', async () => {
    const errors = await errorsOf(`${HEAD}    action: approval\n    with: { message: Doors: 19:30 }\n`);
    expect(errors).toContain(
      'hint: quote the text: "..." (unquoted inside { }, YAML reads ", " as the end of a field and ": " as a new one)',
    );
  });

  it('an unknown field without a comma before it keeps the "did you mean"', async () => {
    const errors = await errorsOf(`${HEAD}    action: approval\n    with: { mesage: go }\n`);
    expect(errors).toContain('hint: did you mean "message"?');
  });
});

describe('the action table', () => {
  it("says which fields a venue's location requires", async () => {
    const { actionReference } = await import('../../definitions/reference.ts');
    const venue = actionReference().split('### `venue.create`')[1]!.split('### ')[0]!;
    expect(venue).toContain('| `location` | { address, lat, lng, placeId? } | optional |');
  });
});
