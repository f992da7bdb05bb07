/** Schedule items restored, tags renamed and recoloured. */
import { z } from 'zod';
import { restoreAction } from './by-id.ts';
import { tagRef } from './schedule.ts';
import { ActionKind, defineAction } from './types.ts';
import { outputs, recordId, text } from './outputs.ts';
import { lookupName, tourId, unresolved } from './vocabulary.ts';

export const scheduleItemRestore = restoreAction(
  { prefix: 'schedule.item', noun: 'schedule item', idArg: 'itemId', path: '/v1/schedule/items/{itemId}' },
  'Bring back a deleted schedule item, its content intact.',
);

export const tagUpdateArgs = z
  .strictObject({
    tourId,
    tag: tagRef,
    name: z.string().min(1).max(100).optional().describe('The new name.'),
    color: lookupName('avatarColors').optional().describe('The new color: a name from the avatarColors lookup, or its ID.'),
  })
  .refine((args) => unresolved(args) || args.name !== undefined || args.color !== undefined, 'give "name", "color" or both');
export type TagUpdateArgs = z.infer<typeof tagUpdateArgs>;

export const tagUpdate = defineAction({
  name: 'tag.update',
  description: 'Rename or recolour a tag; every schedule item carrying it shows the change.',
  args: tagUpdateArgs,
  outputs: outputs({ id: recordId('tag ID'), name: text('the tag’s name now') }),
  calls: ['GET /v1/tours/{tourId}/tags', 'GET /v1/reference/types', 'PUT /v1/tours/{tourId}/tags/{tagId}'],
  kind: ActionKind.update,
  compensation: { describe: 'put the previous name and color back', calls: ['PUT /v1/tours/{tourId}/tags/{tagId}'] },
});
