/**
 * Actions that make one write to one record named by its ID (delete, restore): their
 * arguments are the ID (and the tour, where the undo needs it), their output the ID.
 */
import { z } from 'zod';
import { ActionKind, defineAction, type ActionDefinition, type Compensation } from './types.ts';
import { outputs, recordId } from './outputs.ts';
import type { JsonObject } from '../plan-types.ts';
import { numericId } from './vocabulary.ts';

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

/** Declares a by-ID action. */
export function byIdAction(spec: ByIdAction): ActionDefinition {
  return defineAction({
    name: spec.name,
    description: spec.description,
    args: byIdArgs(spec.idArg, spec.noun),
    outputs: outputs({ id: recordId(`${spec.noun} ID`) }),
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
export function restoreAction(record: Restorable, description = `Bring back a deleted ${record.noun}.`): ActionDefinition {
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

/** `<prefix>.delete`: a soft delete; its undo restores the record. */
export function restorableDeleteAction(record: Restorable, description: string): ActionDefinition {
  return byIdAction({
    name: `${record.prefix}.delete`,
    description,
    idArg: record.idArg,
    noun: record.noun,
    calls: [`DELETE ${record.path}`],
    kind: ActionKind.delete,
    compensation: { describe: `restore the ${record.noun}`, calls: [`POST ${record.path}/restore`] },
  });
}
