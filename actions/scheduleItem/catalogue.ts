/**
 * Schedule items, as the catalogue gives them: `schedule.item.list`, `create`, `schedule.items.create`
 * (a batch), `update`, `delete`, `restore`, `schedule.confirmAll` (a day), and an item's tags
 * (`setTags`, `addTags`, `removeTags`; the tour's tags themselves are in `actions/tag/`). No I/O;
 * the worker's handlers are in `handlers.ts` and the `*-handlers.ts` files beside it.
 */
import { z } from 'zod';
import { daySelection } from '../tour/catalogue.ts';
import { tagRef } from '../tag/catalogue.ts';
import { itemOfDay, scheduleItemFields, scheduleItemSpec } from './vocabulary.ts';
import { restoreAction } from '../../definitions/actions/by-id.ts';
import { defineRead, listOutputs, nullableText } from '../../definitions/actions/lists.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { ActionKind, defineAction, destroysWhenListed } from '../../definitions/actions/types.ts';
import { dayRef, nameOrId, nameRef, numericId, tourId, unresolved } from '../../definitions/actions/vocabulary.ts';
import { outputs, recordId, recordIds, wholeNumber } from '../../definitions/actions/outputs.ts';

export { itemOfDay, scheduleItemFields, scheduleItemSpec, type ScheduleItemSpec } from './vocabulary.ts';

/** A schedule item as the list actions give it. */
export const itemEntry = z.strictObject({
  id: z.int(),
  dayId: z.int(),
  date: z.string(),
  name: z.string(),
  start: nullableText,
  end: nullableText,
  confirmed: z.boolean(),
  tags: z.array(z.string()),
  tagIds: z.array(z.int()),
  type: nullableText,
  location: nullableText,
});
export const ITEM_FIELDS = Object.keys(itemEntry.shape).join(', ');

export const scheduleItemListArgs = z.strictObject({
  tourId,
  day: dayRef.optional().describe('Only this day (date or ID).'),
  ...daySelection,
  name: z.string().min(1).optional().describe('Only items with this name (case-insensitive).'),
  tags: z.array(nameRef('A tag')).optional().describe('Only items carrying one of these tags.'),
  confirmed: z.boolean().optional().describe('Only confirmed (true) or unconfirmed (false) items.'),
});
export type ScheduleItemListArgs = z.infer<typeof scheduleItemListArgs>;

export const scheduleItemList = defineRead({
  name: 'schedule.item.list',
  description:
    'List the schedule items of a day or of days chosen by date range, dates, day type or name, filtered by item name, tags and status.',
  args: scheduleItemListArgs,
  outputs: listOutputs('items', itemEntry),
  calls: ['GET /v1/tours/{tourId}/data', 'GET /v1/tours/{tourId}/days/{dayId}/schedule', 'GET /v1/tours/{tourId}/tags'],
});

export const scheduleItemCreateArgs = scheduleItemSpec.extend({ tourId });
export type ScheduleItemCreateArgs = z.infer<typeof scheduleItemCreateArgs>;

export const scheduleItemCreate = defineAction({
  name: 'schedule.item.create',
  description: 'Create one schedule item on a day; times are HH:mm in the day’s time zone.',
  args: scheduleItemCreateArgs,
  outputs: outputs({ id: recordId('item ID'), dayId: recordId('day ID') }),
  calls: [
    'GET /v1/tours/{tourId}/data',
    'GET /v1/reference/types',
    'GET /v1/tours/{tourId}/tags',
    'POST /v1/schedule/items',
  ],
  kind: ActionKind.create,
  compensation: { describe: 'delete the item', calls: ['DELETE /v1/schedule/items/{itemId}'] },
});

export const scheduleItemsCreateArgs = z.strictObject({
  tourId,
  items: z.array(scheduleItemSpec).min(1).max(500).describe('Items, possibly on different days.'),
});
export type ScheduleItemsCreateArgs = z.infer<typeof scheduleItemsCreateArgs>;

export const scheduleItemsCreate = defineAction({
  name: 'schedule.items.create',
  description: 'Create many schedule items in one batch call (they may span days of the tour).',
  args: scheduleItemsCreateArgs,
  outputs: outputs({ ids: recordIds('item IDs in the order given'), count: wholeNumber('number of items') }),
  calls: [
    'GET /v1/tours/{tourId}/data',
    'GET /v1/reference/types',
    'GET /v1/tours/{tourId}/tags',
    'POST /v1/schedule/items/batch',
  ],
  kind: ActionKind.create,
  compensation: { describe: 'delete the created items', calls: ['DELETE /v1/schedule/items/{itemId}'] },
});

export const scheduleItemUpdateArgs = z
  .strictObject({
    tourId,
    day: dayRef.describe('The item’s day (to find it by name and read its current state for undo).'),
    ...itemOfDay,
    name: z.string().min(1).optional(),
    confirmed: z.boolean().optional(),
    tags: z.array(tagRef).optional().describe('Replaces the item’s tags.'),
    ...scheduleItemFields,
    removeAttachments: z
      .array(numericId)
      .optional()
      .describe('Attachment IDs to remove for good (needs allowDestroy: true).'),
  })
  .superRefine(nameOrId('item', 'itemId'));
export type ScheduleItemUpdateArgs = z.infer<typeof scheduleItemUpdateArgs>;

export const scheduleItemUpdate = defineAction({
  name: 'schedule.item.update',
  description:
    'Change a schedule item (by its day and name or ID): name, times, all-day, location, notes, status, color, travel details, tags; or remove its attachments.',
  args: scheduleItemUpdateArgs,
  outputs: outputs({ id: recordId('item ID') }),
  calls: [
    'GET /v1/tours/{tourId}/data',
    'GET /v1/reference/types',
    'GET /v1/tours/{tourId}/days/{dayId}/schedule',
    'PUT /v1/schedule/items/{itemId}',
  ],
  kind: ActionKind.update,
  compensation: {
    describe: 'write back every field it changed as it was, and the previous tags (removed attachments stay removed)',
    calls: ['PUT /v1/schedule/items/{itemId}'],
  },
  destructive: destroysWhenListed(
    'removeAttachments',
    (which) => `removes attachments${which} permanently; the API cannot restore them`,
  ),
});

export const scheduleItemDeleteArgs = z
  .strictObject({
    tourId: tourId.optional().describe('The item’s tour: needed with "item".'),
    day: dayRef.optional().describe('The item’s day: needed with "item".'),
    ...itemOfDay,
  })
  .superRefine(nameOrId('item', 'itemId'))
  .refine(
    (args) => unresolved(args) || args.item === undefined || (args.tourId !== undefined && args.day !== undefined),
    {
      message: '"item" needs "tourId" and "day"',
      path: ['item'],
    },
  );
export type ScheduleItemDeleteArgs = z.infer<typeof scheduleItemDeleteArgs>;

export const scheduleItemDelete = defineAction({
  name: 'schedule.item.delete',
  description: 'Delete a schedule item, by its day and name or by ID (it can be restored).',
  args: scheduleItemDeleteArgs,
  outputs: outputs({ id: z.int().nullable().describe('item ID, null when an earlier attempt deleted it') }),
  calls: ['GET /v1/tours/{tourId}/days/{dayId}/schedule', 'DELETE /v1/schedule/items/{itemId}'],
  kind: ActionKind.delete,
  compensation: { describe: 'restore the item', calls: ['POST /v1/schedule/items/{itemId}/restore'] },
});

export const scheduleConfirmAllArgs = z.strictObject({ tourId, day: dayRef });
export type ScheduleConfirmAllArgs = z.infer<typeof scheduleConfirmAllArgs>;

export const scheduleConfirmAll = defineAction({
  name: 'schedule.confirmAll',
  description: 'Confirm every schedule item of a day.',
  args: scheduleConfirmAllArgs,
  outputs: outputs({ ids: recordIds('IDs of the items the call confirmed'), count: wholeNumber('how many changed') }),
  calls: ['POST /v1/tours/{tourId}/days/{dayId}/confirm-all'],
  kind: ActionKind.bulk,
  compensation: {
    describe: 'set the items it confirmed back to unconfirmed',
    calls: ['PUT /v1/schedule/items/{itemId}'],
  },
});

export const scheduleItemRestore = restoreAction(
  { prefix: 'schedule.item', noun: 'schedule item', idArg: 'itemId', path: '/v1/schedule/items/{itemId}' },
  'Bring back a deleted schedule item, its content intact.',
);

export const scheduleItemSetTagsArgs = z
  .strictObject({
    tourId,
    day: dayRef.describe('The item’s day (to find it by name and read its current tags for undo).'),
    ...itemOfDay,
    tags: z.array(tagRef).describe('The new set; [] clears.'),
  })
  .superRefine(nameOrId('item', 'itemId'));
export type ScheduleItemSetTagsArgs = z.infer<typeof scheduleItemSetTagsArgs>;

export const scheduleItemSetTags = defineAction({
  name: 'schedule.item.setTags',
  description: 'Replace the tags of a schedule item.',
  args: scheduleItemSetTagsArgs,
  outputs: outputs({ tagIds: recordIds('the item’s tag IDs now'), previous: recordIds('tag IDs before') }),
  calls: [
    'GET /v1/tours/{tourId}/tags',
    'GET /v1/tours/{tourId}/days/{dayId}/schedule',
    'PUT /v1/schedule/items/{itemId}/tags',
  ],
  kind: ActionKind.update,
  compensation: { describe: 'put back the previous tags', calls: ['PUT /v1/schedule/items/{itemId}/tags'] },
});

export const scheduleItemTagChangeArgs = z
  .strictObject({
    tourId,
    day: dayRef.describe('The item’s day (to find it by name and read its current tags).'),
    ...itemOfDay,
    tags: z.array(tagRef).min(1).describe('Tags by name or ID.'),
  })
  .superRefine(nameOrId('item', 'itemId'));
export type ScheduleItemTagChangeArgs = z.infer<typeof scheduleItemTagChangeArgs>;

const tagChangeOutputs = outputs({
  tagIds: recordIds('the item’s tag IDs now'),
  previous: recordIds('tag IDs before'),
  changed: recordIds('tag IDs this step added or removed'),
});
const tagChangeCalls = [
  'GET /v1/tours/{tourId}/tags',
  'GET /v1/tours/{tourId}/days/{dayId}/schedule',
  'PUT /v1/schedule/items/{itemId}/tags',
];

export const scheduleItemAddTags = defineAction({
  name: 'schedule.item.addTags',
  description: 'Add tags to a schedule item, keeping the ones it has.',
  args: scheduleItemTagChangeArgs,
  outputs: tagChangeOutputs,
  calls: tagChangeCalls,
  kind: ActionKind.update,
  compensation: {
    describe: 'remove the tags it added (tags the item had before stay)',
    calls: ['PUT /v1/schedule/items/{itemId}/tags'],
  },
});

export const scheduleItemRemoveTags = defineAction({
  name: 'schedule.item.removeTags',
  description: 'Remove tags from a schedule item, keeping the others.',
  args: scheduleItemTagChangeArgs,
  outputs: tagChangeOutputs,
  calls: tagChangeCalls,
  kind: ActionKind.update,
  compensation: {
    describe: 'add back the tags it removed (unless deleted since)',
    calls: ['PUT /v1/schedule/items/{itemId}/tags'],
  },
});

/**
 * The schedule item actions, in the order the docs list them (`definitions/actions/index.ts` takes
 * them all): the item itself, then its tags (listed after the tour's tags).
 */
export const scheduleItemActionList = [
  scheduleItemList,
  scheduleItemCreate,
  scheduleItemsCreate,
  scheduleItemUpdate,
  scheduleItemDelete,
  scheduleItemRestore,
  scheduleConfirmAll,
] as const;
export const scheduleItemTagActionList = [scheduleItemSetTags, scheduleItemAddTags, scheduleItemRemoveTags] as const;

const exampleTour = '${{ inputs.tourId }}';
/** One example step per schedule item action (its `with:`), shown in the docs and compiled by a test (`definitions/actions/examples.ts`). */
export const SCHEDULE_ITEM_EXAMPLES: Readonly<Record<string, JsonObject>> = {
  'schedule.item.list': { tourId: exampleTour, name: 'Soundcheck', dayTypes: ['Show'] },
  'schedule.item.create': {
    tourId: exampleTour,
    day: '2027-03-27',
    name: 'Soundcheck',
    start: '16:00',
    end: '17:30',
    tags: ['Production'],
  },
  'schedule.items.create': {
    tourId: exampleTour,
    items: [
      { day: '2027-03-27', name: 'Load-in', start: '10:00' },
      { day: '2027-03-27', name: 'Show', start: '20:30', end: '22:30' },
    ],
  },
  'schedule.item.update': {
    tourId: exampleTour,
    day: '2027-03-27',
    item: 'Soundcheck',
    name: 'Line check',
    confirmed: true,
  },
  'schedule.item.delete': { tourId: exampleTour, day: '2027-03-27', item: 'Line check' },
  'schedule.item.restore': { itemId: 5012 },
  'schedule.confirmAll': { tourId: exampleTour, day: '2027-03-27' },
  'schedule.item.setTags': { tourId: exampleTour, day: '2027-03-27', item: 'Soundcheck', tags: ['Production', 'Band'] },
  'schedule.item.addTags': { tourId: exampleTour, day: '2027-03-27', item: 'Soundcheck', tags: ['Production'] },
  'schedule.item.removeTags': { tourId: exampleTour, day: '2027-03-27', item: 'Soundcheck', tags: ['Band'] },
};
