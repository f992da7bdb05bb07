/**
 * The tour watcher's input, carried state, updates and queries (`watcher.ts`). Workflow-safe.
 */
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { JsonObject } from '../definitions/plan-types.ts';
import type { PlanTrigger, SeenRecord, TriggeredPlan } from '../definitions/trigger-types.ts';

/** One trigger of one playbook, as `tourflow triggers apply` installs it. */
export interface InstalledTrigger {
  playbook: string;
  trigger: PlanTrigger;
  /** The playbook's plan, started for each event. */
  plan: TriggeredPlan;
  /** The inputs given to `apply`, defaults applied. */
  inputs: JsonObject;
  /** Digest of trigger, plan and inputs: applying the same again changes nothing. */
  version: string;
}

/** What the watcher keeps of an installed trigger. */
export interface TriggerEntry extends InstalledTrigger {
  /** Its first poll: the one after the first read that began once it was installed. */
  fromPoll: number;
  /** When it was installed (epoch ms): time events before it never fire. */
  installedAt: number;
  started: number;
  skipped: number;
}

/**
 * A trigger's version an apply replaced: it goes on judging the changes found by the polls
 * before its successor's `fromPoll` (`until`), and the moments before its successor's
 * `installedAt` (`untilMs`), and starts the bursts it debounced when they are due.
 */
export interface RetiredTrigger extends TriggerEntry {
  until: number;
  untilMs: number;
}

/** What `explain` lists: one decision about one change. */
export interface Decision {
  at: string;
  trigger: string;
  /** The version of the trigger that judged it (`InstalledTrigger.version`). */
  version?: string;
  kind: string;
  resource: string;
  recordId: string;
  outcome: 'started' | 'skipped' | 'debounced';
  reason?: string;
  workflowId?: string;
}

/** An event waiting out its debounce. */
export interface Pending {
  trigger: string;
  /** The version of the trigger that debounced it; absent in state carried from before versions were kept. */
  version?: string;
  key: string;
  firstAt: number;
  lastAt: number;
  event: JsonObject;
  record: string;
}

export interface WatcherStats {
  polls: number;
  lastPollAt?: string;
  lastPollMs?: number;
  callsLastPoll: number;
  started: number;
  skipped: number;
  /** Why the last read failed, when it did. */
  lastError?: string;
  /** Its failure type: the API's code, or the error's name. */
  lastErrorType?: string;
}

/** State carried across continue-as-new. */
export interface WatcherState {
  records: SeenRecord[];
  /** Records absent from the last read only (not yet taken for deleted). */
  absentOnce: string[];
  /** Day IDs the last read found. */
  days: number[];
  pending: Pending[];
  /** Time events fired or skipped: `<trigger>/<day>/<key>` -> moment (epoch ms). */
  moments: Record<string, number>;
  /** Runs a trigger started, by `<trigger>|<record>`: the poll they ended by, or -1 while open. */
  own: Record<string, number>;
  recent: Decision[];
  stats: WatcherStats;
  paused: boolean;
  triggers: TriggerEntry[];
  /** Versions edits replaced, while they still judge changes or hold debounced bursts. */
  retired?: RetiredTrigger[];
  /** Whether a read has set the baseline. */
  baseline: boolean;
}

export interface WatcherInput {
  tourId: string;
  pollMs: number;
  /** Polls before continue-as-new at the latest (earlier when Temporal suggests it). @default 500 */
  pollsPerRun?: number;
  state?: WatcherState;
}

export interface WatcherStatus {
  tourId: string;
  pollMs: number;
  paused: boolean;
  stats: WatcherStats;
  triggers: {
    playbook: string;
    id: string;
    version: string;
    on: string;
    started: number;
    skipped: number;
    live: boolean;
  }[];
  pending: number;
}

export const applyTriggersUpdate = defineUpdate<
  WatcherStatus,
  [playbook: string, triggers: InstalledTrigger[], pollMs?: number]
>('applyTriggers');
export const removeTriggersUpdate = defineUpdate<WatcherStatus, [playbook: string]>('removeTriggers');
export const pauseTriggersUpdate = defineUpdate<WatcherStatus, [paused: boolean]>('pauseTriggers');
export const watcherStatusQuery = defineQuery<WatcherStatus>('watcherStatus');
export const explainQuery = defineQuery<Decision[]>('explain');

/** The watcher of a tour: one per tour. */
export function watcherId(tourId: string): string {
  return `tourflow-watcher-${tourId}`;
}
