/**
 * The versions of a trigger while an edit goes live. An apply that changes a trigger replaces
 * its version at once, but the new version judges only the changes found from its `fromPoll`
 * (the first poll whose read began after the apply) and the moments from its `installedAt`: the
 * old version goes on judging those found before (`RetiredTrigger.until`, `untilMs`), so a change
 * is judged by the version live when it was made, once, and none is lost. A retired version is
 * kept until it has judged its last poll and started the bursts it debounced.
 */
import type { Pending, RetiredTrigger, TriggerEntry, WatcherState } from './watcher-messages.ts';

export const keyOf = (entry: TriggerEntry) => `${entry.playbook}/${entry.trigger.id}`;
export const isRetired = (entry: TriggerEntry): entry is RetiredTrigger => 'until' in entry;

/** The triggers installed, then the versions edits replaced that still judge or hold a burst. */
export function entriesOf(state: WatcherState): TriggerEntry[] {
  return [...state.triggers, ...(state.retired ?? [])];
}

/** The version of `current`'s trigger that judges this poll's changes: the one live when they were made. */
export function judgeOf(state: WatcherState, current: TriggerEntry): TriggerEntry {
  const poll = state.stats.polls;
  if (poll >= current.fromPoll) return current;
  const older = (state.retired ?? []).find(
    (entry) => keyOf(entry) === keyOf(current) && entry.fromPoll <= poll && poll < entry.until,
  );
  return older ?? current;
}

/** The version a debounced burst belongs to (the installed one for a burst carried without a version). */
export function entryOf(state: WatcherState, pending: Pending): TriggerEntry | undefined {
  return entriesOf(state).find(
    (entry) => keyOf(entry) === pending.trigger && (pending.version ?? entry.version) === entry.version,
  );
}

/** Forgets the replaced versions that judged their last poll and have no burst left to start. */
export function pruneRetired(state: WatcherState): void {
  if (!state.retired) return;
  state.retired = state.retired.filter(
    (entry) =>
      entry.until > state.stats.polls + 1 ||
      state.pending.some((pending) => pending.trigger === keyOf(entry) && pending.version === entry.version),
  );
  if (state.retired.length === 0) delete state.retired;
}
