/** Schedule items: single and batch creation, updates, deletion, confirm-all. */
import { z } from 'zod';
import { ActionKind, defineAction, destroysWhenListed } from './types.ts';
import {
  clockTime,
  dayRef,
  lookupName,
  nameOrId,
  nameRef,
  numericId,
  timeZone,
  tourId,
  unresolved,
  visibility,
} from './vocabulary.ts';
import { outputs, recordId, recordIds, wholeNumber } from './outputs.ts';

/** A tag by name (created beforehand with tag.create) or ID. */
export const tagRef = z.union([z.string().min(1), numericId]).describe('A tag name or ID.');

/** One schedule item in the playbook's vocabulary. */
export const scheduleItemSpec = z.strictObject({
  day: dayRef,
  name: z.string().min(1),
  start: clockTime.describe('Start, local time of the day (HH:mm).'),
  end: clockTime.optional().describe('End, local time (HH:mm).'),
  timeZone: timeZone.optional().describe('Time zone of start and end. @default the day’s'),
  startType: lookupName('scheduleItemTimeTypes').optional().describe('@default the first time type'),
  endType: lookupName('scheduleItemTimeTypes').optional(),
  allDay: z.boolean().optional(),
  confirmed: z.boolean().optional().describe('Confirmed (true) or tentative. @default false'),
  statusType: lookupName('statusTypes').optional(),
  type: lookupName('scheduleItemTypes')
    .optional()
    .describe('Regular (default) or a travel type; travel needs "origin".'),
  location: z.string().optional(),
  notes: z.string().optional(),
  origin: z.string().min(1).optional().describe('Travel: where from (address).'),
  destination: z.string().min(1).optional().describe('Travel: where to (address).'),
  tags: z.array(tagRef).optional(),
  visibility: visibility.optional().describe('Who sees it. @default everyone'),
});
export type ScheduleItemSpec = z.infer<typeof scheduleItemSpec>;

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

/** A schedule item of the step's `day`, by name or ID (`item`), or by ID (`itemId`). */
export const itemOfDay = {
  item: nameRef('The item on "day"').optional(),
  itemId: numericId.optional().describe('Or the item’s ID.'),
};

/**
 * The item fields an update may change besides name, status and tags: every field the update
 * accepts whose value the day's item list shows, so that the undo can write back what it read
 * (see docs/api-assumptions.md). `null` clears a field that may be empty.
 */
export const scheduleItemFields = {
  start: clockTime.optional().describe('New start, local time (HH:mm).'),
  end: clockTime.nullable().optional().describe('New end, local time (HH:mm); null clears it.'),
  timeZone: timeZone.optional().describe('Time zone of start and end.'),
  startType: lookupName('scheduleItemTimeTypes').optional(),
  endType: lookupName('scheduleItemTimeTypes').optional(),
  allDay: z.boolean().optional(),
  statusType: lookupName('statusTypes').optional(),
  color: lookupName('avatarColors')
    .nullable()
    .optional()
    .describe('A color name from the avatarColors lookup, or its ID; null clears it.'),
  location: z.string().nullable().optional().describe('Address or place; null clears it.'),
  notes: z.string().nullable().optional().describe('null clears them.'),
  origin: z.string().min(1).nullable().optional().describe('Travel: where from (address).'),
  destination: z.string().min(1).nullable().optional().describe('Travel: where to (address); null clears it.'),
  provider: z.string().nullable().optional().describe('Travel: provider (airline, bus company); null clears it.'),
  bookingReference: z.string().nullable().optional().describe('Travel: booking reference; null clears it.'),
};

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
