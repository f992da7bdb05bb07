/**
 * The schedule item's own argument vocabulary, shared by its catalogue entries (`catalogue.ts`)
 * and the worker's item bodies: one item as a playbook writes it, an item of a step's day, and the
 * fields an update may change. Declarations only, no I/O.
 */
import { z } from 'zod';
import { tagRef } from '../tag/catalogue.ts';
import {
  clockTime,
  dayRef,
  lookupName,
  nameRef,
  numericId,
  timeZone,
  visibility,
} from '../../definitions/actions/vocabulary.ts';

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
