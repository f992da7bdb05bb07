/** A day's guest list configuration: its cap, lock, cut-off, venue and per-pass-type caps. */
import { z } from 'zod';
import { ActionKind, defineAction } from './types.ts';
import { outputs, recordId, text } from './outputs.ts';
import { dayRef, nameRef, tourId, unresolved } from './vocabulary.ts';

const SETTINGS = ['cap', 'locked', 'cutoff', 'venue', 'passCaps'] as const;

export const guestsConfigureDayArgs = z
  .strictObject({
    tourId,
    day: dayRef,
    cap: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .optional()
      .describe(
        'Most guests the day takes: the party sizes of its entries not declined, pending ones included; null lifts the cap.',
      ),
    locked: z
      .boolean()
      .optional()
      .describe(
        'true: no entry of the day can be added or changed, nor approved or declined (deletes still go through).',
      ),
    cutoff: z.iso
      .datetime({ offset: true, message: 'expected an ISO 8601 instant like 2027-03-27T12:00:00+01:00' })
      .nullable()
      .optional()
      .describe('When the day’s guest list closes (afterwards as if locked); null: no cut-off. The day needs a venue.'),
    venue: nameRef('The venue the day’s guest list belongs to')
      .nullable()
      .optional()
      .describe('The venue the guest list belongs to (name or ID); null: the day’s first venue.'),
    passCaps: z
      .array(z.strictObject({ type: nameRef('The pass type'), cap: z.number().int().nonnegative() }))
      .optional()
      .describe('Most passes of each listed type for the day; replaces the day’s whole list ([] clears it).'),
  })
  .refine(
    (args) => unresolved(args) || SETTINGS.some((key) => key in args),
    `give at least one of ${SETTINGS.join(', ')}`,
  );
export type GuestsConfigureDayArgs = z.infer<typeof guestsConfigureDayArgs>;

export const guestsConfigureDay = defineAction({
  name: 'guests.configureDay',
  description:
    'Set a day’s guest list cap, lock, cut-off, venue or per-pass-type caps; settings not given stay as they are.',
  args: guestsConfigureDayArgs,
  outputs: outputs({
    dayId: recordId('the day’s ID'),
    date: text('the day’s date'),
    cap: z.int().nullable().describe('the day’s cap after the change'),
    locked: z.boolean().describe('whether the day is locked after the change'),
    cutoff: text('the cut-off after the change (ISO 8601)').nullable(),
  }),
  calls: [
    'GET /v1/tours/{tourId}/data',
    'GET /v1/tours/{tourId}/venues',
    'GET /v1/tours/{tourId}/passTypes',
    'GET /v1/tours/{tourId}/days/{dayId}/guestlist/config',
    'PUT /v1/tours/{tourId}/days/{dayId}/guestlist/config',
  ],
  kind: ActionKind.update,
  compensation: {
    describe: 'write the day’s previous configuration back (cap, lock, cut-off, venue, pass caps)',
    calls: ['PUT /v1/tours/{tourId}/days/{dayId}/guestlist/config'],
  },
});
