/**
 * What a trigger's run receives as its `event` input (`event.*`): a record's change, or a day's
 * moment for a time event; and the fingerprint its workflow ID ends with, a digest of the event
 * and the poll that found it, or of the debounce that gathered it.
 */
import type { JsonObject } from '../definitions/plan-types.ts';
import { TIME_EVENT_KIND, TriggerResource, type RecordEventKind, type SeenDay } from '../definitions/trigger-types.ts';
import { digest as sha256Hex } from './keys.ts';
import { changesOf, type Change } from './watcher-diff.ts';
import type { Pending, TriggerEntry } from './watcher-messages.ts';

/** A time event fired this long after its moment says `event.late`. */
const LATE_AFTER_MS = 60_000;

const digest = (text: string) => sha256Hex(text, 16);

/** The event of a record's change that `entry` fires on (`kind`), found by the poll at `detectedAt`. */
export function changeEvent(
  tourId: string,
  entry: TriggerEntry,
  kind: RecordEventKind,
  change: Change,
  days: readonly SeenDay[],
  detectedAt: string,
): JsonObject {
  const day = days.find((d) => d.id === change.record.day);
  return {
    trigger: entry.trigger.id,
    kind,
    resource: change.record.r,
    tourId,
    recordId: change.record.id,
    dayId: change.record.day,
    date: day?.date ?? null,
    record: change.record.f,
    changes: changesOf(change),
    detectedAt,
  };
}

/** The event of a day's `moment` (epoch ms) that `entry` fires on, found at `now`. */
export function timeEvent(tourId: string, entry: TriggerEntry, day: SeenDay, moment: number, now: number): JsonObject {
  const at = new Date(moment).toISOString();
  const late = now - moment;
  return {
    trigger: entry.trigger.id,
    kind: TIME_EVENT_KIND,
    resource: TriggerResource.days,
    tourId,
    recordId: String(day.id),
    dayId: day.id,
    date: day.date,
    record: {},
    changes: {},
    detectedAt: new Date(now).toISOString(),
    at,
    late: late > LATE_AFTER_MS,
    dayName: day.name,
    dayType: day.type,
    timeZone: day.zone,
  };
}

/** The fingerprint of a run started for `event` by the poll numbered `poll`. */
export function eventFingerprint(entry: TriggerEntry, event: JsonObject, poll: number): string {
  return digest(JSON.stringify([entry.version, event.kind, event.record, event.changes, event.at ?? null, poll]));
}

/** The fingerprint of a run started when a debounce is due: its key and its first event's time. */
export function debounceFingerprint(entry: TriggerEntry, pending: Pending): string {
  return digest(JSON.stringify([entry.version, pending.key, pending.firstAt]));
}
