/**
 * The worker's handlers of the stay actions (catalogue in `catalogue.ts`): `stay.list`, `stay.delete`
 * (for good: nothing to undo), `stay.create` (undo: delete) and `stay.update` (undo: write back;
 * its handlers are in `update-handlers.ts`).
 * Check-in and check-out are local date + time in the stay's zone, sent as full instants and
 * date-only fields (`stay-times.ts`).
 */
import { stayCreateArgs, stayDelete, stayListArgs } from './catalogue.ts';
import { stayUpdate, stayUpdatePlan, stayUpdatePrepare } from './update-handlers.ts';
import { byIdHandler } from '../../activities/actions/by-id.ts';
import { DAY_READS_IN_FLIGHT, mapLimited } from '../../activities/actions/concurrency.ts';
import { localOf, roomsOf } from '../../activities/actions/list-places.ts';
import { foldName } from '../../activities/names/index.ts';
import { plural } from '../../definitions/plural.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import {
  createAccommodation,
  deleteAccommodation,
  updateAccommodation,
  type CreateStayBody,
  type Stay,
  type UpdateStayBody,
} from '../../api/contract/accommodation.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../../activities/action.ts';
import { pickStay, readStays, stayIdOf } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { deleteOnce, ignoreGone, parseArgs } from '../../activities/actions/common.ts';
import { toLocation } from '../../activities/actions/places.ts';
import { fromLocal, isoOf, type LocalDateTime } from '../../activities/actions/stay-times.ts';
import { asBody } from '../../activities/actions/step-support.ts';
import { lookupTour, resolveDay, type TourDay } from '../../activities/actions/tour-days.ts';
import { visibilityBody } from '../../activities/actions/tour-people.ts';

/**
 * The days a stay belongs to when the playbook names none: the tour's days from the check-in
 * date up to the night before check-out (the check-in day alone for a same-day stay).
 */
function nightsOf(days: readonly TourDay[], checkIn: string, checkOut: string): TourDay[] {
  return days.filter((day) => day.date === checkIn || (day.date > checkIn && day.date < checkOut));
}

const when = (local: LocalDateTime) => `${local.date} ${local.time}`;

async function stayCreate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, stayCreateArgs, call.args);
  const tour = await lookupTour(ctx, args.tourId);
  const days = args.days
    ? args.days.map((ref) => resolveDay(tour, ref))
    : nightsOf(tour.days, args.checkIn.date, args.checkOut.date);
  const checkIn = fromLocal(args.checkIn, args.timeZone);
  const checkOut = fromLocal(args.checkOut, args.timeZone);
  const visibility = await visibilityBody(ctx, 'accommodation', args.tourId, args.visibility);
  const body: CreateStayBody = {
    ...visibility.fields,
    tourId: args.tourId,
    title: args.title,
    type: args.type,
    formatted_address: toLocation(args.location, args.timeZone, args.title) as CreateStayBody['formatted_address'],
    checkInTime: checkIn.time,
    checkInDate: checkIn.date,
    checkOutTime: checkOut.time,
    checkOutDate: checkOut.date,
    reservationStatus: args.confirmed,
    ...(args.confirmationNumber !== undefined ? { confirmationNumber: args.confirmationNumber } : {}),
    ...(args.notes !== undefined ? { generalNotes: args.notes } : {}),
    ...(days[0] ? { dayId: days[0].id, daysList: days.map((day) => day.id) } : {}),
  };
  const created = await ctx.client.call(createAccommodation, { body, idempotencyKey: ctx.key(), signal: ctx.signal });
  const undo: UndoRecord = {
    activity: 'stayDelete',
    args: { stayId: created.id },
    describe: `delete stay ${args.title} (${created.id})`,
    record: { resource: 'stay', id: created.id, label: args.title },
  };
  return {
    output: { id: created.id, name: created.name ?? args.title, checkIn: isoOf(checkIn), checkOut: isoOf(checkOut) },
    undo: [undo],
    tourId: args.tourId,
    describe: `created stay ${args.title}, ${when(args.checkIn)} to ${when(args.checkOut)} ${args.timeZone}`,
    ...(visibility.warnings.length > 0 ? { warnings: visibility.warnings } : {}),
  };
}

/**
 * The tour's stay a playbook names by title or ID (the rules of `activities/names`). With
 * `shared`, the stays are read once for all the calls of an activity: for calls that never
 * change stays (room assignments).
 */
export async function findStay(
  ctx: ActionContext,
  tourId: string,
  ref: string | number,
  options: { shared?: boolean } = {},
): Promise<Stay> {
  const stays = options.shared
    ? await ctx.shared(`stays:${tourId}`, () => readStays(ctx, tourId))
    : await readStays(ctx, tourId);
  return pickStay(stays, ref, tourId);
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const stayUndo = {
  stayDelete: (args, ctx) =>
    ignoreGone(() =>
      ctx.client.call(deleteAccommodation, { params: { accommodationId: Number(args.stayId) }, signal: ctx.signal }),
    ),
  stayWriteBack: (args, ctx) =>
    ignoreGone(() =>
      ctx.client.call(updateAccommodation, {
        params: { accommodationId: Number(args.stayId) },
        body: asBody<UpdateStayBody>(args.body),
        signal: ctx.signal,
      }),
    ),
} satisfies Record<string, UndoHandler>;

function stayOutput(stay: Stay): JsonObject {
  const zone = stay.timezone ?? 'UTC';
  const raw = stay as Record<string, unknown>;
  return {
    id: stay.id,
    title: stay.title ?? null,
    type: stay.type ?? null,
    checkIn: localOf(stay.check_in_date_time, zone),
    checkOut: localOf(stay.check_out_date_time, zone),
    timeZone: stay.timezone ?? null,
    city: stay.city ?? null,
    address: typeof raw.street_address === 'string' ? raw.street_address : null,
    confirmed: stay.is_confirmed === true,
    confirmationNumber: stay.booking_number ?? null,
    dayIds: stay.day_id_list ?? (stay.day_id != null ? [stay.day_id] : []),
  };
}

/** A stay is in `[from, to]` when one of its nights is: it checks in by `to` and out after `from`. */
function inDates(stay: JsonObject, from: string | undefined, to: string | undefined): boolean {
  const checkIn = (stay.checkIn as { date?: string } | null)?.date;
  const checkOut = (stay.checkOut as { date?: string } | null)?.date;
  return (
    (from === undefined || (checkOut !== undefined && checkOut > from)) &&
    (to === undefined || (checkIn !== undefined && checkIn <= to))
  );
}

async function stayList(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, stayListArgs, call.args);
  const chosen = (await readStays(ctx, args.tourId)).filter(
    (stay) =>
      (args.title === undefined || foldName(stay.title ?? '') === foldName(args.title)) &&
      (args.type === undefined || stay.type === args.type),
  );
  const stays = (
    await mapLimited(chosen, DAY_READS_IN_FLIGHT, async (stay) => {
      const entry = stayOutput(stay);
      return args.rooms && inDates(entry, args.from, args.to) ? { ...entry, rooms: await roomsOf(ctx, stay) } : entry;
    })
  ).filter((stay) => inDates(stay, args.from, args.to));
  return {
    output: { stays, ids: stays.map((stay) => stay.id as number), count: stays.length },
    undo: [],
    tourId: args.tourId,
    describe: `read ${plural(stays.length, 'stay')}`,
  };
}

export const stayActions = {
  actions: {
    'stay.list': { run: stayList },
    'stay.create': { run: stayCreate },
    'stay.update': { run: stayUpdate, prepare: stayUpdatePrepare, plan: stayUpdatePlan },
    'stay.delete': byIdHandler({
      action: stayDelete,
      idArg: 'stayId',
      resolve: (ctx, args) => stayIdOf(ctx, args),
      describe: (id) => `deleted stay ${id} for good`,
      write: (ctx, accommodationId, idempotencyKey) =>
        deleteOnce(() =>
          ctx.client.call(deleteAccommodation, { params: { accommodationId }, idempotencyKey, signal: ctx.signal }),
        ),
    }),
  },
  undo: stayUndo,
} satisfies ActionModule;
