/** Tours and their days. */
import { z } from 'zod';
import { ActionKind, defineAction } from './types.ts';
import { isoDate, lookupName, timeZone } from './vocabulary.ts';

/** One day of a tour, in the compact form: date, place, day type. */
export const tourDaySpec = z
  .strictObject({
    date: isoDate,
    city: z.string().min(1).optional().describe('City; becomes the day’s address and default name.'),
    address: z.string().min(1).optional().describe('Full address, instead of a city.'),
    dayType: lookupName('dayTypes').describe('Show, Travel, Off, ... (a day type name) or its ID.'),
    timeZone: timeZone.optional().describe('The day’s IANA time zone. @default the tour’s'),
    name: z.string().min(1).optional().describe('Name of the day. @default the city or address'),
  })
  .refine((day) => day.city !== undefined || day.address !== undefined, 'give "city" or "address"');

export const tourCreateArgs = z.strictObject({
  name: z.string().min(1).max(500),
  org: z.string().min(1).optional().describe('Organization name or ID. @default your only organization'),
  timeZone: timeZone.describe('The tour’s IANA time zone.'),
  days: z.array(tourDaySpec).min(1).describe('The days; start and end dates are derived from them.'),
  avatarColor: lookupName('avatarColors').optional(),
});
export type TourDaySpec = z.infer<typeof tourDaySpec>;
export type TourCreateArgs = z.infer<typeof tourCreateArgs>;

/** What day-listing actions return for each day. */
export const dayOutputDescription = 'list of { id, date, name, dayType, timeZone }';

export const tourCreate = defineAction({
  name: 'tour.create',
  description: 'Create a tour with its days (start and end dates derived from the days).',
  args: tourCreateArgs,
  outputs: {
    id: 'tour ID (UUID)',
    name: 'tour name',
    orgId: 'organization ID',
    startDate: 'first day, YYYY-MM-DD',
    endDate: 'last day, YYYY-MM-DD',
    timeZone: 'tour time zone',
    days: dayOutputDescription,
  },
  calls: ['GET /v1/organizations', 'GET /v1/day-types', 'POST /v1/tours', 'GET /v1/tours?org_id'],
  kind: ActionKind.create,
  compensation: { describe: 'delete the tour with its days', calls: ['DELETE /v1/tours/{tourId}'] },
  activity: 'tourCreate',
});
