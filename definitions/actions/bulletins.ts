/** Bulletins on a day. */
import { z } from 'zod';
import { ActionKind, defineAction } from './types.ts';
import { outputs, text } from './outputs.ts';
import { dayRef, tourId } from './vocabulary.ts';

export const bulletinCreateArgs = z.strictObject({
  tourId,
  day: dayRef,
  title: z.string().min(1),
  body: z.string().min(1),
  pinned: z.boolean().default(false),
  notify: z.boolean().default(false).describe('Notify the tour members in the app.'),
  scheduledFor: z.iso.datetime({ offset: true, message: 'expected an ISO 8601 instant like 2027-03-27T09:00:00+01:00' }).optional(),
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
