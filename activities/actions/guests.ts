/**
 * Guest list: `guest.create` (undo: delete), `guest.update` (undo: write back), `guests.select`
 * (read), and `guests.setStatus` from `guest-status.ts`. Names and e-mails of guests never go
 * into outputs, descriptions or record labels: entries are named by ID and day.
 */
import { guestCreateArgs, guestsSelectArgs, guestUpdateArgs } from '../../definitions/actions/guests.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { createGuest, deleteGuest, updateGuest, type CreateGuestBody } from '../../api/contract/guestlist.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../action.ts';
import { venueIdOf } from '../names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../types.ts';
import { ignoreGone, parseArgs } from './common.ts';
import {
  changedFields,
  editBody,
  findEntry,
  previousFields,
  requireEntry,
  resolvePasses,
  unreadFields,
  type UnreadFields,
} from './guest-edit.ts';
import { requesterId, selectGuests } from './guest-selection.ts';
import { guestStatusActions } from './guest-status.ts';
import { asBody, lostNote } from './step-support.ts';
import { lookupTour, resolveDay } from './tour-days.ts';
import { plural } from '../../definitions/plural.ts';

async function guestCreate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, guestCreateArgs, call.args);
  const day = resolveDay(await lookupTour(ctx, args.tourId), args.day);
  const { lookups } = ctx.client;
  const body: CreateGuestBody = {
    tour_id: args.tourId,
    day_id: day.id,
    firstName: args.firstName,
    lastName: args.lastName,
    numberOfGuests: args.guests,
    statusId: await lookups.resolve('guestlistStatuses', args.status),
    pickupMethodId: await lookups.resolve('pickupMethods', args.pickup),
    passes: await resolvePasses(ctx, args.tourId, args.passes),
    ...(args.email !== undefined ? { email: args.email } : {}),
    ...(args.affiliation !== undefined ? { affiliation: args.affiliation } : {}),
    ...(args.notes !== undefined ? { notes: args.notes } : {}),
    ...(args.requester !== undefined ? { requesterId: await requesterId(ctx, args.tourId, args.requester) } : {}),
    ...(args.venueId !== undefined || args.venue !== undefined ? { venueId: await venueIdOf(ctx, args) } : {}),
  };
  const { id } = await ctx.client.call(createGuest, { body, idempotencyKey: ctx.key(), signal: ctx.signal });
  const label = `guest list entry ${id} on ${day.date}`;
  return {
    output: { id, dayId: day.id },
    undo: [
      {
        activity: 'guestDelete',
        args: { guestId: id },
        describe: `delete ${label}`,
        record: { resource: 'guestEntry', id, label },
      },
    ],
    tourId: args.tourId,
    describe: `added ${label} (${plural(args.guests, 'guest')})`,
  };
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

async function guestsSelect(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, guestsSelectArgs, call.args);
  const rows = await selectGuests(ctx, args.tourId, args.select);
  const totalGuests = rows.reduce((sum, row) => sum + row.guests, 0);
  return {
    output: {
      ids: rows.map((row) => row.id),
      count: rows.length,
      totalGuests,
      entries: rows.map((row) => ({
        id: row.id,
        dayId: row.dayId,
        date: row.date,
        status: row.status,
        guests: row.guests,
      })),
    },
    undo: [],
    tourId: args.tourId,
    describe: `selected ${rows.length} guest list entries (${totalGuests} guests)`,
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

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const guestUndo = {
  guestDelete: (args, ctx) =>
    ignoreGone(() =>
      ctx.client.call(deleteGuest, { params: { guestListId: Number(args.guestId) }, signal: ctx.signal }),
    ),
  guestWriteBack: (args, ctx) => guestWriteBack(args, ctx),
  ...guestStatusActions.undo,
} satisfies Record<string, UndoHandler>;

export const guestActions = {
  actions: {
    'guest.create': { run: guestCreate },
    'guest.update': { run: guestUpdate, prepare: guestUpdatePrepare },
    'guests.select': { run: guestsSelect },
    ...guestStatusActions.actions,
  },
  undo: guestUndo,
} satisfies ActionModule;
