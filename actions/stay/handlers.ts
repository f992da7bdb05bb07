/**
 * The worker's handlers of the stay actions (catalogue in `catalogue.ts`): `stay.list`, `stay.delete`
 * (for good: nothing to undo), `stay.create` (undo: delete) and `stay.update` (undo: write back).
 * Check-in and check-out are local date + time in the stay's zone, sent as full instants and
 * date-only fields (`stay-times.ts`).
 */
import { stayCreateArgs, stayDelete, stayListArgs, stayUpdateArgs, type StayUpdateArgs } from './catalogue.ts';
import { byIdHandler } from '../../activities/actions/by-id.ts';
import { DAY_READS_IN_FLIGHT, mapLimited } from '../../activities/actions/concurrency.ts';
import { localOf, roomsOf } from '../../activities/actions/list-places.ts';
import { foldName } from '../../activities/names/index.ts';
import { plural } from '../../definitions/plural.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import {
  createAccommodation,
  deleteAccommodation,
  getAccommodation,
  updateAccommodation,
  type CreateStayBody,
  type Stay,
  type UpdateStayBody,
} from '../../api/contract/accommodation.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../../activities/action.ts';
import { pickStay, readStays, stayIdOf } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { deleteOnce, ignoreGone, parseArgs, stepError } from '../../activities/actions/common.ts';
import { locationFromRead, locationObject, toLocation } from '../../activities/actions/places.ts';
import { checkFields, fromIso, fromLocal, isoOf, toLocal, type LocalDateTime } from '../../activities/actions/stay-times.ts';
import { alreadySo, asBody, lostNote, plainJson, writeBackOf } from '../../activities/actions/step-support.ts';
import { updatePlan, type CallPlan } from '../../activities/plan-call.ts';
import { lookupTour, resolveDay, type TourDay } from '../../activities/actions/tour-days.ts';
import { visibilityBody } from '../../activities/actions/tour-people.ts';
import { FailureType } from '../../definitions/failure-types.ts';

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
  const days = args.days ? args.days.map((ref) => resolveDay(tour, ref)) : nightsOf(tour.days, args.checkIn.date, args.checkOut.date);
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
export async function findStay(ctx: ActionContext, tourId: string, ref: string | number, options: { shared?: boolean } = {}): Promise<Stay> {
  const stays = options.shared ? await ctx.shared(`stays:${tourId}`, () => readStays(ctx, tourId)) : await readStays(ctx, tourId);
  return pickStay(stays, ref, tourId);
}

/** Reads one stay. */
async function readStay(ctx: ActionContext, stayId: number): Promise<Stay> {
  return ctx.client.call(getAccommodation, { params: { accommodationId: stayId }, signal: ctx.signal });
}

/** The zone check-in and check-out are read in: the call's, else the stay's. */
function zoneOf(stay: Stay, named: string | undefined, action: string): string {
  const zone = named ?? stay.timezone;
  if (zone) return zone;
  throw stepError(`${action}: stay ${stay.id} has no time zone; give "timeZone".`, FailureType.INVALID_ARGUMENTS);
}

/** The stay's address as read: its Location object when the read carries one, else the address text. */
function addressOf(stay: Stay): string | undefined {
  const raw = stay as Record<string, unknown>;
  const located = raw.formatted_address;
  if (typeof located === 'string') return located;
  if (located && typeof located === 'object' && typeof (located as { formatted_address?: unknown }).formatted_address === 'string') {
    return (located as { formatted_address: string }).formatted_address;
  }
  const street = typeof raw.street_address === 'string' ? raw.street_address : undefined;
  const parts = [street, stay.city, stay.country].filter((part): part is string => typeof part === 'string' && part !== '');
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/**
 * The call's arguments with `checkInTime`/`checkOutTime` made full local dates and times: the
 * stay's current date there, in its zone (or the call's).
 */
function withTimes(stay: Stay, args: StayUpdateArgs): StayUpdateArgs {
  if (args.checkInTime === undefined && args.checkOutTime === undefined) return args;
  const zone = args.timeZone ?? stay.timezone ?? 'UTC';
  const sameDay = (iso: string | null | undefined, time: string, which: string): LocalDateTime => {
    const instant = fromIso(iso, zone);
    if (!instant) throw stepError(`stay.update: stay ${stay.title ?? stay.id} has no ${which} date to keep; give "${which === 'check-in' ? 'checkIn' : 'checkOut'}" with a date.`, FailureType.INVALID_ARGUMENTS);
    return { date: toLocal(instant, zone).date, time };
  };
  return {
    ...args,
    ...(args.checkInTime !== undefined ? { checkIn: sameDay(stay.check_in_date_time, args.checkInTime, 'check-in') } : {}),
    ...(args.checkOutTime !== undefined ? { checkOut: sameDay(stay.check_out_date_time, args.checkOutTime, 'check-out') } : {}),
  };
}

/** The previous values of the fields an update changes. */
function stayWriteBack(stay: Stay, args: StayUpdateArgs) {
  const zone = stay.timezone ?? args.timeZone ?? 'UTC';
  const given = (key: keyof StayUpdateArgs) => args[key] !== undefined;
  const raw = stay as Record<string, unknown>;
  // The single read carries the stored date fields; without them the dates follow the instants.
  const checkIn = fromIso(stay.check_in_date_time, zone, raw.check_in_date);
  const checkOut = fromIso(stay.check_out_date_time, zone, raw.check_out_date);
  const location =
    locationObject(raw.formatted_address) ??
    locationFromRead({ address: addressOf(stay), coordinates: stay.coordinates, timeZone: stay.timezone }, stay.title ?? undefined);
  return writeBackOf([
    { given: given('title'), field: 'title', value: stay.title, label: 'title' },
    { given: given('type'), field: 'type', value: stay.type, label: 'type' },
    { given: given('location'), field: 'formatted_address', value: location, label: 'location' },
    { given: given('checkIn'), field: 'checkInTime', value: checkIn?.time, label: 'check-in' },
    { given: given('checkIn'), field: 'checkInDate', value: checkIn?.date, label: 'check-in date' },
    { given: given('checkOut'), field: 'checkOutTime', value: checkOut?.time, label: 'check-out' },
    { given: given('checkOut'), field: 'checkOutDate', value: checkOut?.date, label: 'check-out date' },
    { given: given('confirmed'), field: 'reservationStatus', value: stay.is_confirmed ?? false, label: 'confirmed' },
    { given: given('confirmationNumber'), field: 'confirmationNumber', value: stay.booking_number, label: 'confirmation number', clearable: true },
    { given: given('notes'), field: 'generalNotes', value: stay.notes, label: 'notes', clearable: true },
  ]);
}

async function stayUpdatePrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const parsed = parseArgs(call.action, stayUpdateArgs, call.args);
  const stay = await readStay(ctx, await stayIdOf(ctx, parsed));
  const args = withTimes(stay, parsed);
  const { body, lost } = stayWriteBack(stay, args);
  const label = stay.title ?? `stay ${stay.id}`;
  return [
    {
      activity: 'stayWriteBack',
      args: { stayId: stay.id, body },
      describe: `restore stay ${label} (${stay.id})${lostNote(lost, 'they had no value before')}`,
      record: { resource: 'stay', id: stay.id, label },
    },
  ];
}

/** The API fields of an update. */
function stayChanges(stay: Stay, args: StayUpdateArgs, action: string): UpdateStayBody {
  const needsZone = args.checkIn !== undefined || args.checkOut !== undefined || args.location !== undefined;
  const zone = needsZone ? zoneOf(stay, args.timeZone, action) : undefined;
  return plainJson({
    title: args.title,
    type: args.type,
    formatted_address: args.location && toLocation(args.location, zone, args.title ?? stay.title ?? undefined),
    ...checkFields('checkIn', args.checkIn && zone ? fromLocal(args.checkIn, zone) : undefined),
    ...checkFields('checkOut', args.checkOut && zone ? fromLocal(args.checkOut, zone) : undefined),
    reservationStatus: args.confirmed,
    confirmationNumber: args.confirmationNumber,
    generalNotes: args.notes,
  }) as UpdateStayBody;
}

/** What stay.update would change, field by field (`plan --live`). */
async function stayUpdatePlan(call: StepCall, ctx: ActionContext): Promise<CallPlan> {
  const parsed = parseArgs(call.action, stayUpdateArgs, call.args);
  const stay = await readStay(ctx, await stayIdOf(ctx, parsed));
  const args = withTimes(stay, parsed);
  return updatePlan(`stay ${stay.title ?? ''} (${stay.id})`.replace('  (', ' ('), stayChanges(stay, args, call.action), stayWriteBack(stay, args).body, { id: stay.id });
}

async function stayUpdate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const parsed = parseArgs(call.action, stayUpdateArgs, call.args);
  const stayId = await stayIdOf(ctx, parsed);
  const stay = await readStay(ctx, stayId);
  const args = withTimes(stay, parsed);
  const body = stayChanges(stay, args, call.action);
  // The write-back's map of stay fields to body names gives the values the stay holds now.
  const same = alreadySo(body, stayWriteBack(stay, args).body);
  if (!same) await ctx.client.call(updateAccommodation, { params: { accommodationId: stayId }, body, signal: ctx.signal });
  const tourId = (stay as { tour_id?: unknown }).tour_id ?? args.tourId;
  const label = `stay ${args.title ?? stay.title ?? stay.id}`;
  const fields = Object.keys(body).join(', ');
  return {
    output: { id: stayId },
    undo: [],
    ...(typeof tourId === 'string' ? { tourId } : {}),
    describe: same ? `${label} already so (${fields}): nothing written` : `updated ${label} (${fields || 'nothing to change'})`,
  };
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const stayUndo = {
  stayDelete: (args, ctx) =>
    ignoreGone(() => ctx.client.call(deleteAccommodation, { params: { accommodationId: Number(args.stayId) }, signal: ctx.signal })),
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
  return (from === undefined || (checkOut !== undefined && checkOut > from)) && (to === undefined || (checkIn !== undefined && checkIn <= to));
}

async function stayList(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, stayListArgs, call.args);
  const chosen = (await readStays(ctx, args.tourId)).filter(
    (stay) => (args.title === undefined || foldName(stay.title ?? '') === foldName(args.title)) && (args.type === undefined || stay.type === args.type),
  );
  const stays = (
    await mapLimited(chosen, DAY_READS_IN_FLIGHT, async (stay) => {
      const entry = stayOutput(stay);
      return args.rooms && inDates(entry, args.from, args.to) ? { ...entry, rooms: await roomsOf(ctx, stay) } : entry;
    })
  ).filter((stay) => inDates(stay, args.from, args.to));
  return { output: { stays, ids: stays.map((stay) => stay.id as number), count: stays.length }, undo: [], tourId: args.tourId, describe: `read ${plural(stays.length, 'stay')}` };
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
      write: (ctx, accommodationId, idempotencyKey) => deleteOnce(() => ctx.client.call(deleteAccommodation, { params: { accommodationId }, idempotencyKey, signal: ctx.signal })),
    }),
  },
  undo: stayUndo,
} satisfies ActionModule;
