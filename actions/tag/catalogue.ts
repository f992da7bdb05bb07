/**
 * The tour's tags, as the catalogue gives them: `tag.list`, `tag.create`, `tag.delete` (for good)
 * and `tag.update` (arguments, outputs, calls, undo). No I/O; the worker's handlers are in
 * `handlers.ts`. An item's tags (`schedule.item.setTags`, ...) are the schedule item's actions.
 */
import { z } from 'zod';
import { ActionKind, defineAction } from '../../definitions/actions/types.ts';
import { outputs, recordId, recordIds, text, wholeNumber } from '../../definitions/actions/outputs.ts';
import { lookupName, numericId, tourId, unresolved } from '../../definitions/actions/vocabulary.ts';
import { defineRead, nullableInt, nullableText } from '../../definitions/actions/lists.ts';

/** A tag by name (created beforehand with tag.create) or ID. */
export const tagRef = z.union([z.string().min(1), numericId]).describe('A tag name or ID.');

export const tagListArgs = z.strictObject({
  tourId,
  name: z.string().min(1).optional().describe('Only the tag with this name (case-insensitive).'),
  usage: z.boolean().default(true).describe('Count the items carrying each tag (one call per tag).'),
});
export type TagListArgs = z.infer<typeof tagListArgs>;

export const tagList = defineRead({
  name: 'tag.list',
  description: 'List the tour’s tags with how many schedule items carry each.',
  args: tagListArgs,
  outputs: outputs({
    tags: z
      .array(z.strictObject({ id: z.int(), name: z.string(), color: nullableText, usageCount: nullableInt }))
      .describe('list of { id, name, color, usageCount }'),
    ids: recordIds('their IDs'),
    names: z.array(z.string()).describe('their names'),
    count: wholeNumber('number of tags'),
  }),
  calls: ['GET /v1/tours/{tourId}/tags', 'GET /v1/tours/{tourId}/tags/{tagId}/usage'],
});

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
  outputs: outputs({
    id: z.int().nullable().describe('tag ID'),
    usageCount: z.int().nullable().describe('how many items carried it'),
  }),
  calls: [
    'GET /v1/tours/{tourId}/tags',
    'GET /v1/tours/{tourId}/tags/{tagId}/usage',
    'DELETE /v1/tours/{tourId}/tags/{tagId}',
  ],
  kind: ActionKind.delete,
  compensation: null,
  destructive: () => 'deletes a tag permanently and removes it from every schedule item; the API cannot restore it',
});

export const tagUpdateArgs = z
  .strictObject({
    tourId,
    tag: tagRef,
    name: z.string().min(1).max(100).optional().describe('The new name.'),
    color: lookupName('avatarColors')
      .optional()
      .describe('The new color: a name from the avatarColors lookup, or its ID.'),
  })
  .refine(
    (args) => unresolved(args) || args.name !== undefined || args.color !== undefined,
    'give "name", "color" or both',
  );
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

/** The tag actions, in the order the docs list them: `definitions/actions/index.ts` takes them all. */
export const tagActionList = [tagList, tagCreate, tagDelete, tagUpdate] as const;

const exampleTour = '${{ inputs.tourId }}';
/** One example step per tag action (its `with:`), shown in the docs and compiled by a test (`definitions/actions/examples.ts`). */
export const TAG_EXAMPLES = {
  'tag.list': { tourId: exampleTour },
  'tag.create': { tourId: exampleTour, name: 'Production', color: 'Green' },
  'tag.delete': { tourId: exampleTour, tag: 'Old tag' },
  'tag.update': { tourId: exampleTour, tag: 'Production', name: 'Crew', color: 'Red' },
} as const;
