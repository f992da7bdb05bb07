/**
 * The worker's handlers of the pass type actions (catalogue in `catalogue.ts`): `passType.create`
 * (undo: delete), `passType.update` (undo: write back; no write when the pass type is already as
 * asked), `passType.delete` (undo: restore), `passType.restore` (undo: delete again) and
 * `passType.list`; and pass types by name for the guest actions.
 *
 * The undo deletes without `force`. Guests holding the pass when the undo runs are not from
 * this run (the saga has already undone this run's later steps, guest entries included), so
 * forcing would strip passes from someone else's entries; the API refuses instead, and the
 * pass type is reported as left behind with the entries that hold it.
 */
import { ApplicationFailure } from '@temporalio/activity';
import {
  passTypeCreateArgs,
  passTypeDeleteArgs,
  passTypeListArgs,
  passTypeRestore,
  passTypeUpdateArgs,
} from './catalogue.ts';
import {
  createPassType,
  deletePassType,
  listPassTypes,
  passTypeDeleteBlocked,
  restorePassType,
  updatePassType,
  type PassType,
} from '../../api/contract/pass-types.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../../activities/action.ts';
import { foldName, goneOnRetry, passTypeIdOf, pickPassType, readPassTypeList } from '../../activities/names/index.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { deleteOnce, ignoreGone, isGone, parseArgs, stepError } from '../../activities/actions/common.ts';
import { writeUnlessAlreadySo } from '../../activities/actions/step-support.ts';
import { updatePlan, type CallPlan } from '../../activities/plan-call.ts';
import { byIdHandler, recordUndo, restoreForUndo } from '../../activities/actions/by-id.ts';
import { plural } from '../../definitions/plural.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** The tour's live pass types. */
export function readPassTypes(ctx: ActionContext, tourId: string): Promise<PassType[]> {
  return readPassTypeList(ctx, tourId);
}

/** A pass type by name or ID; an unknown one fails the step with the nearest names. */
export function passTypeId(passTypes: readonly PassType[], ref: string | number, tourId: string): number {
  return pickPassType(passTypes, ref, tourId).id;
}

async function passTypeCreate(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, passTypeCreateArgs, call.args);
  const body = {
    name: args.name,
    ...(args.description !== undefined ? { description: args.description } : {}),
    ...(args.material !== undefined
      ? { passMaterialTypeId: await ctx.client.lookups.resolve('passMaterialTypes', args.material) }
      : {}),
  };
  const { id } = await ctx.client.call(createPassType, {
    params: { tourId: args.tourId },
    body,
    idempotencyKey: ctx.key(),
    signal: ctx.signal,
  });
  return {
    output: { id, name: args.name },
    undo: [
      {
        activity: 'passTypeDelete',
        args: { passTypeId: id, name: args.name },
        describe: `delete pass type ${args.name} (${id})`,
        record: { resource: 'passType', id, label: args.name },
      },
    ],
    tourId: args.tourId,
    describe: `created pass type ${args.name}`,
  };
}

/** The pass type an update names, as it is now. */
async function passTypeBefore(
  call: StepCall,
  ctx: ActionContext,
): Promise<{ args: ReturnType<typeof passTypeUpdateArgs.parse>; passType: PassType }> {
  const args = parseArgs(call.action, passTypeUpdateArgs, call.args);
  const rows: PassType[] = [];
  for await (const row of ctx.client.paginate(listPassTypes, { params: { tourId: args.tourId }, signal: ctx.signal }))
    if (row.is_deleted !== true) rows.push(row);
  const id = passTypeId(rows, args.passType, args.tourId);
  const passType = rows.find((row) => row.id === id);
  if (!passType)
    throw stepError(`Pass type ${id} is not a live pass type of tour ${args.tourId}.`, FailureType.UNKNOWN_NAME);
  return { args, passType };
}

/** The update's body and the pass type's values under the same names: what its run and its plan compare. */
async function passTypeAsked(call: StepCall, ctx: ActionContext) {
  const args = parseArgs(call.action, passTypeUpdateArgs, call.args);
  // One already carrying the new name is taken as renamed (an earlier attempt's answer was lost).
  const { passType } = await passTypeBefore(call, ctx).catch((error: unknown) => {
    if (args.name === undefined || typeof args.passType === 'number') throw error;
    return passTypeBefore({ ...call, args: { ...args, passType: args.name } }, ctx);
  });
  const material =
    args.material === undefined || args.material === null
      ? args.material
      : await ctx.client.lookups.resolve('passMaterialTypes', args.material);
  const body = {
    ...(args.name !== undefined ? { name: args.name } : {}),
    ...(args.description !== undefined ? { description: args.description } : {}),
    ...(args.quantity !== undefined ? { quantity: args.quantity } : {}),
    ...(material !== undefined ? { passMaterialTypeId: material } : {}),
  };
  // The write-back's map of pass type fields to body names gives the values it holds now.
  return { args, passType, body, held: writeBackBody(passType), label: `pass type ${passType.name ?? passType.id}` };
}

/** What passType.update would change, field by field, or nothing when the pass type is so (`plan --live`). */
async function passTypeUpdatePlan(call: StepCall, ctx: ActionContext): Promise<CallPlan> {
  const { passType, body, held, label } = await passTypeAsked(call, ctx);
  return updatePlan(label, body, held, { id: passType.id });
}

async function passTypeUpdateRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const { args, passType, body, held, label } = await passTypeAsked(call, ctx);
  const written = await writeUnlessAlreadySo({ body, held, label, verb: 'updated' }, () =>
    ctx.client.call(updatePassType, {
      params: { passTypeId: passType.id },
      body,
      idempotencyKey: ctx.key(),
      signal: ctx.signal,
    }),
  );
  return { output: { id: passType.id }, undo: [], tourId: args.tourId, ...written };
}

/** The pass type's values under the update's names: what its undo writes back. */
function writeBackBody(passType: PassType) {
  return {
    name: passType.name ?? '',
    description: passType.description ?? null,
    quantity: passType.quantity ?? null,
    passMaterialTypeId: passType.pass_material_type?.id ?? null,
  };
}

async function passTypeUpdatePrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const { passType } = await passTypeBefore(call, ctx);
  const body = writeBackBody(passType);
  return [
    recordUndo(
      'passTypeWriteBack',
      'passType',
      'passTypeId',
      passType.id,
      call.idempotencyKey,
      `put pass type ${passType.name} back as it was`,
      { body },
    ),
  ];
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
  const result = await deleteOnce(() =>
    ctx.client.callRaw(deletePassType, {
      params: { passTypeId: id },
      query: { force },
      idempotencyKey: ctx.key(),
      signal: ctx.signal,
    }),
  );
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

async function passTypeList(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, passTypeListArgs, call.args);
  const passTypes = (await readPassTypeList(ctx, args.tourId))
    .filter((pass) => args.name === undefined || foldName(pass.name ?? '') === foldName(args.name))
    .map((pass) => ({
      id: pass.id,
      name: pass.name ?? null,
      description: pass.description ?? null,
      quantity: pass.quantity ?? null,
    }));
  return {
    output: {
      passTypes,
      ids: passTypes.map((p) => p.id),
      names: passTypes.flatMap((p) => (p.name ? [p.name] : [])),
      count: passTypes.length,
    },
    undo: [],
    tourId: args.tourId,
    describe: `read ${plural(passTypes.length, 'pass type')}`,
  };
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const passTypeUndo = {
  passTypeDelete: async (args, ctx) => {
    const passTypeId = Number(args.passTypeId);
    let result;
    try {
      result = await ctx.client.callRaw(deletePassType, { params: { passTypeId }, signal: ctx.signal });
    } catch (error) {
      if (isGone(error)) return;
      throw error;
    }
    if (result.status) return;
    const blocked = passTypeDeleteBlocked.safeParse(result.data);
    const holders = blocked.success ? blocked.data.guestLists.map((entry) => entry.id).join(', ') : 'unknown';
    throw ApplicationFailure.nonRetryable(
      `Pass type ${String(args.name)} (${passTypeId}) was left in place: guest list entries ${holders} hold it. Take the pass off those entries, then delete the pass type.`,
      FailureType.CANNOT_UNDO,
    );
  },
  passTypeRestore: (undo, ctx) =>
    restoreForUndo(() =>
      ctx.client.call(restorePassType, {
        params: { passTypeId: Number(undo.passTypeId) },
        idempotencyKey: ctx.key(),
        signal: ctx.signal,
      }),
    ),
  passTypeWriteBack: (undo, ctx) =>
    ignoreGone(() =>
      ctx.client.call(updatePassType, {
        params: { passTypeId: Number(undo.passTypeId) },
        body: undo.body as never,
        idempotencyKey: ctx.key(),
        signal: ctx.signal,
      }),
    ),
} satisfies Record<string, UndoHandler>;

export const passTypeActions = {
  actions: {
    'passType.create': { run: passTypeCreate },
    'passType.update': { run: passTypeUpdateRun, prepare: passTypeUpdatePrepare, plan: passTypeUpdatePlan },
    'passType.delete': {
      run: passTypeDeleteRun,
      prepare: async (call, ctx) => {
        const id = await passTypeToDelete(call, ctx);
        return id === undefined
          ? []
          : [
              recordUndo(
                'passTypeRestore',
                'passType',
                'passTypeId',
                id,
                call.idempotencyKey,
                `restore pass type ${id}`,
              ),
            ];
      },
    },
    'passType.restore': byIdHandler({
      action: passTypeRestore,
      idArg: 'passTypeId',
      describe: (id) => `restored pass type ${id}`,
      write: (ctx, passTypeId, idempotencyKey) =>
        ctx.client.call(restorePassType, { params: { passTypeId }, idempotencyKey, signal: ctx.signal }),
      undo: (id, by) =>
        recordUndo('passTypeDelete', 'passType', 'passTypeId', id, by, `delete pass type ${id} again`, {
          name: String(id),
        }),
    }),
    'passType.list': { run: passTypeList },
  },
  undo: passTypeUndo,
} satisfies ActionModule;
