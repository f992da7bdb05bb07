/**
 * Names wherever users think in names: a walk over the action catalogue. Every argument that
 * takes a record's ID (`venueId`, `passTypeId`...) has a sibling that takes the record by name
 * (`venue`, `passType`), checked across fields like the others (`nameOrId`); a day is taken by
 * its date. The few that stay ID-only say why, here and in their descriptions.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { actions } from '../../definitions/actions/index.ts';

/** Actions whose record arguments stay IDs, and why. */
const ID_ONLY: Readonly<Record<string, string>> = {
  'schedule.item.restore':
    'a deleted record is in no list the API offers, so it has no name to look up: the delete’s output ID names it',
  'schedule.template.restore': 'a deleted record is in no list: the delete’s output ID names it',
  'guest.restore': 'a deleted record is in no list: the delete’s output ID names it',
  'passType.restore': 'a deleted record is in no list: the delete’s output ID names it',
  'room.restore': 'a deleted record is in no list: the delete’s output ID names it',
  'guests.setStatus':
    'entries are chosen by a selection (days, status, pass type, requester) in "select", never by guest name',
};

/** Record arguments named by ID that every action may take as they are: the tour (found by name with tour.find). */
const TOUR = new Set(['tourId']);

/** The argument fields of an action, by name (an object schema's; a union's branches' together). */
function fieldsOf(args: z.ZodType): Record<string, z.ZodType> {
  if (args instanceof z.ZodObject) return args.shape as Record<string, z.ZodType>;
  if (args instanceof z.ZodUnion)
    return Object.assign({}, ...(args.options as z.ZodType[]).map(fieldsOf)) as Record<string, z.ZodType>;
  if (args instanceof z.ZodPipe) return fieldsOf(args.in as z.ZodType);
  return {};
}

const records = actions.flatMap((action) =>
  Object.keys(fieldsOf(action.args))
    .filter((field) => /Id$/.test(field) && !TOUR.has(field))
    .map((field) => [action.name, field] as const),
);

describe('names everywhere', () => {
  it('walks a catalogue with record arguments', () => {
    expect(records.length).toBeGreaterThan(15);
  });

  it.each(records.filter(([action]) => !(action in ID_ONLY)))(
    '%s: "%s" has a sibling that takes the record by name',
    (name, idField) => {
      const action = actions.find((candidate) => candidate.name === name)!;
      const fields = fieldsOf(action.args);
      const nameField = idField.slice(0, -2);
      expect(
        fields[nameField],
        `${name} takes "${idField}" but no "${nameField}" (the record by name); add one through activities/names, or list the action in ID_ONLY with the reason`,
      ).toBeDefined();
      expect(fields[nameField]!.safeParse('Hotel Adlon').success, `${name}: "${nameField}" takes no name`).toBe(true);
      expect(fields[nameField]!.safeParse(12).success, `${name}: "${nameField}" takes no ID`).toBe(true);
      // exactly one of the two, and a tour to look a name up in
      expect(action.args.safeParse({ [idField]: 1, [nameField]: 'x' }).success).toBe(false);
    },
  );

  it.each(Object.entries(ID_ONLY))('%s stays ID-only: %s', (name) => {
    expect(
      actions.some((action) => action.name === name),
      `${name} is no longer an action; drop it from ID_ONLY`,
    ).toBe(true);
  });

  it.each(actions.filter((action) => 'day' in fieldsOf(action.args)).map((action) => [action.name]))(
    '%s takes a day by its date',
    (name) => {
      const fields = fieldsOf(actions.find((action) => action.name === name)!.args);
      expect(fields.day!.safeParse('2027-03-27').success).toBe(true);
    },
  );
});
