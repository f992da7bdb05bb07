/**
 * What changed between two reads of a tour, and which changes are events of which trigger.
 * A record absent from one read is kept as it was (it may have been hidden from the caller, or
 * cut from a `truncated` day); absent from two reads in a row of a day that was not cut short,
 * it is deleted. Only the watched fields are compared, never `updated_at`. Workflow-safe.
 */
import type { JsonObject, JsonValue } from '../definitions/plan-types.ts';
import {
  RecordEventKind,
  STATUS_FIELDS,
  recordKey,
  type RecordOn,
  type SeenRecord,
  type TourSnapshot,
} from '../definitions/trigger-types.ts';

export interface Change {
  kind: 'created' | 'changed' | 'deleted';
  record: SeenRecord;
  /** The fields before, for `changed` and `deleted`. */
  before?: JsonObject;
  /** Names of the fields that changed. */
  changed: string[];
}

export interface Diff {
  changes: Change[];
  records: SeenRecord[];
  absentOnce: string[];
}

const same = (a: JsonValue | undefined, b: JsonValue | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The changes from `previous` to `snapshot`, and the records and absences to keep. */
export function diffRecords(
  previous: readonly SeenRecord[],
  absentOnce: readonly string[],
  snapshot: TourSnapshot,
): Diff {
  const before = new Map(previous.map((record) => [recordKey(record), record]));
  const now = new Map(snapshot.records.map((record) => [recordKey(record), record]));
  const truncated = new Set(snapshot.days.filter((day) => day.truncated).map((day) => day.id));
  const wasAbsent = new Set(absentOnce);
  const changes: Change[] = [];
  const records: SeenRecord[] = [];
  const absent: string[] = [];
  for (const [key, record] of now) {
    records.push(record);
    const old = before.get(key);
    if (!old) {
      changes.push({ kind: 'created', record, changed: Object.keys(record.f) });
      continue;
    }
    const changed = Object.keys(record.f).filter((field) => !same(record.f[field], old.f[field]));
    if (changed.length > 0) changes.push({ kind: 'changed', record, before: old.f, changed });
  }
  for (const [key, old] of before) {
    if (now.has(key)) continue;
    if (old.day !== null && truncated.has(old.day)) {
      records.push(old);
    } else if (wasAbsent.has(key)) {
      changes.push({ kind: 'deleted', record: old, before: old.f, changed: [] });
    } else {
      records.push(old);
      absent.push(key);
    }
  }
  return { changes, records, absentOnce: absent };
}

/** The event a change is for a record trigger, or why it is none. */
export function recordEvent(on: RecordOn, change: Change): { kind: RecordEventKind } | { reason: string } {
  if (change.record.r !== on.record) return { reason: 'other records' };
  if (change.kind === 'created' || change.kind === 'deleted') {
    return on.events.includes(change.kind) ? { kind: change.kind } : { reason: `${change.kind}: not among its events` };
  }
  const status = STATUS_FIELDS[on.record] ?? [];
  if (on.events.includes(RecordEventKind.statusChanged) && change.changed.some((field) => status.includes(field)))
    return { kind: RecordEventKind.statusChanged };
  if (!on.events.includes(RecordEventKind.changed)) return { reason: 'changed: not among its events' };
  if (on.fields && !change.changed.some((field) => on.fields?.includes(field)))
    return { reason: `field not watched (${change.changed.join(', ')})` };
  return { kind: RecordEventKind.changed };
}

/** `event.changes`: field -> { before, after } of the fields that changed. */
export function changesOf(change: Change): JsonObject {
  if (change.kind !== 'changed') return {};
  const out: JsonObject = {};
  for (const field of change.changed)
    out[field] = { before: change.before?.[field] ?? null, after: change.record.f[field] ?? null };
  return out;
}
