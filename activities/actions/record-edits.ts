/**
 * Guest list entries deleted and restored, rooms restored, pass types edited, deleted and
 * restored; stays and tours deleted for good. Every
 * write carries the call's idempotency key; every undo is prepared before the write.
 */
import {
  type GuestDeleteArgs,
  guestDelete,
  guestRestore,
  passTypeDeleteArgs,
  passTypeRestore,
  passTypeUpdateArgs,
  roomRestore,
  stayDelete,
  tourDeleteArgs,
} from '../../definitions/actions/record-edits.ts';
import { deleteAccommodation } from '../../api/contract/accommodation.ts';
import { deleteGuest, restoreGuest } from '../../api/contract/guestlist.ts';
import { deletePassType, listPassTypes, passTypeDeleteBlocked, restorePassType, updatePassType, type PassType } from '../../api/contract/pass-types.ts';
import { restoreRoom } from '../../api/contract/rooms.ts';
import { deleteTour } from '../../api/contract/tours.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../action.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../types.ts';
import { goneOnRetry, passTypeIdOf, stayIdOf } from '../names/index.ts';
import { byIdHandler, recordUndo, restoreForUndo } from './by-id.ts';
import { deleteOnce, ignoreGone, parseArgs, stepError } from './common.ts';
import { passTypeId } from './pass-types.ts';
import { requireEntry } from './guest-edit.ts';
import { lookupTour, resolveDay } from './tour-days.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** The pass type an update names, as it is now. */
async function passTypeBefore(call: StepCall, ctx: ActionContext): Promise<{ args: ReturnType<typeof passTypeUpdateArgs.parse>; passType: PassType }> {
  const args = parseArgs(call.action, passTypeUpdateArgs, call.args);
  const rows: PassType[] = [];
  for await (const row of ctx.client.paginate(listPassTypes, { params: { tourId: args.tourId }, signal: ctx.signal })) if (row.is_deleted !== true) rows.push(row);
  const id = passTypeId(rows, args.passType, args.tourId);
  const passType = rows.find((row) => row.id === id);
  if (!passType) throw stepError(`Pass type ${id} is not a live pass type of tour ${args.tourId}.`, FailureType.UNKNOWN_NAME);
  return { args, passType };
}

async function passTypeUpdateRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, passTypeUpdateArgs, call.args);
  // One already carrying the new name is taken as renamed (an earlier attempt's answer was lost).
  const { passType } = await passTypeBefore(call, ctx).catch((error: unknown) => {
    if (args.name === undefined || typeof args.passType === 'number') throw error;
    return passTypeBefore({ ...call, args: { ...args, passType: args.name } }, ctx);
  });
  const material = args.material === undefined || args.material === null ? args.material : await ctx.client.lookups.resolve('passMaterialTypes', args.material);
  const body = {
    ...(args.name !== undefined ? { name: args.name } : {}),
    ...(args.description !== undefined ? { description: args.description } : {}),
    ...(args.quantity !== undefined ? { quantity: args.quantity } : {}),
    ...(material !== undefined ? { passMaterialTypeId: material } : {}),
  };
  await ctx.client.call(updatePassType, { params: { passTypeId: passType.id }, body, idempotencyKey: ctx.key(), signal: ctx.signal });
  return { output: { id: passType.id }, undo: [], tourId: args.tourId, describe: `updated pass type ${passType.name ?? passType.id} (${Object.keys(body).join(', ')})` };
}

async function passTypeUpdatePrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const { passType } = await passTypeBefore(call, ctx);
  const body = {
    name: passType.name ?? '',
    description: passType.description ?? null,
    quantity: passType.quantity ?? null,
    passMaterialTypeId: passType.pass_material_type?.id ?? null,
  };
  return [recordUndo('passTypeWriteBack', 'passType', 'passTypeId', passType.id, call.idempotencyKey, `put pass type ${passType.name} back as it was`, { body })];
}

/** The pass type a delete names; undefined when a name matches nothing on a retry (deleted already). */
async function passTypeToDelete(call: StepCall, ctx: ActionContext): Promise<number | undefined> {
  return passTypeIdOf(ctx, parseArgs(call.action, passTypeDeleteArgs, call.args)).catch((error: unknown) => {
    if (goneOnRetry(error)) return undefined;
    throw error;
  });
}

async function passTypeDeleteRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const { force } = parseArgs(call.action, passTypeDeleteArgs, call.args);
  const id = await passTypeToDelete(call, ctx);
  if (id === undefined) return { output: { id: null }, undo: [], describe: 'pass type deleted by an earlier attempt' };
  const result = await deleteOnce(() => ctx.client.callRaw(deletePassType, { params: { passTypeId: id }, query: { force }, idempotencyKey: ctx.key(), signal: ctx.signal }));
  if (result && !result.status) {
    const blocked = passTypeDeleteBlocked.safeParse(result.data);
    const holders = blocked.success ? blocked.data.guestLists.map((entry) => entry.id).join(', ') : 'unknown';
    throw stepError(
      `Pass type ${id} was not deleted: guest list entries ${holders} hold it. Take the pass off those entries first, or set force: true with allowDestroy: true.`,
      FailureType.PASS_TYPE_HELD,
    );
  }
  return { output: { id }, undo: [], describe: `deleted pass type ${id}${force ? ' (forced)' : ''}` };
}

async function tourDeleteRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const { tourId } = parseArgs(call.action, tourDeleteArgs, call.args);
  await deleteOnce(() => ctx.client.call(deleteTour, { params: { tourId }, idempotencyKey: ctx.key(), signal: ctx.signal }));
  return { output: { id: tourId }, undo: [], tourId, describe: `deleted tour ${tourId} for good` };
}

/** The entry a `guest.delete` names: by ID, or by the guest's name or e-mail on a day. */
async function guestToDelete(ctx: ActionContext, raw: Record<string, unknown>): Promise<number> {
  const args = raw as GuestDeleteArgs;
  if (args.guestId !== undefined) return args.guestId;
  if (typeof args.guest === 'number' || args.tourId === undefined || args.day === undefined) return Number(args.guest);
  const day = resolveDay(await lookupTour(ctx, args.tourId), args.day);
  return (await requireEntry(ctx, args.tourId, day, args)).id;
}

/** A destructive step has nothing to undo. */
const nothing = async (): Promise<UndoRecord[]> => [];

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const recordEditUndo = {
  guestRestore: (undo, ctx) => restoreForUndo(() => ctx.client.call(restoreGuest, { params: { guestListId: Number(undo.guestId) }, idempotencyKey: ctx.key(), signal: ctx.signal })),
  passTypeRestore: (undo, ctx) => restoreForUndo(() => ctx.client.call(restorePassType, { params: { passTypeId: Number(undo.passTypeId) }, idempotencyKey: ctx.key(), signal: ctx.signal })),
  passTypeWriteBack: (undo, ctx) =>
    ignoreGone(() => ctx.client.call(updatePassType, { params: { passTypeId: Number(undo.passTypeId) }, body: undo.body as never, idempotencyKey: ctx.key(), signal: ctx.signal })),
} satisfies Record<string, UndoHandler>;

export const recordEditActions = {
  actions: {
    'guest.delete': byIdHandler({
      action: guestDelete,
      idArg: 'guestId',
      resolve: guestToDelete,
      describe: (id) => `deleted guest list entry ${id}`,
      write: (ctx, guestListId, idempotencyKey) => deleteOnce(() => ctx.client.call(deleteGuest, { params: { guestListId }, idempotencyKey, signal: ctx.signal })),
      undo: (id, by) => recordUndo('guestRestore', 'guest', 'guestId', id, by, `restore guest list entry ${id}`),
    }),
    'guest.restore': byIdHandler({
      action: guestRestore,
      idArg: 'guestId',
      describe: (id) => `restored guest list entry ${id}`,
      write: (ctx, guestListId, idempotencyKey) => ctx.client.call(restoreGuest, { params: { guestListId }, idempotencyKey, signal: ctx.signal }),
      undo: (id, by) => recordUndo('guestDelete', 'guest', 'guestId', id, by, `delete guest list entry ${id} again`),
    }),
    'room.restore': byIdHandler({
      action: roomRestore,
      idArg: 'roomId',
      describe: (id) => `restored room ${id}`,
      write: (ctx, roomAssignmentId, idempotencyKey) => ctx.client.call(restoreRoom, { params: { roomAssignmentId }, idempotencyKey, signal: ctx.signal }),
      undo: (id, by) => recordUndo('roomRemove', 'room', 'roomId', id, by, `delete room ${id} again`),
    }),
    'passType.update': { run: passTypeUpdateRun, prepare: passTypeUpdatePrepare },
    'passType.delete': {
      run: passTypeDeleteRun,
      prepare: async (call, ctx) => {
        const id = await passTypeToDelete(call, ctx);
        return id === undefined ? [] : [recordUndo('passTypeRestore', 'passType', 'passTypeId', id, call.idempotencyKey, `restore pass type ${id}`)];
      },
    },
    'passType.restore': byIdHandler({
      action: passTypeRestore,
      idArg: 'passTypeId',
      describe: (id) => `restored pass type ${id}`,
      write: (ctx, passTypeId, idempotencyKey) => ctx.client.call(restorePassType, { params: { passTypeId }, idempotencyKey, signal: ctx.signal }),
      undo: (id, by) => recordUndo('passTypeDelete', 'passType', 'passTypeId', id, by, `delete pass type ${id} again`, { name: String(id) }),
    }),
    'stay.delete': byIdHandler({
      action: stayDelete,
      idArg: 'stayId',
      resolve: (ctx, args) => stayIdOf(ctx, args),
      describe: (id) => `deleted stay ${id} for good`,
      write: (ctx, accommodationId, idempotencyKey) => deleteOnce(() => ctx.client.call(deleteAccommodation, { params: { accommodationId }, idempotencyKey, signal: ctx.signal })),
    }),
    'tour.delete': { run: tourDeleteRun, prepare: nothing },
  },
  undo: recordEditUndo,
} satisfies ActionModule;
