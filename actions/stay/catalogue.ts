/**
 * Stays (accommodation), as the catalogue gives them: `stay.list`, `stay.create`, `stay.update` and
 * `stay.delete` (for good); their rooms are in `actions/room/`. Check-in and check-out are local
 * date + time in the stay’s zone. No I/O; the worker's handlers are in `handlers.ts`.
 */
import { z } from 'zod';
import { finalDelete, namedRecordArgs } from '../../definitions/actions/by-id.ts';
import { defineRead, listOutputs, nullableText, roomEntry } from '../../definitions/actions/lists.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { ActionKind, defineAction } from '../../definitions/actions/types.ts';
import {
  clockTime,
  dayRef,
  isoDate,
  localDateTime,
  location,
  nameOrId,
  nameRef,
  numericId,
  timeZone,
  tourId,
  unresolved,
  visibility,
} from '../../definitions/actions/vocabulary.ts';
import { outputs, recordId, text } from '../../definitions/actions/outputs.ts';

export const StayType = { hotel: 'HOTEL', rental: 'RENTAL', residence: 'RESIDENCE' } as const;
export type StayType = (typeof StayType)[keyof typeof StayType];

type Stay = { checkIn?: { date: string; time: string }; checkOut?: { date: string; time: string } };
export const outAfterIn = (stay: Stay) =>
  unresolved(stay) ||
  !stay.checkIn ||
  !stay.checkOut ||
  `${stay.checkOut.date}T${stay.checkOut.time}` > `${stay.checkIn.date}T${stay.checkIn.time}`;
export const OUT_AFTER_IN = { message: 'check-out must be after check-in', path: ['checkOut'] };

export const stayCreateArgs = z
  .strictObject({
    tourId,
    title: z.string().min(1),
    type: z.enum([StayType.hotel, StayType.rental, StayType.residence]).default(StayType.hotel),
    location: location.describe('Address and map position.'),
    timeZone: timeZone.describe('The stay’s time zone; check-in and check-out are local times there.'),
    checkIn: localDateTime,
    checkOut: localDateTime,
    confirmed: z.boolean().default(false).describe('Reservation confirmed.'),
    confirmationNumber: z.string().optional(),
    notes: z.string().optional(),
    days: z.array(dayRef).optional().describe('Days the stay belongs to.'),
    visibility: visibility.optional().describe('Who sees it. @default everyone'),
  })
  .refine(outAfterIn, OUT_AFTER_IN);
export type StayCreateArgs = z.infer<typeof stayCreateArgs>;

export const stayCreate = defineAction({
  name: 'stay.create',
  description: 'Create a stay (hotel, rental, residence); check-in/out are converted to instants in its time zone.',
  args: stayCreateArgs,
  outputs: outputs({
    id: recordId('stay ID'),
    name: text('stay name'),
    checkIn: text('check-in instant (ISO 8601)'),
    checkOut: text('check-out instant (ISO 8601)'),
  }),
  calls: ['GET /v1/tours/{tourId}/data', 'POST /v1/accommodation'],
  kind: ActionKind.create,
  compensation: { describe: 'delete the stay', calls: ['DELETE /v1/accommodation/{accommodationId}'] },
});

export const stayUpdateArgs = z
  .strictObject({
    tourId: tourId.optional().describe('The stay’s tour: needed when "stay" is a title.'),
    stay: nameRef('The stay').optional(),
    stayId: numericId.optional().describe('Or the stay’s ID.'),
    title: z.string().min(1).optional(),
    type: z.enum([StayType.hotel, StayType.rental, StayType.residence]).optional(),
    location: location.optional(),
    timeZone: timeZone.optional().describe('Zone of check-in/out. @default the stay’s'),
    checkIn: localDateTime.optional(),
    checkOut: localDateTime.optional(),
    checkInTime: clockTime.optional().describe('New check-in time, same date (HH:mm, the stay’s zone).'),
    checkOutTime: clockTime.optional().describe('New check-out time, same date (HH:mm, the stay’s zone).'),
    confirmed: z.boolean().optional(),
    confirmationNumber: z.string().optional(),
    notes: z.string().optional(),
  })
  .superRefine(nameOrId('stay', 'stayId'))
  .refine((args) => unresolved(args) || args.checkIn === undefined || args.checkInTime === undefined, {
    message: 'give "checkIn" or "checkInTime", not both',
    path: ['checkInTime'],
  })
  .refine((args) => unresolved(args) || args.checkOut === undefined || args.checkOutTime === undefined, {
    message: 'give "checkOut" or "checkOutTime", not both',
    path: ['checkOutTime'],
  })
  .refine(outAfterIn, OUT_AFTER_IN);
export type StayUpdateArgs = z.infer<typeof stayUpdateArgs>;

export const stayUpdate = defineAction({
  name: 'stay.update',
  description: 'Change a stay, named by its title or ID; only the fields given change.',
  args: stayUpdateArgs,
  outputs: outputs({ id: recordId('stay ID') }),
  calls: [
    'GET /v1/tours/{tourId}/accommodation',
    'GET /v1/accommodation/{accommodationId}',
    'PUT /v1/accommodation/{accommodationId}',
  ],
  kind: ActionKind.update,
  compensation: { describe: 'restore the previous values', calls: ['PUT /v1/accommodation/{accommodationId}'] },
});

export const stayListArgs = z
  .strictObject({
    tourId,
    title: z.string().min(1).optional().describe('Only stays with this title (case-insensitive).'),
    type: z.enum(['HOTEL', 'RENTAL', 'RESIDENCE']).optional(),
    from: isoDate.optional().describe('Only stays with a night on or after this date.'),
    to: isoDate.optional().describe('Only stays checking in on or before this date.'),
    rooms: z.boolean().default(false).describe('Read each stay’s rooms too (one call per stay).'),
  })
  .refine((args) => unresolved(args) || args.from === undefined || args.to === undefined || args.from <= args.to, {
    message: '"to" is before "from"',
    path: ['to'],
  });
export type StayListArgs = z.infer<typeof stayListArgs>;

/** A stay as the list actions give it; `rooms` when they were read too. */
export const stayEntry = z.strictObject({
  id: z.int(),
  title: nullableText,
  type: nullableText,
  checkIn: localDateTime.nullable(),
  checkOut: localDateTime.nullable(),
  timeZone: nullableText,
  city: nullableText,
  address: nullableText,
  confirmed: z.boolean(),
  confirmationNumber: nullableText,
  dayIds: z.array(z.int()),
  rooms: z.array(roomEntry).optional(),
});
export const STAY_FIELDS = Object.keys(stayEntry.shape)
  .filter((field) => field !== 'rooms')
  .join(', ');

export const stayList = defineRead({
  name: 'stay.list',
  description:
    'List the tour’s stays (hotels, rentals, residences), by title, type or dates, optionally with their rooms.',
  args: stayListArgs,
  outputs: listOutputs('stays', stayEntry, `${STAY_FIELDS}, rooms?`),
  calls: ['GET /v1/tours/{tourId}/accommodation', 'GET /v1/accommodation/{accommodationId}/rooms'],
});

export const stayDeleteArgs = namedRecordArgs({ nameArg: 'stay', idArg: 'stayId', noun: 'stay', by: 'title' });
export type StayDeleteArgs = z.infer<typeof stayDeleteArgs>;
export const stayDelete = finalDelete(
  'stay.delete',
  'stay',
  stayDeleteArgs,
  z.int(),
  '/v1/accommodation/{accommodationId}',
  'a stay (accommodation) with its rooms',
  { by: 'title', list: '/v1/tours/{tourId}/accommodation' },
);

/** The stay actions, in the order the docs list them: `definitions/actions/index.ts` takes them all. */
export const stayActionList = [stayList, stayCreate, stayUpdate, stayDelete] as const;

const exampleTour = '${{ inputs.tourId }}';
const HOTEL = { address: 'Unter den Linden 77, 10117 Berlin', lat: 52.5163, lng: 13.3805 };
/** One example step per stay action (its `with:`), shown in the docs and compiled by a test (`definitions/actions/examples.ts`). */
export const STAY_EXAMPLES = {
  'stay.list': { tourId: exampleTour, from: '2027-03-27', to: '2027-03-28', rooms: true },
  'stay.create': {
    tourId: exampleTour,
    title: 'Hotel Adlon',
    location: HOTEL,
    timeZone: 'Europe/Berlin',
    checkIn: { date: '2027-03-27', time: '15:00' },
    checkOut: { date: '2027-03-29', time: '11:00' },
  },
  'stay.update': { tourId: exampleTour, stay: 'Hotel Adlon', checkInTime: '13:00', confirmed: true },
  'stay.delete': { tourId: exampleTour, stay: 'Hotel Adlon' },
} satisfies Record<string, JsonObject>;
