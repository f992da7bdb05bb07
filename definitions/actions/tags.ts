/** The tags of a schedule item (the tour's tags themselves are in `actions/tag/`). */
import { z } from 'zod';
import { itemOfDay, tagRef } from './schedule.ts';
import { ActionKind, defineAction } from './types.ts';
import { dayRef, nameOrId, tourId } from './vocabulary.ts';
import { outputs, recordIds } from './outputs.ts';

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
