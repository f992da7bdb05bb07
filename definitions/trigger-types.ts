/**
 * Triggers in the compiled plan: what a playbook's `triggers:` block becomes, and the records a
 * watcher compares. Workflow-safe like `plan-types.ts`: types and constants only, so the
 * watcher workflow (`workflows/watcher.ts`) may import it.
 */
import type { JsonObject, Plan, SourceLocation, Template } from './plan-types.ts';

/** The records a trigger can watch, by their name in the playbook. */
export const TriggerResource = {
  days: 'days',
  scheduleItems: 'scheduleItems',
  venues: 'venues',
  stays: 'stays',
  rooms: 'rooms',
  guests: 'guests',
  bulletins: 'bulletins',
} as const;
export type TriggerResource = (typeof TriggerResource)[keyof typeof TriggerResource];

export const RecordEventKind = {
  created: 'created',
  changed: 'changed',
  deleted: 'deleted',
  statusChanged: 'statusChanged',
} as const;
export type RecordEventKind = (typeof RecordEventKind)[keyof typeof RecordEventKind];
export const TIME_EVENT_KIND = 'time';

/** The fields the watcher keeps of each record (its projection), by their playbook names. */
export const RECORD_FIELDS: Record<TriggerResource, readonly string[]> = {
  days: ['name', 'date', 'timeZone', 'type', 'address'],
  scheduleItems: [
    'name',
    'notes',
    'startTime',
    'endTime',
    'allDay',
    'status',
    'statusType',
    'itemType',
    'address',
    'dayId',
  ],
  venues: ['title', 'status', 'capacity', 'address', 'city', 'notes', 'timeZone', 'dayId'],
  stays: ['title', 'confirmed', 'checkIn', 'checkOut', 'notes', 'bookingNumber', 'address', 'city', 'dayIds'],
  rooms: ['name', 'roomNumber', 'checkIn', 'checkOut', 'confirmed', 'notes', 'stayId', 'occupants'],
  guests: ['firstName', 'lastName', 'email', 'guests', 'status', 'affiliation', 'notes', 'dayId'],
  bulletins: ['title', 'body', 'pinned', 'dayId'],
};

/** The fields whose change is a `statusChanged` event; days and bulletins have none. */
export const STATUS_FIELDS: Partial<Record<TriggerResource, readonly string[]>> = {
  scheduleItems: ['status', 'statusType'],
  venues: ['status'],
  stays: ['confirmed'],
  rooms: ['confirmed'],
  guests: ['status'],
};

/** Fields of every event (`event.*`). */
export const EVENT_FIELDS = [
  'trigger',
  'kind',
  'resource',
  'tourId',
  'recordId',
  'dayId',
  'date',
  'record',
  'changes',
  'detectedAt',
  'at',
  'late',
  'dayName',
  'dayType',
  'timeZone',
] as const;

export interface RecordOn {
  record: TriggerResource;
  events: RecordEventKind[];
  /** `changed` only when one of these changed; absent: any field of the record. */
  fields?: string[];
}

export interface TimeOn {
  /** Milliseconds before the day's start (00:00 in its zone), or days before its date at a local time. */
  before: { ms: number } | { days: number; at: string };
  /** Only days of this type (compared case-insensitively). */
  dayType?: string;
  /** A moment missed by less than this fires late, else it is skipped. */
  lateMs: number;
}

export interface PlanTrigger {
  id: string;
  /** Tour ID or name, or a template over the apply-time `inputs`. */
  tour: Template;
  on: RecordOn | TimeOn;
  /** Bare expression over `event` and `inputs`. */
  where?: string;
  debounce?: { quietMs: number; maxMs: number; key?: string };
  /** The run's inputs: templates over `event` and `inputs`. */
  inputs: Record<string, Template>;
  source?: SourceLocation;
}

/** A plan that has triggers. */
export type TriggeredPlan = Plan & { triggers?: PlanTrigger[] };

/** The input a triggered run receives its event in; steps' `event.*` reads it. */
export const EVENT_INPUT = 'event';

/** One event, as steps read it. */
export type TriggerEvent = JsonObject;

export function isTimeOn(on: RecordOn | TimeOn): on is TimeOn {
  return 'before' in on;
}

/** One record as a watcher keeps it: its kind, ID, day and watched fields (never `updated_at`). */
export interface SeenRecord {
  r: TriggerResource;
  id: string;
  day: number | null;
  f: JsonObject;
}

/** One day as a watcher read it, with the moments its time triggers fire at (epoch ms, by `momentKey`). */
export interface SeenDay {
  id: number;
  name: string | null;
  date: string | null;
  zone: string;
  type: string | null;
  truncated: boolean;
  moments: Record<string, number>;
}

/** What one poll read of a tour. */
export interface TourSnapshot {
  days: SeenDay[];
  records: SeenRecord[];
  /** API calls the read made. */
  calls: number;
}

/** What the watcher's read activity is asked for. */
export interface SnapshotRequest {
  tourId: string;
  resources: TriggerResource[];
  /** The time triggers' `before`s, for the moments of each day. */
  befores: TimeOn['before'][];
  /** Days the last read found, to split the read into one call per 10 days. */
  knownDays: number;
}

/** The key of a `before` in `SeenDay.moments`. */
export function momentKey(before: TimeOn['before']): string {
  return 'ms' in before ? `ms${before.ms}` : `d${before.days}@${before.at}`;
}

/** The record's key in a watcher's state: its kind and ID. */
export function recordKey(record: Pick<SeenRecord, 'r' | 'id'>): string {
  return `${record.r}:${record.id}`;
}
