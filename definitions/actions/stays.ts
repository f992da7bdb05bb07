/** Stays (accommodation); their rooms are in `actions/room/`. Check-in and check-out are local date + time in the stay’s zone. */
import { z } from 'zod';
import { ActionKind, defineAction } from './types.ts';
import { clockTime, dayRef, localDateTime, location, nameOrId, nameRef, numericId, timeZone, tourId, unresolved, visibility } from './vocabulary.ts';
import { outputs, recordId, text } from './outputs.ts';

export const StayType = { hotel: 'HOTEL', rental: 'RENTAL', residence: 'RESIDENCE' } as const;
export type StayType = (typeof StayType)[keyof typeof StayType];

type Stay = { checkIn?: { date: string; time: string }; checkOut?: { date: string; time: string } };
export const outAfterIn = (stay: Stay) =>
  unresolved(stay) ||
  !stay.checkIn || !stay.checkOut || `${stay.checkOut.date}T${stay.checkOut.time}` > `${stay.checkIn.date}T${stay.checkIn.time}`;
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
  outputs: outputs({ id: recordId('stay ID'), name: text('stay name'), checkIn: text('check-in instant (ISO 8601)'), checkOut: text('check-out instant (ISO 8601)') }),
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
  .refine((args) => unresolved(args) || args.checkIn === undefined || args.checkInTime === undefined, { message: 'give "checkIn" or "checkInTime", not both', path: ['checkInTime'] })
  .refine((args) => unresolved(args) || args.checkOut === undefined || args.checkOutTime === undefined, { message: 'give "checkOut" or "checkOutTime", not both', path: ['checkOutTime'] })
  .refine(outAfterIn, OUT_AFTER_IN);
export type StayUpdateArgs = z.infer<typeof stayUpdateArgs>;

export const stayUpdate = defineAction({
  name: 'stay.update',
  description: 'Change a stay, named by its title or ID; only the fields given change.',
  args: stayUpdateArgs,
  outputs: outputs({ id: recordId('stay ID') }),
  calls: ['GET /v1/tours/{tourId}/accommodation', 'GET /v1/accommodation/{accommodationId}', 'PUT /v1/accommodation/{accommodationId}'],
  kind: ActionKind.update,
  compensation: { describe: 'restore the previous values', calls: ['PUT /v1/accommodation/{accommodationId}'] },
});
