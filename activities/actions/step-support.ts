/**
 * Small pieces the venue, stay, room, contact, guest and pass-type actions share: their
 * plain-JSON undo arguments, and request chunking.
 */
import { isDeepStrictEqual } from 'node:util';
import type { JsonObject, JsonValue } from '../../definitions/plan-types.ts';
import type { StepOutcome } from '../types.ts';
import { isRetry } from './attempts.ts';

/**
 * A body as plain JSON for an undo record: `undefined` fields dropped (undo arguments cross
 * the workflow history, which keeps JSON only).
 */
export function plainJson(body: Record<string, unknown>): JsonObject {
  return JSON.parse(JSON.stringify(body)) as JsonObject;
}

/** The value of a plain-JSON field as a request body of the given type. */
export function asBody<T>(value: JsonValue | undefined): T {
  return (value ?? {}) as T;
}

/** Splits a list into runs of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** Lowercased, trimmed: e-mail addresses and names compare this way. */
export function folded(text: string): string {
  return text.trim().toLowerCase();
}

/** One field an update may change: whether the call changes it, its API name and its value before. */
export interface PreviousValue {
  given: boolean;
  field: string;
  value: unknown;
  /** How the playbook calls it, for "cannot be restored" notes. */
  label: string;
  /** The API's update takes `null` for this field and empties it. */
  clearable?: boolean;
}

/**
 * The write-back body of an update: the previous values of the fields the call changes. A
 * field that was empty before is sent as `null` when the update can empty it; otherwise it
 * cannot be put back and is listed in `lost`.
 */
export function writeBackOf(values: readonly PreviousValue[]): { body: JsonObject; lost: string[] } {
  const body: Record<string, unknown> = {};
  const lost: string[] = [];
  for (const { given, field, value, label, clearable } of values) {
    if (!given) continue;
    if (value !== undefined && value !== null) body[field] = value;
    else if (clearable) body[field] = null;
    else lost.push(label);
  }
  return { body: plainJson(body), lost };
}

/**
 * Whether a record holds every value an update's body gives already, so the update need not
 * write: `before` is the record's values under the body's field names (as a write-back body
 * gives them; a field the record lacks is absent and counts as different). An empty body is
 * not "already so": it is nothing to change.
 */
export function alreadySo(body: object, before: Record<string, unknown>): boolean {
  const fields = Object.entries(body).filter(([, value]) => value !== undefined);
  return fields.length > 0 && fields.every(([field, value]) => isDeepStrictEqual(value, before[field]));
}

/**
 * What the outcome of an update that found its record already so adds: `wroteNothing`, so the
 * saga drops the undo prepared for it and a rollback leaves the record as it is. Only on the
 * activity's first attempt: a later one may follow an earlier one's write whose answer was
 * lost, and then the prepared undo (the record from before the first attempt) stays.
 */
export function nothingWritten(): Pick<StepOutcome, 'wroteNothing'> {
  return isRetry() ? {} : { wroteNothing: true };
}

/**
 * An update's write (`write`), sent unless the record already holds every value of `body`
 * (`held`: the record's values under the body's names, see `alreadySo`). Gives the outcome's
 * words, `<verb> <label> (<fields>)` or `<label> already so (<fields>): nothing written`, and,
 * when nothing was written, its mark (`nothingWritten`).
 */
export async function writeUnlessAlreadySo(
  update: { body: object; held: Record<string, unknown>; label: string; verb: string },
  write: () => Promise<unknown>,
): Promise<Pick<StepOutcome, 'describe' | 'wroteNothing'>> {
  const { body, held, label, verb } = update;
  const fields = Object.keys(body).join(', ');
  if (alreadySo(body, held))
    return { describe: `${label} already so (${fields}): nothing written`, ...nothingWritten() };
  await write();
  return { describe: `${verb} ${label} (${fields})` };
}

/** ` (x and y stay as set: ...)` for an undo's text, or nothing. */
export function lostNote(lost: readonly string[], why: string): string {
  return lost.length === 0 ? '' : ` (${lost.join(', ')} stay as set: ${why})`;
}

/** `items` grouped by `keyOf`, in the order each key first appears (`Map.groupBy`, which Node 20 lacks). */
export function groupBy<T, K>(items: Iterable<T>, keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
