/**
 * The tour watcher: one workflow per tour (`watcherId`), shared by every trigger on it. Each
 * poll reads the tour once (`api/tour-snapshot/read.ts`, through a local activity), compares it with the last
 * read (`watcher-diff.ts`), decides each trigger's events (`watcher-decide.ts`) and starts their
 * runs as abandoned child workflows whose IDs derive from the event; the new state and the
 * starts are commands of the same workflow task, so a crash never loses or doubles one. The
 * history is bounded by continue-as-new, carrying the compact state.
 */
import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import { isTimeOn, momentKey, type RecordOn, type TourSnapshot } from '../definitions/trigger-types.ts';
import type { createTriggerActivities } from '../activities/triggers/activities.ts';
import { triggerSearchAttributes } from './search-attributes.ts';
import { Decider } from './watcher-decide.ts';
import { keyOf } from './watcher-versions.ts';
import {
  applyTriggersUpdate,
  explainQuery,
  pauseTriggersUpdate,
  removeTriggersUpdate,
  watcherStatusQuery,
  type InstalledTrigger,
  type Pending,
  type RetiredTrigger,
  type TriggerEntry,
  type WatcherInput,
  type WatcherState,
  type WatcherStatus,
} from './watcher-messages.ts';

const { watchTourRead } = proxyLocalActivities<ReturnType<typeof createTriggerActivities>>({
  startToCloseTimeout: '2 minutes',
  retry: { maximumAttempts: 3, initialInterval: '1s' },
});

/** Polls per run before continue-as-new, whatever the history's size. */
const MAX_POLLS_PER_RUN = 500;
/** How long a watcher started without triggers waits for its first. */
const FIRST_TRIGGERS_WAIT = 60_000;

function freshState(): WatcherState {
  return {
    records: [],
    absentOnce: [],
    days: [],
    pending: [],
    moments: {},
    own: {},
    recent: [],
    stats: { polls: 0, callsLastPoll: 0, started: 0, skipped: 0 },
    paused: false,
    triggers: [],
    baseline: false,
  };
}

export async function tourWatcherWorkflow(input: WatcherInput): Promise<WatcherStatus> {
  const state = input.state ?? freshState();
  let pollMs = input.pollMs;
  let inFlight = false;
  let wake = false;
  /** Reads begun in this run, and the last that failed: an apply fails when the first read after it fails. */
  let reads = 0;
  let failed: { read: number; error: ReadFailure } | undefined;
  const decider = new Decider(input.tourId, state);
  const isLive = (fromPoll: number) => state.baseline && state.stats.polls >= fromPoll - 1;
  /** Sets the watcher's triggers, and its `TriggerId` search attribute with them. */
  const setTriggers = (triggers: TriggerEntry[]) => {
    state.triggers = triggers;
    upsertSearchAttributes(
      triggerSearchAttributes(
        input.tourId,
        triggers.map((entry) => `${entry.playbook}/${entry.trigger.id}`),
      ),
    );
  };

  const status = (): WatcherStatus => ({
    tourId: input.tourId,
    pollMs,
    paused: state.paused,
    stats: state.stats,
    triggers: state.triggers.map((entry) => ({
      playbook: entry.playbook,
      id: entry.trigger.id,
      version: entry.version,
      on: describeOn(entry),
      started: entry.started,
      skipped: entry.skipped,
      live: state.baseline && state.stats.polls >= entry.fromPoll - 1,
    })),
    pending: state.pending.length,
  });

  setHandler(applyTriggersUpdate, async (playbook: string, triggers: InstalledTrigger[], newPollMs?: number) => {
    if (newPollMs) pollMs = newPollMs;
    const fromPoll = state.stats.polls + (inFlight ? 3 : 2);
    const installedAt = Date.now();
    const kept = state.triggers.filter((entry) => entry.playbook !== playbook);
    const added: TriggerEntry[] = [];
    const retired: RetiredTrigger[] = [];
    for (const trigger of triggers) {
      const old = state.triggers.find(
        (entry) => entry.playbook === playbook && entry.trigger.id === trigger.trigger.id,
      );
      if (old && old.version === trigger.version) kept.push(old);
      else {
        added.push({ ...trigger, fromPoll, installedAt, started: 0, skipped: 0 });
        // an edit: the old version judges what changed before the new one is live, and starts the bursts it debounced
        if (old) retired.push({ ...old, until: fromPoll, untilMs: installedAt });
      }
    }
    const replaced = state.triggers.filter((entry) => entry.playbook === playbook && !kept.includes(entry));
    for (const pending of state.pending)
      pending.version ??= state.triggers.find((entry) => keyOf(entry) === pending.trigger)?.version;
    const removed = new Set(replaced.filter((entry) => !retired.some((r) => keyOf(r) === keyOf(entry))).map(keyOf));
    const cancelled = state.pending.filter((pending) => removed.has(pending.trigger));
    state.pending = state.pending.filter((pending) => !cancelled.includes(pending));
    const cancel = () => cancelled.forEach((p) => decider.cancelled(p, `the trigger was removed from ${playbook}`));
    if (retired.length > 0) state.retired = [...(state.retired ?? []), ...retired];
    setTriggers([...kept, ...added]);
    wake = true;
    if (added.length === 0) {
      cancel();
      return status();
    }
    // the first read that begins after this one: its failure is the answer, not a wait for ever
    const firstRead = reads + 1;
    await condition(() => isLive(fromPoll) || (failed !== undefined && failed.read >= firstRead));
    if (isLive(fromPoll) || !failed) {
      cancel();
      return status();
    }
    // nothing half-installed: the playbook's triggers are as they were (none, on a new watcher, which then ends)
    setTriggers([...state.triggers.filter((entry) => !added.includes(entry)), ...replaced]);
    state.retired = state.retired?.filter((entry) => !retired.includes(entry));
    state.pending.push(...cancelled);
    throw ApplicationFailure.create({
      type: failed.error.type,
      message: `the watcher's first read of tour ${input.tourId} (on the worker, with the worker's API credential) failed, so ${playbook}'s triggers were not applied: ${failed.error.message}`,
      nonRetryable: true,
    });
  });
  setHandler(removeTriggersUpdate, (playbook: string) => {
    setTriggers(state.triggers.filter((entry) => entry.playbook !== playbook));
    state.retired = state.retired?.filter((entry) => entry.playbook !== playbook);
    const ours = (pending: Pending) => pending.trigger.startsWith(`${playbook}/`);
    for (const pending of state.pending.filter(ours)) decider.cancelled(pending, `${playbook}'s triggers were deleted`);
    state.pending = state.pending.filter((pending) => !ours(pending));
    wake = true;
    return status();
  });
  setHandler(pauseTriggersUpdate, (paused: boolean) => {
    state.paused = paused;
    return status();
  });
  setHandler(watcherStatusQuery, status);
  setHandler(explainQuery, () => state.recent);

  if (state.triggers.length === 0) await condition(() => state.triggers.length > 0, FIRST_TRIGGERS_WAIT);
  let polls = 0;
  while (state.triggers.length > 0) {
    wake = false;
    inFlight = true;
    const read = ++reads;
    const snapshot = await readTour(input.tourId, state).finally(() => (inFlight = false));
    if (state.stats.lastError !== undefined)
      failed = { read, error: { type: state.stats.lastErrorType, message: state.stats.lastError } };
    if (snapshot) await decider.poll(snapshot);
    polls++;
    if (
      (workflowInfo().continueAsNewSuggested || polls >= (input.pollsPerRun ?? MAX_POLLS_PER_RUN)) &&
      allHandlersFinished()
    ) {
      decider.closeOpenRuns();
      await continueAsNew<typeof tourWatcherWorkflow>({ ...input, pollMs, state });
    }
    await condition(
      () => wake || state.triggers.length === 0,
      Math.max(1, Math.min(pollMs, decider.nextDueMs(Date.now()) ?? pollMs)),
    );
  }
  await condition(allHandlersFinished);
  return status();
}

/** Why a read failed: the failure's type (the API's code, or the error's name) and message. */
interface ReadFailure {
  type?: string;
  message: string;
}

/** One read of the tour for the triggers; undefined (the failure kept for `status`) when it fails. */
async function readTour(tourId: string, state: WatcherState): Promise<TourSnapshot | undefined> {
  const entries = [...state.triggers, ...(state.retired ?? [])];
  const resources = [
    ...new Set(entries.flatMap((entry) => (isTimeOn(entry.trigger.on) ? [] : [entry.trigger.on.record]))),
  ];
  const befores = entries.flatMap((entry) => (isTimeOn(entry.trigger.on) ? [entry.trigger.on.before] : []));
  const unique = [...new Map(befores.map((before) => [momentKey(before), before])).values()];
  try {
    const snapshot = await watchTourRead({ tourId, resources, befores: unique, knownDays: state.days.length });
    delete state.stats.lastError;
    delete state.stats.lastErrorType;
    return snapshot;
  } catch (error) {
    // the read's own failure: the first application failure of the chain (an activity failure wraps it)
    let cause = error;
    while (cause instanceof Error && !(cause instanceof ApplicationFailure) && cause.cause instanceof Error)
      cause = cause.cause;
    state.stats.lastError = cause instanceof Error ? cause.message : String(cause);
    state.stats.lastErrorType = cause instanceof ApplicationFailure ? (cause.type ?? undefined) : undefined;
    return undefined;
  }
}

function describeOn(entry: TriggerEntry): string {
  const on = entry.trigger.on;
  if (isTimeOn(on))
    return `${'ms' in on.before ? `${on.before.ms / 3_600_000}h` : `${on.before.days} days at ${on.before.at}`} before each ${on.dayType ?? ''} day`.replace(
      '  ',
      ' ',
    );
  const record: RecordOn = on;
  return `${record.record}: ${record.events.join(', ')}${record.fields ? ` (${record.fields.join(', ')})` : ''}`;
}
