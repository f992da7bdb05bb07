/**
 * Pass types of a tour: `passType.create` (undo: delete), and pass types by name for the
 * guest actions.
 *
 * The undo deletes without `force`. Guests holding the pass when the undo runs are not from
 * this run (the saga has already undone this run's later steps, guest entries included), so
 * forcing would strip passes from someone else's entries; the API refuses instead, and the
 * pass type is reported as left behind with the entries that hold it.
 */
import { ApplicationFailure } from '@temporalio/activity';
import { passTypeCreateArgs } from '../../definitions/actions/guests.ts';
import { createPassType, deletePassType, passTypeDeleteBlocked, type PassType } from '../../api/contract/pass-types.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../action.ts';
import { pickPassType, readPassTypeList } from '../names/index.ts';
import type { StepCall, StepOutcome } from '../types.ts';
import { isGone, parseArgs } from './common.ts';
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
    ...(args.material !== undefined ? { passMaterialTypeId: await ctx.client.lookups.resolve('passMaterialTypes', args.material) } : {}),
  };
  const { id } = await ctx.client.call(createPassType, { params: { tourId: args.tourId }, body, idempotencyKey: ctx.key(), signal: ctx.signal });
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
} satisfies Record<string, UndoHandler>;

export const passTypeActions = {
  actions: {
    'passType.create': { run: passTypeCreate },
  },
  undo: passTypeUndo,
} satisfies ActionModule;
