/**
 * Guest list entries deleted and restored; tours deleted for good
 * (venues, bulletins, pass types, rooms and stays: in actions/<resource>/). Every write carries the call's idempotency key; every undo is prepared before the write.
 */
import { type GuestDeleteArgs, guestDelete, guestRestore } from '../../definitions/actions/record-edits.ts';
import { deleteGuest, restoreGuest } from '../../api/contract/guestlist.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../action.ts';
import { byIdHandler, recordUndo, restoreForUndo } from './by-id.ts';
import { deleteOnce } from './common.ts';
import { requireEntry } from './guest-edit.ts';
import { lookupTour, resolveDay } from './tour-days.ts';

/** The entry a `guest.delete` names: by ID, or by the guest's name or e-mail on a day. */
async function guestToDelete(ctx: ActionContext, raw: Record<string, unknown>): Promise<number> {
  const args = raw as GuestDeleteArgs;
  if (args.guestId !== undefined) return args.guestId;
  if (typeof args.guest === 'number' || args.tourId === undefined || args.day === undefined) return Number(args.guest);
  const day = resolveDay(await lookupTour(ctx, args.tourId), args.day);
  return (await requireEntry(ctx, args.tourId, day, args)).id;
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const recordEditUndo = {
  guestRestore: (undo, ctx) =>
    restoreForUndo(() =>
      ctx.client.call(restoreGuest, {
        params: { guestListId: Number(undo.guestId) },
        idempotencyKey: ctx.key(),
        signal: ctx.signal,
      }),
    ),
} satisfies Record<string, UndoHandler>;

export const recordEditActions = {
  actions: {
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
  },
  undo: recordEditUndo,
} satisfies ActionModule;
