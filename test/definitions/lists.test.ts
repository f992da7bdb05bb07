/** Arguments of the list actions: defaults, and the checks across fields with their messages. */
import { describe, expect, it } from 'vitest';
import { actions } from '../../definitions/actions/index.ts';
import {
  contactListArgs,
  customFieldListArgs,
  fileListArgs,
  orgContactsArgs,
  roomListArgs,
  scheduleItemListArgs,
  scheduleTemplateListArgs,
  stayListArgs,
  tagListArgs,
  tourMembersArgs,
} from '../../definitions/actions/index.ts';
import { activityName } from '../../activities/action.ts';
import { actionModules } from '../../activities/modules.ts';

const tourId = '3f1c2a9e-4b7d-4c1e-9a2b-5d6e7f8a9b0c';
const messages = (result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.') || '(arguments)'}: ${issue.message}`) ?? [];

describe('list action arguments', () => {
  it('fill their defaults', () => {
    expect(tagListArgs.parse({ tourId })).toEqual({ tourId, usage: true });
    expect(scheduleTemplateListArgs.parse({ tourId })).toEqual({ tourId, items: false });
    expect(stayListArgs.parse({ tourId })).toEqual({ tourId, rooms: false });
    expect(tourMembersArgs.parse({ tourId })).toEqual({ tourId, invites: true });
  });

  it.each([
    [
      'schedule.item.list with a day and name',
      scheduleItemListArgs,
      { tourId, day: '2027-03-27', name: 'Soundcheck', tags: ['Production', 4] },
      [],
    ],
    [
      'schedule.item.list with an unknown field',
      scheduleItemListArgs,
      { tourId, date: '2027-03-27' },
      ['(arguments): Unrecognized key: "date"'],
    ],
    [
      'stay.list with "to" before "from"',
      stayListArgs,
      { tourId, from: '2027-03-28', to: '2027-03-27' },
      ['to: "to" is before "from"'],
    ],
    ['room.list by stay title and person', roomListArgs, { tourId, stay: 'Hotel Adlon', person: 'Sam Rivera' }, []],
    ['contact.list naming neither place', contactListArgs, { tourId }, ['(arguments): give either "venue" or "stay"']],
    [
      'contact.list naming both places',
      contactListArgs,
      { tourId, venue: 'Arena', stay: 4 },
      ['(arguments): give either "venue" or "stay"'],
    ],
    ['contact.list of a venue, by contact name', contactListArgs, { tourId, venue: 'Arena', name: 'Lena Vogt' }, []],
    [
      'contact.list with an empty name',
      contactListArgs,
      { tourId, venue: 'Arena', name: '' },
      ['name: Too small: expected string to have >=1 characters'],
    ],
    [
      'customField.list of an item without its day',
      customFieldListArgs,
      { tourId, item: 'Show' },
      ['item: "item" needs "day"'],
    ],
    [
      'file.list on an unknown kind',
      fileListArgs,
      { tourId, on: ['bus'] },
      ['on.0: Invalid option: expected one of "scheduleItem"|"venue"|"stay"|"passType"'],
    ],
    [
      'org.contacts for an org and a tour',
      orgContactsArgs,
      { org: 'Acme', tourId },
      ['(arguments): give "org" or "tourId", not both'],
    ],
  ])('%s', (_name, schema, args, expected) => {
    expect(messages(schema.safeParse(args))).toEqual(expected);
  });
});

describe('list actions in the catalogue', () => {
  const lists = actions.filter((action) => /\.(list|members|contacts|data)$/.test(action.name));
  const handlers = new Set(actionModules.flatMap((module) => Object.keys(module.actions)));

  it('are reads with nothing to undo, each served by an activity of its name', () => {
    expect(lists.map((action) => action.name).sort()).toEqual([
      'bulletin.list',
      'contact.list',
      'customField.list',
      'daySheet.data',
      'file.list',
      'org.contacts',
      'org.members',
      'passType.list',
      'room.list',
      'schedule.item.list',
      'schedule.template.list',
      'stay.list',
      'tag.list',
      'tour.members',
      'venue.list',
    ]);
    for (const action of lists) {
      expect(action).toMatchObject({ kind: 'read', compensation: null, activity: activityName(action.name) });
      expect(handlers.has(action.name), action.name).toBe(true);
    }
  });
});
