/** Tags of a tour and the tags of a schedule item. */
import { z } from 'zod';
import { itemOfDay, tagRef } from './schedule.ts';
import { ActionKind, defineAction } from './types.ts';
import { dayRef, lookupName, nameOrId, tourId } from './vocabulary.ts';
import { outputs, recordId, recordIds, text } from './outputs.ts';

export const tagCreateArgs = z.strictObject({
  tourId,
  name: z.string().min(1).max(100),
  color: lookupName('avatarColors').describe('A color name from the avatarColors lookup, or its ID.'),
});
export type TagCreateArgs = z.infer<typeof tagCreateArgs>;

export const tagCreate = defineAction({
  name: 'tag.create',
  description: 'Create a tag for the tour’s schedule items.',
  args: tagCreateArgs,
  outputs: outputs({ id: recordId('tag ID'), name: text('tag name') }),
  calls: ['GET /v1/reference/types', 'POST /v1/tours/{tourId}/tags'],
  kind: ActionKind.create,
  compensation: { describe: 'delete the tag', calls: ['DELETE /v1/tours/{tourId}/tags/{tagId}'] },
});

export const tagDeleteArgs = z.strictObject({ tourId, tag: tagRef });
export type TagDeleteArgs = z.infer<typeof tagDeleteArgs>;

export const tagDelete = defineAction({
  name: 'tag.delete',
  description: 'Delete a tag for good: it disappears from every schedule item; there is no restore.',
  args: tagDeleteArgs,
  outputs: outputs({ id: z.int().nullable().describe('tag ID'), usageCount: z.int().nullable().describe('how many items carried it') }),
  calls: ['GET /v1/tours/{tourId}/tags', 'GET /v1/tours/{tourId}/tags/{tagId}/usage', 'DELETE /v1/tours/{tourId}/tags/{tagId}'],
  kind: ActionKind.delete,
  compensation: null,
  destructive: () => 'deletes a tag permanently and removes it from every schedule item; the API cannot restore it',
});

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
  calls: ['GET /v1/tours/{tourId}/tags', 'GET /v1/tours/{tourId}/days/{dayId}/schedule', 'PUT /v1/schedule/items/{itemId}/tags'],
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
const tagChangeCalls = ['GET /v1/tours/{tourId}/tags', 'GET /v1/tours/{tourId}/days/{dayId}/schedule', 'PUT /v1/schedule/items/{itemId}/tags'];

export const scheduleItemAddTags = defineAction({
  name: 'schedule.item.addTags',
  description: 'Add tags to a schedule item, keeping the ones it has.',
  args: scheduleItemTagChangeArgs,
  outputs: tagChangeOutputs,
  calls: tagChangeCalls,
  kind: ActionKind.update,
  compensation: { describe: 'remove the tags it added (tags the item had before stay)', calls: ['PUT /v1/schedule/items/{itemId}/tags'] },
});

export const scheduleItemRemoveTags = defineAction({
  name: 'schedule.item.removeTags',
  description: 'Remove tags from a schedule item, keeping the others.',
  args: scheduleItemTagChangeArgs,
  outputs: tagChangeOutputs,
  calls: tagChangeCalls,
  kind: ActionKind.update,
  compensation: { describe: 'add back the tags it removed (unless deleted since)', calls: ['PUT /v1/schedule/items/{itemId}/tags'] },
});
