/**
 * The pure parts of `npm run bench:triggers` (`trigger-bench.ts`): when the writes go, what the
 * latencies and calls per poll come to against the goals of the triggers issue, and the lines
 * of its report.
 */
import type { EndpointCounts } from './sandbox-process.ts';
import { spread, type Spread } from './stats.ts';

/** The goal's allowance on top of the polling interval, from a write to its reaction's start. */
export const LATENCY_ALLOWANCE_MS = 15_000;
/** Days a whole-tour read may cover by the goal (one read per 10 days). */
export const DAYS_PER_READ = 10;
/** The history no watcher run may exceed. */
export const HISTORY_GOAL = 10_000;
/** Polls of a watcher run before it continues as new (`MAX_POLLS_PER_RUN` in `workflows/watcher.ts`). */
export const POLLS_PER_RUN = 500;
/** Polls a day at one poll a minute. */
const POLLS_PER_DAY = 1440;

/**
 * `count` moments (milliseconds from now, ascending) drawn uniformly over `spanMs`: writes at
 * random moments of a few polls, so that they fall anywhere in a poll's cycle.
 */
export function writeMoments(count: number, spanMs: number, random: () => number = Math.random): number[] {
  return Array.from({ length: count }, () => Math.floor(random() * spanMs)).sort((a, b) => a - b);
}

export interface LatencyFigures {
  pollMs: number;
  /** Milliseconds from each write's request to its reaction's start, as Temporal recorded it. */
  latencies: number[];
  spread: Spread;
  goalMs: number;
  met: boolean;
}

export function latencyFigures(pollMs: number, latencies: number[]): LatencyFigures {
  const found = spread(latencies) ?? { median: NaN, min: NaN, max: NaN, n: 0 };
  const goalMs = pollMs + LATENCY_ALLOWANCE_MS;
  return { pollMs, latencies, spread: found, goalMs, met: found.n > 0 && found.max <= goalMs };
}

/** What one poll read, by kind of call. */
export interface CallsByKind {
  /** `GET /v1/tours/:uuid/data`: whole-tour reads, the one of the days included. */
  wholeTour: number;
  /** The schedule and guest list reads that page a day the whole-tour read cut short. */
  pages: number;
  /** Anything else (rooms per stay, token refreshes). */
  other: number;
}

/** Sorts a sandbox's request counts into `CallsByKind` (versioned API calls only). */
export function callsByKind(counts: EndpointCounts): CallsByKind {
  const out: CallsByKind = { wholeTour: 0, pages: 0, other: 0 };
  for (const [endpoint, stats] of Object.entries(counts)) {
    const [method, route = ''] = endpoint.split(' ');
    if (!route.startsWith('/v1/')) continue;
    if (method === 'GET' && route === '/v1/tours/:uuid/data') out.wholeTour += stats.calls;
    else if (method === 'GET' && /^\/v1\/tours\/:uuid\/days\/:id\/(schedule|guestlist)$/.test(route))
      out.pages += stats.calls;
    else out.other += stats.calls;
  }
  return out;
}

export interface CallsFigures {
  triggers: number;
  days: number;
  polls: number;
  /** Calls per poll, by kind and in all. */
  perPoll: CallsByKind & { total: number };
  /** The goal: one whole-tour read per 10 days, plus the pages of truncated days read. */
  bound: number;
  met: boolean;
}

export function callsFigures(triggers: number, days: number, polls: number, calls: CallsByKind): CallsFigures {
  const per = (n: number) => n / polls;
  const perPoll = {
    wholeTour: per(calls.wholeTour),
    pages: per(calls.pages),
    other: per(calls.other),
    total: per(calls.wholeTour + calls.pages + calls.other),
  };
  const bound = Math.ceil(days / DAYS_PER_READ) + perPoll.pages;
  return { triggers, days, polls, perPoll, bound, met: perPoll.total <= bound + 1e-9 };
}

export interface BurstFigures {
  bursts: number;
  editsPerBurst: number;
  quietMs: number;
  /** Milliseconds from each burst's first edit to its last answer. */
  burstMs: number[];
  /** Runs started for each burst's record. */
  runs: number[];
  /** Whether each burst's run saw the record as the last edit left it. */
  sawLast: boolean[];
  /** Milliseconds from each burst's last edit to its run's start. */
  startAfterLastMs: number[];
  met: boolean;
}

export function burstFigures(fields: Omit<BurstFigures, 'met'>): BurstFigures {
  const met =
    fields.runs.length === fields.bursts &&
    fields.runs.every((n) => n === 1) &&
    fields.sawLast.every(Boolean) &&
    fields.burstMs.every((ms) => ms < fields.quietMs);
  return { ...fields, met };
}

export interface HistoryFigures {
  polls: number;
  /** Polls a day at one a minute: the polls stand for `polls / 1440` days. */
  simulatedDays: number;
  pollMs: number;
  changes: number;
  started: number;
  /** Runs started beyond one per changed record: a change that started twice. */
  duplicates: number;
  /** Events of each run of the watcher (continue-as-new ends one and starts the next). */
  runs: number[];
  largest: number;
  eventsPerPoll: number;
  /** A full run's history at this rate of events: `POLLS_PER_RUN` polls, plus one poll's events more. */
  projectedFullRun: number;
  seconds: number;
  met: boolean;
}

type HistoryMeasured = Omit<HistoryFigures, 'largest' | 'simulatedDays' | 'projectedFullRun' | 'met'>;

export function historyFigures(fields: HistoryMeasured): HistoryFigures {
  const largest = Math.max(0, ...fields.runs);
  const projectedFullRun = Math.ceil(fields.eventsPerPoll * (POLLS_PER_RUN + 1));
  return {
    ...fields,
    largest,
    projectedFullRun,
    simulatedDays: fields.polls / POLLS_PER_DAY,
    met: fields.runs.length > 0 && Math.max(largest, projectedFullRun) <= HISTORY_GOAL && fields.duplicates === 0,
  };
}

/** Triggers of every record kind the whole-tour read carries, and two time triggers. */
const TRIGGER_KINDS = [
  'on: { record: bulletins, events: [created, changed, deleted] }',
  'on: { record: days, events: [created, changed, deleted] }',
  'on: { record: scheduleItems, events: [changed], fields: [startTime] }',
  'on: { record: guests, events: [statusChanged] }',
  'on: { record: venues, events: [created, changed] }',
  'on: { record: stays, events: [changed] }',
  'on: { before: { days: 2, at: "09:00" }, dayType: Show }',
  'on: { before: 48h }',
];

/** A playbook of `count` triggers on the tour, cycling through `TRIGGER_KINDS`. */
export function triggersPlaybook(count: number): string {
  const triggers = Array.from(
    { length: count },
    (_, n) => `  - id: t${n + 1}\n    tour: \${{ inputs.tourId }}\n    ${TRIGGER_KINDS[n % TRIGGER_KINDS.length]}\n`,
  );
  return `apiVersion: tourflow/v1
name: bench-triggers
inputs:
  tourId: { type: string }
triggers:
${triggers.join('')}steps:
  - id: read
    action: bulletin.list
    with: { tourId: "\${{ inputs.tourId }}" }
`;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

export function latencyReport(f: LatencyFigures): string {
  return [
    `${f.latencies.length} writes at random moments, polling every ${s(f.pollMs)}: from the write to its run's start`,
    `median ${s(f.spread.median)}, max ${s(f.spread.max)} (min ${s(f.spread.min)}; each: ${f.latencies.map(s).join(', ')})`,
    `goal: at most the interval plus 15 s = ${s(f.goalMs)}: ${verdict(f.met)}`,
  ].join('\n');
}

export function callsReport(all: CallsFigures[]): string {
  return all
    .map(
      (f) =>
        `${f.triggers} trigger(s) on a tour of ${f.days} days, ${f.polls} polls: ${f.perPoll.total.toFixed(2)} API calls per poll ` +
        `(${f.perPoll.wholeTour.toFixed(2)} whole-tour reads, ${f.perPoll.pages.toFixed(2)} pages of truncated days, ${f.perPoll.other.toFixed(2)} other); ` +
        `goal ≤ ${f.bound.toFixed(2)} (${Math.ceil(f.days / DAYS_PER_READ)} reads of 10 days + the pages): ${verdict(f.met)}`,
    )
    .join('\n');
}

export function burstReport(f: BurstFigures): string {
  return [
    `${f.bursts} burst(s) of ${f.editsPerBurst} edits (${f.burstMs.map(s).join(', ')} each) inside a quiet period of ${s(f.quietMs)}:`,
    `runs started per burst ${f.runs.join(', ')}; saw the last state: ${f.sawLast.map((b) => (b ? 'yes' : 'NO')).join(', ')}; ` +
      `started ${f.startAfterLastMs.map(s).join(', ')} after the last edit`,
    `goal: exactly 1 run per burst, seeing the last state: ${verdict(f.met)}`,
  ].join('\n');
}

export function historyReport(f: HistoryFigures): string {
  return [
    `${f.polls} polls (${f.simulatedDays.toFixed(1)} days at one a minute), polling every ${f.pollMs} ms for ${s(f.seconds * 1000)}; ` +
      `${f.changes} changes, ${f.started} runs started (${f.duplicates} beyond one per change)`,
    `${f.runs.length} watcher run(s) (continue-as-new every ${POLLS_PER_RUN} polls), events: ${f.runs.join(', ')}; ${f.eventsPerPoll.toFixed(2)} events per poll`,
    `largest history ${f.largest} events measured, ${f.projectedFullRun} for a full run of ${POLLS_PER_RUN} polls at this rate; ` +
      `goal ≤ ${HISTORY_GOAL}: ${verdict(f.met)}`,
  ].join('\n');
}
