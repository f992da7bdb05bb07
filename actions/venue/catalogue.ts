/**
 * Venues of show days, as the catalogue gives them: `venue.create`, `venue.update`,
 * `venue.delete` and `venue.list` (arguments, outputs, calls, undo). Workflow-safe: no I/O; the
 * worker's handlers are in `handlers.ts`.
 */
import { z } from 'zod';
import { ActionKind, defineAction } from '../../definitions/actions/types.ts';
import {
  dayRef,
  location,
  lookupName,
  nameOrId,
  nameRef,
  numericId,
  tourId,
  visibility,
} from '../../definitions/actions/vocabulary.ts';
import { outputs, recordId } from '../../definitions/actions/outputs.ts';
import { finalDelete, namedRecordArgs } from '../../definitions/actions/by-id.ts';
import { defineRead, listOutputs, nullableInt, nullableText } from '../../definitions/actions/lists.ts';
import { daySelection } from '../tour/catalogue.ts';

const venueFields = {
  title: z.string().min(1),
  category: lookupName('venueCategories').describe('Arena, Club, Theatre, ... (a venue category name) or its ID.'),
  type: lookupName('venueTypes').optional(),
  capacity: z.number().int().min(0).optional(),
  location: location.optional(),
  notes: z.string().optional(),
  confirmed: z.boolean().optional(),
};

export const venueCreateArgs = z.strictObject({
  tourId,
  day: dayRef,
  ...venueFields,
  visibility: visibility.optional().describe('Who sees it. @default everyone'),
});
export type VenueCreateArgs = z.infer<typeof venueCreateArgs>;

export const venueCreate = defineAction({
  name: 'venue.create',
  description: 'Create a venue on a day.',
  args: venueCreateArgs,
  outputs: outputs({ id: recordId('venue ID'), dayId: recordId('day ID') }),
  calls: ['GET /v1/tours/{tourId}/data', 'GET /v1/reference/types', 'POST /v1/venues'],
  kind: ActionKind.create,
  compensation: { describe: 'delete the venue', calls: ['DELETE /v1/venues/{venueId}'] },
});

export const venueUpdateArgs = z
  .strictObject({
    tourId: tourId.optional().describe('The venue’s tour: needed when "venue" is a title.'),
    venue: nameRef('The venue').optional(),
    venueId: numericId.optional().describe('Or the venue’s ID.'),
    title: venueFields.title.optional(),
    category: venueFields.category.optional(),
    type: venueFields.type,
    capacity: venueFields.capacity,
    location: venueFields.location,
    notes: venueFields.notes,
    confirmed: venueFields.confirmed,
  })
  .superRefine(nameOrId('venue', 'venueId'));
export type VenueUpdateArgs = z.infer<typeof venueUpdateArgs>;

export const venueUpdate = defineAction({
  name: 'venue.update',
  description: 'Change a venue, named by its title or ID; only the fields given change.',
  args: venueUpdateArgs,
  outputs: outputs({ id: recordId('venue ID') }),
  calls: [
    'GET /v1/tours/{tourId}/venues',
    'GET /v1/venues/{venueId}',
    'GET /v1/reference/types',
    'PUT /v1/venues/{venueId}',
  ],
  kind: ActionKind.update,
  compensation: { describe: 'restore the previous values', calls: ['PUT /v1/venues/{venueId}'] },
});

export const venueDeleteArgs = namedRecordArgs({ nameArg: 'venue', idArg: 'venueId', noun: 'venue', by: 'title' });
export type VenueDeleteArgs = z.infer<typeof venueDeleteArgs>;
export const venueDelete = finalDelete(
  'venue.delete',
  'venue',
  venueDeleteArgs,
  z.int(),
  '/v1/venues/{venueId}',
  'a venue with its contacts and attachments',
  { by: 'title', list: '/v1/tours/{tourId}/venues' },
);

export const venueListArgs = z.strictObject({
  tourId,
  ...daySelection,
  title: z.string().min(1).optional().describe('Only venues with this title (case-insensitive).'),
  category: lookupName('venueCategories').optional().describe('Only venues of this category (Arena, Club, ...).'),
});
export type VenueListArgs = z.infer<typeof venueListArgs>;

export const venueList = defineRead({
  name: 'venue.list',
  description: 'List the tour’s venues, by day range, dates, day type, title or category.',
  args: venueListArgs,
  outputs: listOutputs(
    'venues',
    z.strictObject({
      id: z.int(),
      title: z.string(),
      dayId: nullableInt,
      date: nullableText,
      capacity: nullableInt,
      category: nullableText,
      type: nullableText,
      city: nullableText,
      address: nullableText,
      confirmed: z.boolean(),
    }),
  ),
  calls: ['GET /v1/tours/{tourId}/data', 'GET /v1/tours/{tourId}/venues'],
});

/** The venue actions, in the order the docs list them: `definitions/actions/index.ts` takes them all. */
export const venueActionList = [venueList, venueCreate, venueUpdate, venueDelete] as const;

const exampleTour = '${{ inputs.tourId }}';
/** One example step per venue action (its `with:`), shown in the docs and compiled by a test (`definitions/actions/examples.ts`). */
export const VENUE_EXAMPLES = {
  'venue.list': { tourId: exampleTour, from: '2027-03-27', to: '2027-04-03', category: 'Arena' },
  'venue.create': {
    tourId: exampleTour,
    day: '2027-03-27',
    title: 'Uber Arena',
    category: 'Arena',
    capacity: 17000,
    location: { address: 'Mercedes-Platz 1, 10243 Berlin', lat: 52.5053, lng: 13.4431 },
  },
  'venue.update': { tourId: exampleTour, venue: 'Uber Arena', capacity: 15000 },
  'venue.delete': { tourId: exampleTour, venue: 'Columbiahalle' },
} as const;
