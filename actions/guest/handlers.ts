/**
 * The worker's handlers of the guest actions (catalogue in `catalogue.ts`), served as one module:
 * `guest.create` (undo: delete), `guest.delete` (undo: restore) and `guest.restore` here,
 * `guest.update` (undo: write back) in `update-handlers.ts`, `guests.select` (read) in
 * `select-handlers.ts`, `guests.setStatus` in `status-handlers.ts` and `guests.configureDay` in
 * `day-handlers.ts`. Names and e-mails of guests never go into outputs, descriptions or record
 * labels: entries are named by ID and day.
 */
import { guestCreateArgs, guestDelete, guestRestore, type GuestDeleteArgs } from './catalogue.ts';
import { createGuest, deleteGuest, restoreGuest, type CreateGuestBody } from '../../api/contract/guestlist.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../../activities/action.ts';
import { venueIdOf } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome } from '../../activities/types.ts';
import { deleteOnce, ignoreGone, parseArgs } from '../../activities/actions/common.ts';
import { requireEntry, resolvePasses, updateHandlers, updateUndo } from './update-handlers.ts';
import { requesterId, selectHandlers } from './select-handlers.ts';
import { guestStatusUndo, statusHandlers } from './status-handlers.ts';
import { dayHandlers, guestDayUndo } from './day-handlers.ts';
import { byIdHandler, recordUndo, restoreForUndo } from '../../activities/actions/by-id.ts';
import { lookupTour, resolveDay } from '../../activities/actions/tour-days.ts';
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

/** The entry a `guest.delete` names: by ID, or by the guest's name or e-mail on a day. */
async function guestToDelete(ctx: ActionContext, raw: Record<string, unknown>): Promise<number> {
  const args = raw as GuestDeleteArgs;
  if (args.guestId !== undefined) return args.guestId;
  if (typeof args.guest === 'number' || args.tourId === undefined || args.day === undefined) return Number(args.guest);
  const day = resolveDay(await lookupTour(ctx, args.tourId), args.day);
  return (await requireEntry(ctx, args.tourId, day, args)).id;
}

/** Every undo handler the guest's records name (`UndoName`). */
export const guestUndo = {
  guestDelete: (args, ctx) =>
    ignoreGone(() =>
      ctx.client.call(deleteGuest, { params: { guestListId: Number(args.guestId) }, signal: ctx.signal }),
    ),
  guestRestore: (undo, ctx) =>
    restoreForUndo(() =>
      ctx.client.call(restoreGuest, {
        params: { guestListId: Number(undo.guestId) },
        idempotencyKey: ctx.key(),
        signal: ctx.signal,
      }),
    ),
  ...updateUndo,
  ...guestStatusUndo,
  ...guestDayUndo,
} satisfies Record<string, UndoHandler>;

export const guestActions = {
  actions: {
    'guest.create': { run: guestCreate },
    ...updateHandlers,
    'guest.delete': byIdHandler({
      action: guestDelete,
      idArg: 'guestId',
      resolve: guestToDelete,
      describe: (id) => `deleted guest list entry ${id}`,
      write: (ctx, guestListId, idempotencyKey) =>
        deleteOnce(() => ctx.client.call(deleteGuest, { params: { guestListId }, idempotencyKey, signal: ctx.signal })),
      undo: (id, by) => recordUndo('guestRestore', 'guest', 'guestId', id, by, `restore guest list entry ${id}`),
    }),
    'guest.restore': byIdHandler({
      action: guestRestore,
      idArg: 'guestId',
      describe: (id) => `restored guest list entry ${id}`,
      write: (ctx, guestListId, idempotencyKey) =>
        ctx.client.call(restoreGuest, { params: { guestListId }, idempotencyKey, signal: ctx.signal }),
      undo: (id, by) => recordUndo('guestDelete', 'guest', 'guestId', id, by, `delete guest list entry ${id} again`),
    }),
    ...selectHandlers,
    ...statusHandlers,
    ...dayHandlers,
  },
  undo: guestUndo,
} satisfies ActionModule;
