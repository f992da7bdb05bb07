/**
 * What one call of a step would do, found by reading the tour and never writing
 * (`tourflow plan --live`). Reads run as in a run; a create says what it would make and hands
 * later steps a placeholder (`WOULD_CREATE`) instead of an ID; an update whose handler has a
 * `plan` compares the values given with the record's (change: before → after, or nothing to
 * do), any other update or delete runs its undo preparation, which resolves names and reads
 * what it would change. A failure is the one the run would meet, with its text.
 */
import { isDeepStrictEqual } from 'node:util';
import { ApplicationFailure } from '@temporalio/common';
import type { JsonValue } from '../definitions/plan-types.ts';
import { ActionKind, type ActionDefinition } from '../definitions/actions/types.ts';
import { asActivityFailure } from '../api/client/index.ts';
import type { ActionContext, ActionHandler } from './action.ts';
import type { StepCall } from './types.ts';

/** What the run would do with one call. */
export const Would = {
  create: 'create',
  change: 'change',
  nothing: 'nothing',
  update: 'update',
  delete: 'delete',
  read: 'read',
  fail: 'fail',
  /** An approval or a child run: not run in a plan. */
  control: 'control',
} as const;
export type Would = (typeof Would)[keyof typeof Would];

/** One field an update would change. */
export interface FieldChange {
  field: string;
  before: JsonValue;
  after: JsonValue;
}

export interface CallPlan {
  would: Would;
  /** One line: what, on which record. */
  describe: string;
  /** An update's fields that would change (`change`). */
  changes?: FieldChange[];
  /** A delete: whether a rollback of the run could bring the record back. */
  restorable?: boolean;
  /** `fail`: the failure the run would meet. */
  error?: { type: string; message: string };
  /** What later steps read: a read's result, the record's ID, or `WOULD_CREATE` standing for what is not there yet. */
  output: JsonValue;
}

/** Stands for any value of a record this run would create; a call whose arguments hold it is not read. */
export const WOULD_CREATE = '(a record this run would create)';

/** Whether a value holds the placeholder anywhere. */
export function dependsOnCreate(value: unknown): boolean {
  if (value === WOULD_CREATE) return true;
  if (Array.isArray(value)) return value.some(dependsOnCreate);
  if (value && typeof value === 'object') return Object.values(value).some(dependsOnCreate);
  return false;
}

/**
 * An update's plan from the body it would send and the record's values under the same names
 * (its write-back body): the fields that differ, or nothing to do when none does.
 */
export function updatePlan(label: string, body: object, before: Record<string, unknown>, output: JsonValue): CallPlan {
  const changes: FieldChange[] = Object.entries(body)
    .filter(([field, value]) => value !== undefined && !isDeepStrictEqual(value, before[field]))
    .map(([field, after]) => ({ field, before: (before[field] ?? null) as JsonValue, after: after as JsonValue }));
  if (changes.length === 0)
    return { would: Would.nothing, describe: `${label} is already as asked (${Object.keys(body).join(', ')})`, output };
  return {
    would: Would.change,
    describe: `change ${label} (${changes.map((change) => change.field).join(', ')})`,
    changes,
    output,
  };
}

/** The failure a call meets, as the run reports it. */
function failureOf(error: unknown): { type: string; message: string } {
  const failure = error instanceof ApplicationFailure ? error : asActivityFailure(error);
  return failure instanceof ApplicationFailure
    ? { type: failure.type ?? 'Error', message: failure.message }
    : { type: 'Error', message: String(error) };
}

/** The arguments a call gives, by name only: values may be personal data, which a plan's result (in history) never holds. */
function given(call: StepCall): string {
  const args = call.args;
  const names = args && typeof args === 'object' && !Array.isArray(args) ? Object.keys(args) : [];
  return names.length > 0 ? names.join(', ') : 'no arguments';
}

/** The labels of the records an undo preparation found, e.g. `venue Uber Arena (12)`. */
function recordsOf(undo: { record?: { resource: string; id: string | number; label?: string } }[]): string {
  const labels = undo.flatMap((entry) =>
    entry.record
      ? [`${entry.record.resource} ${entry.record.label ?? ''} (${entry.record.id})`.replace('  (', ' (')]
      : [],
  );
  return labels.length > 0 ? labels.join(', ') : 'its records';
}

/** An action's outputs, each standing for a value of what the run would create or change. */
function placeholders(action: ActionDefinition): JsonValue {
  return Object.fromEntries(Object.keys(action.outputs.shape).map((field) => [field, WOULD_CREATE]));
}

async function planOf(
  call: StepCall,
  handler: ActionHandler,
  action: ActionDefinition,
  ctx: ActionContext,
): Promise<CallPlan> {
  if (dependsOnCreate(call.args)) {
    const would =
      action.kind === ActionKind.read ? Would.read : action.kind === ActionKind.create ? Would.create : Would.update;
    return {
      would,
      describe: `${call.action}: depends on a record this run would create`,
      output: placeholders(action),
    };
  }
  if (handler.plan) return handler.plan(call, ctx);
  switch (action.kind) {
    case ActionKind.read: {
      if (action.plainActivity)
        return {
          would: Would.read,
          describe: `${call.action}: reads and saves files on the worker; not run in a plan`,
          output: placeholders(action),
        };
      const outcome = await handler.run(call, ctx);
      return { would: Would.read, describe: outcome.describe ?? call.action, output: outcome.output };
    }
    case ActionKind.create:
      return { would: Would.create, describe: `${call.action} with ${given(call)}`, output: placeholders(action) };
    case ActionKind.delete: {
      const undo = (await handler.prepare?.(call, ctx)) ?? [];
      const restorable = action.compensation !== null;
      const how = restorable ? 'a rollback brings it back' : 'for good: a rollback cannot bring it back';
      return {
        would: Would.delete,
        describe: `${call.action}: delete ${recordsOf(undo)} (${how})`,
        restorable,
        output: placeholders(action),
      };
    }
    default: {
      const undo = (await handler.prepare?.(call, ctx)) ?? [];
      return {
        would: Would.update,
        describe: `${call.action}: update ${recordsOf(undo)} (fields ${given(call)})`,
        output: placeholders(action),
      };
    }
  }
}

/** What the run would do with `call`; never writes. A failure the run would meet is a `fail` plan. */
export async function planCall(
  call: StepCall,
  handler: ActionHandler,
  action: ActionDefinition,
  ctx: ActionContext,
): Promise<CallPlan> {
  try {
    return await planOf(call, handler, action, ctx);
  } catch (error) {
    const failure = failureOf(error);
    return {
      would: Would.fail,
      describe: `${call.action} would fail: ${failure.message}`,
      error: failure,
      output: placeholders(action),
    };
  }
}
