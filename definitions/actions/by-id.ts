/**
 * Actions that make one write to one record (delete, restore): a live record named by its name
 * or ID (a name needs the tour), a deleted one by its ID (no list the API offers shows deleted
 * records, so there is no name to look up); their output the ID.
 */
import { z } from 'zod';
import { ActionKind, defineAction, type ActionDefinition, type Compensation } from './types.ts';
import { outputs, recordId } from './outputs.ts';
import type { JsonObject } from '../plan-types.ts';
import { nameOrId, nameRef, numericId, tourId } from './vocabulary.ts';

export interface ByIdAction {
  name: string;
  description: string;
  /** The argument that names the record, e.g. `templateId`. */
  idArg: string;
  /** What the record is, for the ID's description: `schedule template`. */
  noun: string;
  calls: string[];
  kind: ActionKind;
  compensation: Compensation | null;
  destructive?: (args: JsonObject) => string | null;
}

/** The argument schema of a by-ID action: `{ <idArg>: number }`. */
export function byIdArgs<K extends string>(idArg: K, noun: string) {
  return z.strictObject({ [idArg]: numericId.describe(`The ${noun}’s ID.`) } as Record<K, typeof numericId>);
}

/** A live record a step names by `nameArg` (its name or ID; a name needs `tourId`) or by `idArg`. */
export interface NamedRecord<N extends string = string, I extends string = string, Id extends z.ZodType = z.ZodType> {
  /** `venue` */
  nameArg: N;
  /** `venueId` */
  idArg: I;
  /** `venue`, for descriptions. */
  noun: string;
  /** What names it: `title`. @default `name` */
  by?: string;
  /** The ID's schema. @default a positive integer */
  id?: Id;
}

type NamedShape<N extends string, I extends string, Id extends z.ZodType> = {
  tourId: z.ZodOptional<typeof tourId>;
} & Record<N, z.ZodOptional<ReturnType<typeof nameRef>>> &
  Record<I, z.ZodOptional<Id>>;

/**
 * The arguments naming one live record: `{ tourId?, <nameArg>?, <idArg>? }` with exactly one of
 * the last two, and the tour when the record is given by name; `extra` adds fields.
 */
export function namedRecordArgs<
  N extends string,
  I extends string,
  Id extends z.ZodType = typeof numericId,
  X extends z.ZodRawShape = Record<never, never>,
>(record: NamedRecord<N, I, Id>, extra?: X) {
  const by = record.by ?? 'name';
  const shape = {
    tourId: tourId.optional().describe(`The ${record.noun}’s tour: needed when "${record.nameArg}" is a ${by}.`),
    [record.nameArg]: nameRef(`The ${record.noun} (${by} or ID)`).optional(),
    [record.idArg]: (record.id ?? numericId).optional().describe(`Or the ${record.noun}’s ID.`),
    ...extra,
  } as NamedShape<N, I, Id> & X;
  return z.strictObject(shape).superRefine(nameOrId(record.nameArg, record.idArg));
}

/** The ID a delete by name outputs: null when an earlier attempt of the step deleted the record. */
export function goneId(noun: string, id: z.ZodType = z.int()) {
  return id.nullable().describe(`${noun} ID, null when an earlier attempt deleted it`);
}

/** Declares a by-ID action; with `named`, the record may be named by its name too. */
export function byIdAction(spec: ByIdAction & { named?: NamedRecord | undefined }): ActionDefinition {
  return defineAction({
    name: spec.name,
    description: spec.description,
    args: spec.named ? namedRecordArgs(spec.named) : byIdArgs(spec.idArg, spec.noun),
    outputs: outputs({ id: spec.named ? goneId(spec.noun) : recordId(`${spec.noun} ID`) }),
    calls: spec.calls,
    kind: spec.kind,
    compensation: spec.compensation,
    ...(spec.destructive ? { destructive: spec.destructive } : {}),
  });
}

/** A record the API soft-deletes at `DELETE <path>` and brings back at `POST <path>/restore`. */
export interface Restorable {
  /** The action name's prefix: `schedule.template`. */
  prefix: string;
  noun: string;
  idArg: string;
  /** `/v1/schedule-templates/{templateId}` */
  path: string;
}

/** `<prefix>.restore`: brings the record back; its undo deletes it again. */
export function restoreAction(
  record: Restorable,
  description = `Bring back a deleted ${record.noun}.`,
): ActionDefinition {
  return byIdAction({
    name: `${record.prefix}.restore`,
    description,
    idArg: record.idArg,
    noun: record.noun,
    calls: [`POST ${record.path}/restore`],
    kind: ActionKind.update,
    compensation: { describe: `delete the ${record.noun} again`, calls: [`DELETE ${record.path}`] },
  });
}

/**
 * `<prefix>.delete`: a soft delete; its undo restores the record. With `named`, the record is
 * named by its name or ID, read from `list` (`GET /v1/tours/{tourId}/...`) for a name.
 */
export function restorableDeleteAction(
  record: Restorable,
  description: string,
  named?: { by: NamedRecord; list: string },
): ActionDefinition {
  return byIdAction({
    name: `${record.prefix}.delete`,
    description,
    idArg: record.idArg,
    noun: record.noun,
    named: named?.by,
    calls: [...(named ? [`GET ${named.list}`] : []), `DELETE ${record.path}`],
    kind: ActionKind.delete,
    compensation: { describe: `restore the ${record.noun}`, calls: [`POST ${record.path}/restore`] },
  });
}

/**
 * A delete the API has no restore for (bulletins, venues, stays, tours): no undo, a guarded
 * step, and a plan that says it cannot be undone. `what` says what goes with the record.
 */
export function finalDelete(
  name: string,
  noun: string,
  args: z.ZodType,
  id: z.ZodType,
  path: string,
  what: string,
  named?: { by: string; list: string },
): ActionDefinition {
  return defineAction({
    name,
    description: `Delete ${what}${named ? `, named by its ${named.by} or ID` : ''}. The API has no ${noun} restore: this cannot be undone.`,
    args,
    outputs: outputs({ id: named ? goneId(noun, id) : id.describe(`${noun} ID`) }),
    calls: [...(named ? [`GET ${named.list}`] : []), `DELETE ${path}`],
    kind: ActionKind.delete,
    compensation: null,
    destructive: () => `deletes ${what}; the API has no ${noun} restore, so this cannot be undone`,
  });
}
