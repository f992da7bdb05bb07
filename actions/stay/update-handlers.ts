/**
 * The worker's handlers of `stay.update` (catalogue in `catalogue.ts`, registered in
 * `handlers.ts`): run, prepare (its undo writes the changed fields back) and plan. A time alone
 * (`checkInTime`, `checkOutTime`) keeps the stay's date; check-in and check-out are local date +
 * time in the stay's zone, or the call's (`stay-times.ts`).
 */
import { stayUpdateArgs, type StayUpdateArgs } from './catalogue.ts';
import {
  getAccommodation,
  updateAccommodation,
  type Stay,
  type UpdateStayBody,
} from '../../api/contract/accommodation.ts';
import type { ActionContext } from '../../activities/action.ts';
import { stayIdOf } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { parseArgs, stepError } from '../../activities/actions/common.ts';
import { locationFromRead, locationObject, toLocation } from '../../activities/actions/places.ts';
import { checkFields, fromIso, fromLocal, toLocal, type LocalDateTime } from '../../activities/actions/stay-times.ts';
import { alreadySo, lostNote, nothingWritten, plainJson, writeBackOf } from '../../activities/actions/step-support.ts';
import { updatePlan, type CallPlan } from '../../activities/plan-call.ts';
import { FailureType } from '../../definitions/failure-types.ts';

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
  if (
    located &&
    typeof located === 'object' &&
    typeof (located as { formatted_address?: unknown }).formatted_address === 'string'
  ) {
    return (located as { formatted_address: string }).formatted_address;
  }
  const street = typeof raw.street_address === 'string' ? raw.street_address : undefined;
  const parts = [street, stay.city, stay.country].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
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
    if (!instant)
      throw stepError(
        `stay.update: stay ${stay.title ?? stay.id} has no ${which} date to keep; give "${which === 'check-in' ? 'checkIn' : 'checkOut'}" with a date.`,
        FailureType.INVALID_ARGUMENTS,
      );
    return { date: toLocal(instant, zone).date, time };
  };
  return {
    ...args,
    ...(args.checkInTime !== undefined
      ? { checkIn: sameDay(stay.check_in_date_time, args.checkInTime, 'check-in') }
      : {}),
    ...(args.checkOutTime !== undefined
      ? { checkOut: sameDay(stay.check_out_date_time, args.checkOutTime, 'check-out') }
      : {}),
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
    locationFromRead(
      { address: addressOf(stay), coordinates: stay.coordinates, timeZone: stay.timezone },
      stay.title ?? undefined,
    );
  return writeBackOf([
    { given: given('title'), field: 'title', value: stay.title, label: 'title' },
    { given: given('type'), field: 'type', value: stay.type, label: 'type' },
    { given: given('location'), field: 'formatted_address', value: location, label: 'location' },
    { given: given('checkIn'), field: 'checkInTime', value: checkIn?.time, label: 'check-in' },
    { given: given('checkIn'), field: 'checkInDate', value: checkIn?.date, label: 'check-in date' },
    { given: given('checkOut'), field: 'checkOutTime', value: checkOut?.time, label: 'check-out' },
    { given: given('checkOut'), field: 'checkOutDate', value: checkOut?.date, label: 'check-out date' },
    { given: given('confirmed'), field: 'reservationStatus', value: stay.is_confirmed ?? false, label: 'confirmed' },
    {
      given: given('confirmationNumber'),
      field: 'confirmationNumber',
      value: stay.booking_number,
      label: 'confirmation number',
      clearable: true,
    },
    { given: given('notes'), field: 'generalNotes', value: stay.notes, label: 'notes', clearable: true },
  ]);
}

export async function stayUpdatePrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
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
export async function stayUpdatePlan(call: StepCall, ctx: ActionContext): Promise<CallPlan> {
  const parsed = parseArgs(call.action, stayUpdateArgs, call.args);
  const stay = await readStay(ctx, await stayIdOf(ctx, parsed));
  const args = withTimes(stay, parsed);
  return updatePlan(
    `stay ${stay.title ?? ''} (${stay.id})`.replace('  (', ' ('),
    stayChanges(stay, args, call.action),
    stayWriteBack(stay, args).body,
    { id: stay.id },
  );
}

export async function stayUpdate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const parsed = parseArgs(call.action, stayUpdateArgs, call.args);
  const stayId = await stayIdOf(ctx, parsed);
  const stay = await readStay(ctx, stayId);
  const args = withTimes(stay, parsed);
  const body = stayChanges(stay, args, call.action);
  // The write-back's map of stay fields to body names gives the values the stay holds now.
  const same = alreadySo(body, stayWriteBack(stay, args).body);
  if (!same)
    await ctx.client.call(updateAccommodation, { params: { accommodationId: stayId }, body, signal: ctx.signal });
  const tourId = (stay as { tour_id?: unknown }).tour_id ?? args.tourId;
  const label = `stay ${args.title ?? stay.title ?? stay.id}`;
  const fields = Object.keys(body).join(', ');
  return {
    output: { id: stayId },
    undo: [],
    ...(same ? nothingWritten() : {}),
    ...(typeof tourId === 'string' ? { tourId } : {}),
    describe: same
      ? `${label} already so (${fields}): nothing written`
      : `updated ${label} (${fields || 'nothing to change'})`,
  };
}
