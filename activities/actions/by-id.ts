/**
 * One write to one record named by its ID (a delete, a restore): the handler of such an action,
 * and the undo helpers its undo activities share. The write carries the call's idempotency key,
 * so an attempt after a lost answer gets the first answer back instead of a 404 or 400; a
 * forward delete also goes through `deleteOnce`, so a repeat the key did not cover that finds
 * the record gone is done too.
 */
import type { ActionDefinition } from '../../definitions/actions/index.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import { ApiError } from '../../api/client/index.ts';
import type { ActionContext, ActionHandler } from '../action.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../types.ts';
import type { UndoHandlerName } from '../undo-names.ts';
import { goneOnRetry } from '../names/index.ts';
import { isGone, parseArgs } from './common.ts';

export interface ByIdWrite {
  /** The catalogue's action: its `args` is `{ <idArg>: number }`, or names the record another way (`resolve`). */
  action: ActionDefinition;
  idArg: string;
  /**
   * The ID of the record the parsed arguments name (by name or ID, `activities/names`).
   * @default the `idArg` argument
   */
  resolve?(ctx: ActionContext, args: Record<string, unknown>): Promise<number>;
  /** `deleted schedule template 12`. */
  describe(id: number): string;
  write(ctx: ActionContext, id: number, idempotencyKey: string): Promise<unknown>;
  /**
   * The undo, registered before the call; `by` is the call's key (keeps undo keys of runs
   * apart). Absent for a write the API cannot undo (the catalogue marks it destructive).
   */
  undo?(id: number, by: string): UndoRecord;
}

/**
 * The handler of a by-ID action: the undo is prepared, the write made once per key. A delete by
 * name whose name matches nothing on a retry was done by an earlier attempt.
 */
export function byIdHandler(spec: ByIdWrite): ActionHandler {
  const idOf = async (call: StepCall, ctx: ActionContext): Promise<number | undefined> => {
    const args = parseArgs(call.action, spec.action.args, call.args) as Record<string, unknown>;
    if (!spec.resolve) return args[spec.idArg] as number;
    try {
      return await spec.resolve(ctx, args);
    } catch (error) {
      if (spec.action.kind === 'delete' && goneOnRetry(error)) return undefined;
      throw error;
    }
  };
  return {
    run: async (call: StepCall, ctx: ActionContext): Promise<StepOutcome> => {
      const id = await idOf(call, ctx);
      if (id === undefined)
        return { output: { id: null }, undo: [], describe: `${spec.action.name}: deleted by an earlier attempt` };
      await spec.write(ctx, id, ctx.key());
      return { output: { id }, undo: [], describe: spec.describe(id) };
    },
    prepare: async (call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> => {
      if (!spec.undo) return [];
      const id = await idOf(call, ctx);
      return id === undefined ? [] : [spec.undo(id, call.idempotencyKey)];
    },
  };
}

/** A restore the API refuses because the record is not deleted (400), or a record that is gone (404): nothing to undo. */
export function nothingToRestore(error: unknown): boolean {
  return isGone(error) || (error instanceof ApiError && (error.status === 400 || error.status === 409));
}

/** Runs a restore as an undo: a record that is live already, or gone, is left as it is. */
export async function restoreForUndo(body: () => Promise<unknown>): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (!nothingToRestore(error)) throw error;
  }
}

/** An undo record of one record: `{ activity, args: { <idArg>: id, by }, describe, record }`. */
export function recordUndo(
  activity: UndoHandlerName,
  resource: string,
  idArg: string,
  id: number,
  by: string,
  describe: string,
  extra: JsonObject = {},
): UndoRecord {
  return { activity, args: { [idArg]: id, by, ...extra }, describe, record: { resource, id } };
}
