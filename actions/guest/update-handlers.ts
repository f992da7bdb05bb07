/**
 * `guest.update` (undo: the changed fields written back), and what a guest list edit sends. The edit needs every required field, and the list read does
 * not show the pickup method or the passes, so those two come from the call; the rest is the
 * entry as read with the call's changes on top.
 */
import { guestUpdateArgs, type GuestUpdateArgs } from './catalogue.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { listGuestlist, updateGuest, type GuestEntry, type UpdateGuestBody } from '../../api/contract/guestlist.ts';
import type { ActionContext, ActionHandler, UndoHandler } from '../../activities/action.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { lookupTour, resolveDay } from '../../activities/actions/tour-days.ts';
import { pickGuest } from '../../activities/names/index.ts';
import { isRetry } from '../../activities/actions/attempts.ts';
import { ignoreGone, parseArgs, stepError } from '../../activities/actions/common.ts';
import { passTypeId, readPassTypes } from '../passType/handlers.ts';
import { asBody, lostNote, plainJson, writeBackOf } from '../../activities/actions/step-support.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** Passes in the playbook's words. */
export type PassRefs = ReadonlyArray<{ type: string | number; count: number }>;

/** Passes as the API takes them, pass types resolved by name. */
export async function resolvePasses(
  ctx: ActionContext,
  tourId: string,
  passes: PassRefs,
): Promise<Array<{ passId: number; count: number }>> {
  if (passes.length === 0) return [];
  const passTypes = await readPassTypes(ctx, tourId);
  return passes.map((pass) => ({ passId: passTypeId(passTypes, pass.type, tourId), count: pass.count }));
}

/** The live entry with this ID on a day, or undefined. */
export async function findEntry(
  ctx: ActionContext,
  tourId: string,
  dayId: number,
  guestId: number,
): Promise<GuestEntry | undefined> {
  for await (const entry of ctx.client.paginate(listGuestlist, { params: { tourId, dayId }, signal: ctx.signal })) {
    if (entry.id === guestId && entry.is_deleted !== true) return entry;
  }
  return undefined;
}

/**
 * The live entry of a day a step names: by `guestId`, or by `guest` (ID, the guest's full name or
 * e-mail; a failure shows no name). On a retry of a call that renames the guest, the entry
 * answers to its new name too.
 */
export async function requireEntry(
  ctx: ActionContext,
  tourId: string,
  day: { id: number; date: string },
  args: {
    guestId?: number | undefined;
    guest?: string | number | undefined;
    firstName?: string | undefined;
    lastName?: string | undefined;
  },
): Promise<GuestEntry> {
  const entries: GuestEntry[] = [];
  for await (const entry of ctx.client.paginate(listGuestlist, {
    params: { tourId, dayId: day.id },
    signal: ctx.signal,
  })) {
    if (entry.is_deleted !== true) entries.push(entry);
  }
  const ref = args.guestId ?? args.guest!;
  try {
    return pickGuest(entries, ref, day.date);
  } catch (error) {
    const renamed =
      args.firstName !== undefined && args.lastName !== undefined ? `${args.firstName} ${args.lastName}` : undefined;
    if (renamed === undefined || typeof ref === 'number' || !isRetry()) throw error;
    return pickGuest(entries, renamed, day.date);
  }
}

/** The fields the API cannot read back, which every edit must send: pickup method and passes. */
export interface UnreadFields {
  pickupMethodId: number;
  passes: Array<{ passId: number; count: number }>;
}

/** Pickup method and passes of an update call; the step fails when the call lacks them. */
export async function unreadFields(ctx: ActionContext, args: GuestUpdateArgs): Promise<UnreadFields> {
  if (args.pickup === undefined || args.passes === undefined) {
    throw stepError(
      'guest.update: give "pickup" and "passes" (passes: [] for none). The API needs both on every edit and its guest list does not show them.',
      FailureType.INVALID_ARGUMENTS,
    );
  }
  return {
    pickupMethodId: await ctx.client.lookups.resolve('pickupMethods', args.pickup),
    passes: await resolvePasses(ctx, args.tourId, args.passes),
  };
}

/** The API fields an update call changes (besides pickup method and passes). */
export async function changedFields(ctx: ActionContext, args: GuestUpdateArgs): Promise<JsonObject> {
  return plainJson({
    firstName: args.firstName,
    lastName: args.lastName,
    numberOfGuests: args.guests,
    statusId:
      args.status === undefined ? undefined : await ctx.client.lookups.resolve('guestlistStatuses', args.status),
    email: args.email,
    affiliation: args.affiliation,
    notes: args.notes,
  });
}

/** The previous values of what an update changes. */
export function previousFields(entry: GuestEntry, args: GuestUpdateArgs) {
  const given = (key: keyof GuestUpdateArgs) => args[key] !== undefined;
  return writeBackOf([
    { given: given('firstName'), field: 'firstName', value: entry.firstName, label: 'first name' },
    { given: given('lastName'), field: 'lastName', value: entry.lastName, label: 'last name' },
    { given: given('guests'), field: 'numberOfGuests', value: entry.numberOfGuests, label: 'party size' },
    { given: given('status'), field: 'statusId', value: entry.status?.id, label: 'status' },
    { given: given('email'), field: 'email', value: entry.email, label: 'e-mail' },
    { given: given('affiliation'), field: 'affiliation', value: entry.affiliation ?? '', label: 'affiliation' },
    { given: given('notes'), field: 'notes', value: entry.notes ?? '', label: 'notes' },
  ]);
}

/** The whole edit body: the entry as read, the changes on top, and the unread fields. */
export function editBody(entry: GuestEntry, changes: JsonObject, unread: UnreadFields): UpdateGuestBody {
  const statusId = entry.status?.id;
  return plainJson({
    firstName: entry.firstName,
    lastName: entry.lastName,
    numberOfGuests: entry.numberOfGuests,
    statusId,
    email: entry.email ?? undefined,
    affiliation: entry.affiliation ?? undefined,
    notes: entry.notes ?? undefined,
    ...changes,
    ...unread,
  }) as UpdateGuestBody;
}

async function guestUpdatePrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const args = parseArgs(call.action, guestUpdateArgs, call.args);
  const day = resolveDay(await lookupTour(ctx, args.tourId), args.day);
  const unread = await unreadFields(ctx, args);
  const entry = await requireEntry(ctx, args.tourId, day, args);
  const { body, lost } = previousFields(entry, args);
  const label = `guest list entry ${entry.id} on ${day.date}`;
  const note = lostNote([...lost, 'pickup method', 'passes'], 'the API does not show them before the change');
  return [
    {
      activity: 'guestWriteBack',
      args: { tourId: args.tourId, dayId: day.id, guestId: entry.id, previous: body, unread: { ...unread } },
      describe: `restore ${label}${note}`,
      record: { resource: 'guestEntry', id: entry.id, label },
    },
  ];
}

async function guestUpdate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, guestUpdateArgs, call.args);
  const day = resolveDay(await lookupTour(ctx, args.tourId), args.day);
  const unread = await unreadFields(ctx, args);
  const entry = await requireEntry(ctx, args.tourId, day, args);
  const changes = await changedFields(ctx, args);
  // Always written, even when the entry shows every value given: the edit sends pickup method and
  // passes, which the guest list read does not show, so it cannot know them already so.
  await ctx.client.call(updateGuest, {
    params: { guestListId: entry.id },
    body: editBody(entry, changes, unread),
    signal: ctx.signal,
  });
  return {
    output: { id: entry.id },
    undo: [],
    tourId: args.tourId,
    describe: `updated guest list entry ${entry.id} on ${day.date} (${Object.keys(changes).join(', ') || 'pickup and passes'})`,
  };
}

/** Puts an entry's changed fields back; an entry deleted since is left alone. */
async function guestWriteBack(args: JsonObject, ctx: ActionContext): Promise<void> {
  const tourId = String(args.tourId);
  const entry = await findEntry(ctx, tourId, Number(args.dayId), Number(args.guestId));
  if (!entry) return;
  const body = editBody(entry, asBody<JsonObject>(args.previous), asBody<UnreadFields>(args.unread));
  await ignoreGone(() => ctx.client.call(updateGuest, { params: { guestListId: entry.id }, body, signal: ctx.signal }));
}

/** The handler of `guest.update`; `guestActions` (`handlers.ts`) serves it. */
export const updateHandlers = {
  'guest.update': { run: guestUpdate, prepare: guestUpdatePrepare },
} satisfies Record<string, ActionHandler>;

/** The undo handlers of `guest.update`, by the name undo records give them (`UndoName`). */
export const updateUndo = {
  guestWriteBack: (args, ctx) => guestWriteBack(args, ctx),
} satisfies Record<string, UndoHandler>;
