/**
 * Bulletins on a day, as the catalogue gives them: `bulletin.create`, `bulletin.update`,
 * `bulletin.delete` and `bulletin.list` (arguments, outputs, calls, undo). No I/O; the worker's
 * handlers are in `handlers.ts`.
 */
import { z } from 'zod';
import { ActionKind, defineAction } from '../../definitions/actions/types.ts';
import { outputs, text, wholeNumber } from '../../definitions/actions/outputs.ts';
import { dayRef, nameOrId, numericId, tourId, unresolved } from '../../definitions/actions/vocabulary.ts';
import { finalDelete, namedRecordArgs } from '../../definitions/actions/by-id.ts';
import { defineRead, nullableText } from '../../definitions/actions/lists.ts';
import { daySelection } from '../tour/catalogue.ts';

export const bulletinCreateArgs = z.strictObject({
  tourId,
  day: dayRef,
  title: z.string().min(1),
  body: z.string().min(1),
  pinned: z.boolean().default(false),
  notify: z.boolean().default(false).describe('Notify the tour members in the app.'),
  scheduledFor: z.iso
    .datetime({ offset: true, message: 'expected an ISO 8601 instant like 2027-03-27T09:00:00+01:00' })
    .optional(),
});
export type BulletinCreateArgs = z.infer<typeof bulletinCreateArgs>;

export const bulletinCreate = defineAction({
  name: 'bulletin.create',
  description: 'Post a bulletin on a day.',
  args: bulletinCreateArgs,
  outputs: outputs({ id: text('bulletin ID') }),
  calls: ['GET /v1/tours/{tourId}/data', 'POST /v1/bulletins'],
  kind: ActionKind.create,
  compensation: { describe: 'delete the bulletin', calls: ['DELETE /v1/bulletins/{bulletinId}'] },
});

/** A bulletin's ID (bulletin IDs are strings). */
const bulletinId = z.string().min(1).max(64).describe('The bulletin’s ID (bulletin.create’s output `id`).');

/** A bulletin named by `bulletin` (its title or ID) or `bulletinId`. */
const namedBulletin = {
  nameArg: 'bulletin',
  idArg: 'bulletinId',
  noun: 'bulletin',
  by: 'title',
  id: bulletinId,
} as const;

export const bulletinUpdateArgs = z
  .strictObject({
    tourId: tourId.describe('The bulletin’s tour (to find it by title and read it before the change, for undo).'),
    bulletin: z
      .union([z.string().min(1), numericId])
      .optional()
      .describe('The bulletin: its title or ID.'),
    bulletinId: bulletinId.optional().describe('Or the bulletin’s ID (bulletin.create’s output `id`).'),
    title: z.string().min(1).optional(),
    body: z.string().min(1).optional(),
    pinned: z.boolean().optional(),
  })
  .superRefine(nameOrId('bulletin', 'bulletinId'))
  .refine(
    (args) => unresolved(args) || ['title', 'body', 'pinned'].some((key) => key in args),
    'give at least one of title, body, pinned',
  );
export type BulletinUpdateArgs = z.infer<typeof bulletinUpdateArgs>;

export const bulletinUpdate = defineAction({
  name: 'bulletin.update',
  description:
    'Edit a bulletin, named by its title or ID: its title or text, or pin or unpin it (the app marks it edited).',
  args: bulletinUpdateArgs,
  outputs: outputs({ id: text('bulletin ID') }),
  calls: ['GET /v1/tours/{tourId}/bulletins', 'PUT /v1/bulletins/{bulletinId}'],
  kind: ActionKind.update,
  compensation: {
    describe: 'put the previous title, text and pin back (the bulletin stays marked edited)',
    calls: ['PUT /v1/bulletins/{bulletinId}'],
  },
});

export const bulletinDeleteArgs = namedRecordArgs(namedBulletin);
export type BulletinDeleteArgs = z.infer<typeof bulletinDeleteArgs>;
export const bulletinDelete = finalDelete(
  'bulletin.delete',
  'bulletin',
  bulletinDeleteArgs,
  z.string(),
  '/v1/bulletins/{bulletinId}',
  'a bulletin',
  { by: 'title', list: '/v1/tours/{tourId}/bulletins' },
);

export const bulletinListArgs = z.strictObject({
  tourId,
  ...daySelection,
  title: z.string().min(1).optional().describe('Only bulletins with this title (case-insensitive).'),
  pinned: z.boolean().optional().describe('Only pinned (true) or unpinned (false) bulletins.'),
});
export type BulletinListArgs = z.infer<typeof bulletinListArgs>;

export const bulletinList = defineRead({
  name: 'bulletin.list',
  description: 'List the tour’s bulletins, by day range, dates, day type, title or pinned.',
  args: bulletinListArgs,
  outputs: outputs({
    bulletins: z
      .array(
        z.strictObject({
          id: z.string(),
          title: z.string(),
          body: nullableText,
          dayId: z.int(),
          date: z.string(),
          pinned: z.boolean(),
          postedAt: nullableText,
        }),
      )
      .describe('list of { id, title, body, dayId, date, pinned, postedAt }'),
    ids: z.array(z.string()).describe('their IDs'),
    count: wholeNumber('number of bulletins'),
  }),
  calls: ['GET /v1/tours/{tourId}/data', 'GET /v1/tours/{tourId}/bulletins'],
});

/** The bulletin actions, in the order the docs list them: `definitions/actions/index.ts` takes them all. */
export const bulletinActionList = [bulletinList, bulletinCreate, bulletinUpdate, bulletinDelete] as const;

const exampleTour = '${{ inputs.tourId }}';
/** One example step per bulletin action (its `with:`), shown in the docs and compiled by a test (`definitions/actions/examples.ts`). */
export const BULLETIN_EXAMPLES = {
  'bulletin.list': { tourId: exampleTour, pinned: true },
  'bulletin.create': {
    tourId: exampleTour,
    day: '2027-03-27',
    title: 'Bus call',
    body: 'The bus leaves the hotel at 09:00.',
    pinned: true,
  },
  'bulletin.update': { tourId: exampleTour, bulletin: 'Bus call', title: 'Bus call moved', pinned: false },
  'bulletin.delete': { tourId: exampleTour, bulletin: 'Bus call moved' },
} as const;
