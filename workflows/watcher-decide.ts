/**
 * The watcher's decisions for one poll: each change against each trigger (fired, debounced, or
 * skipped and why), debounces that are due, time events that are due, and the runs they start.
 * A run's workflow ID is derived from its trigger, record and a digest of the event and the
 * poll that found it; a start that finds the ID taken is recorded as "already started".
 */
import { ParentClosePolicy, startChild, WorkflowIdReusePolicy } from '@temporalio/workflow';
import { evaluateCondition, evaluateExpression, evaluateTemplate } from '../definitions/expressions.ts';
import { ActionKind, type JsonObject, type Plan } from '../definitions/plan-types.ts';
import {
  EVENT_INPUT,
  TIME_EVENT_KIND,
  TriggerResource,
  isTimeOn,
  momentKey,
  recordKey,
  type TourSnapshot,
} from '../definitions/trigger-types.ts';
import type { PlaybookInput } from './messages.ts';
import { playbookSearchAttributes, TRIGGER_ID } from './search-attributes.ts';
import { diffRecords, recordEvent } from './watcher-diff.ts';
import { changeEvent, debounceFingerprint, eventFingerprint, timeEvent } from './watcher-events.ts';
import type { Decision, Pending, TriggerEntry, WatcherState } from './watcher-messages.ts';
import { entriesOf, entryOf, isRetired, judgeOf, keyOf, pruneRetired } from './watcher-versions.ts';

/** Decisions `explain` keeps. */
const RECENT = 300;
/** Why a trigger skips a change found before it was live. */
const APPLIED_AFTER = 'the trigger was applied after this change';
/** Time events older than this are not looked at (nor remembered). */
const LOOKBACK_MS = 7 * 86_400_000;

interface Start {
  entry: TriggerEntry;
  event: JsonObject;
  record: string;
  fingerprint: string;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Whether a run of the plan can write (a playbook of reads only has no own writes to ignore). */
function writes(plan: Plan): boolean {
  return plan.steps.some(
    (step) => step.kind !== ActionKind.read && (step.kind !== ActionKind.control || step.action === 'playbook.run'),
  );
}

export class Decider {
  /** The next moment of a time event in the last read (epoch ms): the watcher wakes for it. */
  private nextMoment = Infinity;

  constructor(
    private readonly tourId: string,
    private readonly state: WatcherState,
  ) {}

  /** Decides what one read means, and starts the runs. */
  async poll(snapshot: TourSnapshot): Promise<void> {
    const { state } = this;
    const now = Date.now();
    state.stats.polls++;
    state.stats.lastPollAt = new Date(now).toISOString();
    state.stats.lastPollMs = now;
    state.stats.callsLastPoll = snapshot.calls;
    const watched = new Set(snapshot.records.map((record) => record.r));
    for (const entry of entriesOf(this.state)) if (!isTimeOn(entry.trigger.on)) watched.add(entry.trigger.on.record);
    const previous = state.records.filter((record) => watched.has(record.r));
    const diff = diffRecords(previous, state.absentOnce, snapshot);
    state.records = diff.records;
    state.absentOnce = diff.absentOnce;
    state.days = snapshot.days.map((day) => day.id);
    const starts: Start[] = [];
    if (state.baseline) {
      for (const change of diff.changes) {
        for (const current of state.triggers) {
          const entry = judgeOf(this.state, current);
          const on = entry.trigger.on;
          const base = { trigger: keyOf(current), resource: change.record.r, recordId: change.record.id };
          const watches = (e: TriggerEntry) => !isTimeOn(e.trigger.on) && e.trigger.on.record === change.record.r;
          if (isTimeOn(on) || on.record !== change.record.r) {
            // the version an edit replaced watches something else: a change found before the edit is live is not its
            if (watches(current)) this.skip(current, { ...base, kind: change.kind }, APPLIED_AFTER);
            continue;
          }
          const found = recordEvent(on, change);
          if ('reason' in found) {
            this.skip(entry, { ...base, kind: change.kind }, found.reason);
            continue;
          }
          const event = changeEvent(this.tourId, entry, found.kind, change, snapshot.days, state.stats.lastPollAt);
          this.consider(entry, event, recordKey(change.record), now, starts);
        }
      }
    }
    // moments need no baseline: the time a trigger was installed bounds them
    this.timeEvents(snapshot, now, starts);
    state.baseline = true;
    this.dueDebounces(now, starts);
    this.pruneOwn();
    pruneRetired(this.state);
    await Promise.all(starts.map((start) => this.start(start)));
  }

  /** Milliseconds until the next debounce or time event is due; undefined when none is known. */
  nextDueMs(now: number): number | undefined {
    const dues = this.state.pending.flatMap((pending) => {
      const entry = entryOf(this.state, pending);
      const debounce = entry?.trigger.debounce;
      return debounce ? [Math.min(pending.lastAt + debounce.quietMs, pending.firstAt + debounce.maxMs)] : [];
    });
    const next = Math.min(...dues, this.nextMoment);
    return Number.isFinite(next) ? Math.max(0, next - now) : undefined;
  }

  /** Records in `explain` that an edit or a delete cancelled a debounced burst, whose run then never starts. */
  cancelled(pending: Pending, why: string): void {
    this.state.stats.skipped++;
    this.note({
      trigger: pending.trigger,
      version: pending.version,
      resource: String(pending.event.resource),
      recordId: String(pending.event.recordId),
      kind: String(pending.event.kind),
      outcome: 'skipped',
      reason: `its debounced run was cancelled: ${why}`,
    });
  }

  /** Before continue-as-new: runs still open are taken as ended now (their writes are seen by the next poll). */
  closeOpenRuns(): void {
    for (const [key, poll] of Object.entries(this.state.own))
      if (poll === -1) this.state.own[key] = this.state.stats.polls;
  }

  private consider(entry: TriggerEntry, event: JsonObject, record: string, now: number, starts: Start[]): void {
    const base = {
      trigger: keyOf(entry),
      resource: String(event.resource),
      recordId: String(event.recordId),
      kind: String(event.kind),
    };
    if (event.kind !== TIME_EVENT_KIND && this.state.stats.polls < entry.fromPoll)
      return this.skip(entry, base, APPLIED_AFTER);
    if (this.state.paused) return this.skip(entry, base, 'paused');
    const scope = { event, inputs: entry.inputs };
    if (entry.trigger.where) {
      try {
        if (!evaluateCondition(entry.trigger.where, scope)) return this.skip(entry, base, 'filter false');
      } catch (error) {
        return this.skip(entry, base, `filter failed: ${message(error)}`);
      }
    }
    const own = this.state.own[`${keyOf(entry)}|${record}`];
    if (own !== undefined && (own === -1 || own >= this.state.stats.polls - 1))
      return this.skip(entry, base, 'own write (a run this trigger started changed it)');
    const debounce = entry.trigger.debounce;
    if (!debounce) {
      starts.push({ entry, event, record, fingerprint: eventFingerprint(entry, event, this.state.stats.polls) });
      return;
    }
    let key: string;
    try {
      key = debounce.key ? JSON.stringify(evaluateExpression(debounce.key, scope)) : record;
    } catch (error) {
      return this.skip(entry, base, `debounce key failed: ${message(error)}`);
    }
    const pending = this.state.pending.find(
      (p) => p.trigger === keyOf(entry) && p.key === key && (p.version ?? entry.version) === entry.version,
    );
    if (pending) Object.assign(pending, { lastAt: now, event, record });
    else
      this.state.pending.push({
        trigger: keyOf(entry),
        version: entry.version,
        key,
        firstAt: now,
        lastAt: now,
        event,
        record,
      });
    this.note({ ...base, version: entry.version, outcome: 'debounced', reason: `into the run for ${key}` });
  }

  private dueDebounces(now: number, starts: Start[]): void {
    const keep = [];
    for (const pending of this.state.pending) {
      const entry = entryOf(this.state, pending);
      const debounce = entry?.trigger.debounce;
      if (!entry || !debounce) continue;
      if (now < Math.min(pending.lastAt + debounce.quietMs, pending.firstAt + debounce.maxMs)) keep.push(pending);
      else
        starts.push({
          entry,
          event: pending.event,
          record: pending.record,
          fingerprint: debounceFingerprint(entry, pending),
        });
    }
    this.state.pending = keep;
  }

  private timeEvents(snapshot: TourSnapshot, now: number, starts: Start[]): void {
    this.nextMoment = Infinity;
    for (const entry of entriesOf(this.state)) {
      const on = entry.trigger.on;
      if (!isTimeOn(on)) continue;
      const until = isRetired(entry) ? entry.untilMs : Infinity;
      for (const day of snapshot.days) {
        if (on.dayType && day.type?.toLowerCase() !== on.dayType.toLowerCase()) continue;
        const moment = day.moments[momentKey(on.before)];
        if (moment !== undefined && moment > now && moment < until) this.nextMoment = Math.min(this.nextMoment, moment);
        if (moment === undefined || moment > now || moment < entry.installedAt || moment >= until) continue;
        if (now - moment > LOOKBACK_MS) continue;
        const key = `${keyOf(entry)}/${day.id}/${moment}`;
        if (key in this.state.moments) continue;
        this.state.moments[key] = moment;
        const late = now - moment;
        if (late > on.lateMs) {
          this.skip(
            entry,
            { trigger: keyOf(entry), resource: TriggerResource.days, recordId: String(day.id), kind: TIME_EVENT_KIND },
            `missed by ${Math.round(late / 1000)} s, beyond its late window of ${Math.round(on.lateMs / 1000)} s`,
          );
          continue;
        }
        this.consider(entry, timeEvent(this.tourId, entry, day, moment, now), `days:${day.id}@${moment}`, now, starts);
      }
    }
    for (const [key, moment] of Object.entries(this.state.moments))
      if (now - moment > LOOKBACK_MS) delete this.state.moments[key];
  }

  private pruneOwn(): void {
    for (const [key, poll] of Object.entries(this.state.own))
      if (poll !== -1 && poll < this.state.stats.polls - 1) delete this.state.own[key];
  }

  private async start({ entry, event, record, fingerprint }: Start): Promise<void> {
    const base = {
      trigger: keyOf(entry),
      resource: String(event.resource),
      recordId: String(event.recordId),
      kind: String(event.kind),
    };
    const workflowId = `trigger/${this.tourId}/${entry.playbook}/${entry.trigger.id}/${event.resource}-${event.recordId}/${fingerprint}`;
    let inputs: JsonObject;
    try {
      inputs = {
        ...entry.inputs,
        ...(evaluateTemplate(entry.trigger.inputs, { event, inputs: entry.inputs }) as JsonObject),
        [EVENT_INPUT]: event,
      };
    } catch (error) {
      return this.skip(entry, base, `inputs failed: ${message(error)}`);
    }
    if (entry.plan.inputs.tourId && inputs.tourId === undefined) inputs.tourId = this.tourId;
    const input: PlaybookInput = { plan: entry.plan, inputs, keySeed: workflowId };
    try {
      const handle = await startChild('playbookWorkflow', {
        workflowId,
        args: [input],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        searchAttributes: { ...playbookSearchAttributes(entry.plan.name, this.tourId), [TRIGGER_ID]: [base.trigger] },
        memo: { trigger: base.trigger, event: { kind: base.kind, resource: base.resource, recordId: base.recordId } },
        staticSummary: `trigger ${entry.trigger.id}: ${base.kind} ${base.resource} ${base.recordId}`,
        staticDetails: `Started by trigger **${entry.trigger.id}** of playbook ${entry.playbook} on tour ${this.tourId}: ${base.kind} of ${base.resource} ${base.recordId}${Object.keys(event.changes as JsonObject).length > 0 ? ` (changed: ${Object.keys(event.changes as JsonObject).join(', ')})` : ''}.`,
      });
      if (writes(entry.plan)) {
        const ownKey = `${keyOf(entry)}|${record}`;
        this.state.own[ownKey] = -1;
        const ended = () => {
          this.state.own[ownKey] = this.state.stats.polls;
        };
        handle.result().then(ended, ended);
      }
      entry.started++;
      this.state.stats.started++;
      this.note({ ...base, version: entry.version, outcome: 'started', workflowId });
    } catch (error) {
      const taken = error instanceof Error && error.name === 'WorkflowExecutionAlreadyStartedError';
      this.skip(entry, base, taken ? `already started (${workflowId})` : `start failed: ${message(error)}`);
    }
  }

  private skip(entry: TriggerEntry, base: Omit<Decision, 'at' | 'outcome'>, reason: string): void {
    entry.skipped++;
    this.state.stats.skipped++;
    this.note({ ...base, version: entry.version, outcome: 'skipped', reason });
  }

  private note(decision: Omit<Decision, 'at'>): void {
    this.state.recent.push({ at: new Date(Date.now()).toISOString(), ...decision });
    if (this.state.recent.length > RECENT) this.state.recent.splice(0, this.state.recent.length - RECENT);
  }
}
